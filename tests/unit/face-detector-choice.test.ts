import { describe, expect, it } from 'vitest'
import {
  DEFAULT_FACE_DETECTOR,
  detectorSettings,
  isFaceDetector,
  TINY_INPUT_SIZE,
  tinyAnswerStands,
} from '../../src-main/sandbox/face/detector-choice'

const box = (x: number, y: number, width: number, height: number) => ({ x, y, width, height })

describe('tinyAnswerStands: when TinyFaceDetector decides alone', () => {
  it('keeps one face wholly inside the picture', () => {
    expect(tinyAnswerStands([box(10, 20, 100, 120)], 640, 480)).toBe(true)
    expect(tinyAnswerStands([box(0, 0, 640, 480)], 640, 480)).toBe(true) // touching every edge is still inside
  })

  it('hands "no face" to SSD, so no-face answers stay SSD\'s', () => {
    expect(tinyAnswerStands([], 640, 480)).toBe(false)
  })

  it('hands several faces to SSD: which face is the subject depends on the box sizes', () => {
    expect(tinyAnswerStands([box(10, 10, 100, 100), box(300, 10, 100, 100)], 640, 480)).toBe(false)
  })

  it('hands a face cut by any border to SSD (half faces are where the tiny box is off)', () => {
    expect(tinyAnswerStands([box(-31, 131, 255, 264)], 442, 1024)).toBe(false) // obama_partial_face.jpg at 416
    expect(tinyAnswerStands([box(10, -1, 100, 100)], 640, 480)).toBe(false)
    expect(tinyAnswerStands([box(541, 10, 100, 100)], 640, 480)).toBe(false)
    expect(tinyAnswerStands([box(10, 381, 100, 100)], 640, 480)).toBe(false)
  })
})

describe('detector setting', () => {
  it('defaults to the tiny detector and knows only the two detectors', () => {
    expect(DEFAULT_FACE_DETECTOR).toBe('tiny')
    expect(isFaceDetector('tiny')).toBe(true)
    expect(isFaceDetector('ssd')).toBe(true)
    expect(isFaceDetector('mtcnn')).toBe(false)
    expect(isFaceDetector(undefined)).toBe(false)
  })
})

describe('detectorSettings', () => {
  it('fills in the defaults: tiny at 416', () => {
    expect(TINY_INPUT_SIZE).toBe(416)
    expect(detectorSettings({})).toEqual({ detector: 'tiny', tinyInputSize: 416 })
    expect(detectorSettings({ detector: 'ssd' })).toEqual({ detector: 'ssd', tinyInputSize: 416 })
    expect(detectorSettings({ tinyInputSize: 320 })).toEqual({ detector: 'tiny', tinyInputSize: 320 })
  })

  it('names the bad value', () => {
    expect(() => detectorSettings({ detector: 'mtcnn' })).toThrow('detector must be one of tiny, ssd, got mtcnn')
    for (const size of [0, 400, 416.5, -32, '416']) {
      expect(() => detectorSettings({ tinyInputSize: size })).toThrow(`tinyInputSize must be a positive multiple of 32, got ${size}`)
    }
  })
})
