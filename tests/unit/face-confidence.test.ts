import { describe, expect, it } from 'vitest'
import { compareImageFaces, type ImageFaces } from '../../src-main/sandbox/face/compare-faces'
import { confidenceFromDistance, isMatch, MATCH_DISTANCE_THRESHOLD } from '../../src-main/sandbox/face/confidence'
import { euclideanDistance, pickPrimaryFace, type FoundFace } from '../../src-main/sandbox/face/face-selection'

describe('confidenceFromDistance', () => {
  it('is exactly 0.5 at the 0.6 threshold', () => {
    expect(MATCH_DISTANCE_THRESHOLD).toBe(0.6)
    expect(confidenceFromDistance(0.6)).toBe(0.5)
  })

  it('falls strictly as the distance grows and stays inside 0..1', () => {
    let previous = Infinity
    for (let d = 0; d <= 2; d += 0.01) {
      const c = confidenceFromDistance(d)
      expect(c).toBeGreaterThan(0)
      expect(c).toBeLessThan(1)
      expect(c).toBeLessThan(previous)
      previous = c
    }
  })

  it('reads a typical same-person distance as high and a different-person one as low', () => {
    expect(confidenceFromDistance(0.4)).toBeGreaterThan(0.9)
    expect(confidenceFromDistance(0.9)).toBeLessThan(0.05)
  })

  it('agrees with the decision: above 0.5 exactly when it is a match', () => {
    for (const d of [0.2, 0.55, 0.5999, 0.6, 0.6001, 0.8]) {
      expect(confidenceFromDistance(d) > 0.5).toBe(isMatch(d))
    }
  })

  it('rejects distances that cannot come from the net', () => {
    expect(() => confidenceFromDistance(Number.NaN)).toThrow(RangeError)
    expect(() => confidenceFromDistance(-0.1)).toThrow(RangeError)
  })
})

function face(score: number, width: number, height: number, descriptor: number[] = [0, 0]): FoundFace {
  return { score, box: { x: 0, y: 0, width, height }, descriptor: Float32Array.from(descriptor) }
}

describe('pickPrimaryFace', () => {
  it('takes the largest face', () => {
    const big = face(0.9, 200, 200)
    expect(pickPrimaryFace([face(0.95, 50, 50), big, face(0.9, 100, 100)])).toBe(big)
  })

  it('prefers a clear face over a slightly larger doubtful one', () => {
    const clear = face(0.99, 100, 100)
    expect(pickPrimaryFace([face(0.5, 110, 110), clear])).toBe(clear)
  })

  it('has nothing to pick from an empty list', () => {
    expect(pickPrimaryFace([])).toBeUndefined()
  })
})

describe('compareImageFaces', () => {
  const image = (...faces: FoundFace[]): ImageFaces => ({ ok: true, faces, width: 640, height: 480 })

  it('matches descriptors closer than 0.6 and reports the distance in debug only', () => {
    const result = compareImageFaces(image(face(0.9, 100, 100, [0, 0])), image(face(0.9, 100, 100, [0.3, 0.4])))
    expect(result).toMatchObject({ ok: true, match: true, debug: { faces: [1, 1], choseAmongSeveral: false } })
    if (!result.ok) throw new Error('expected a verification')
    expect(result.debug.distance).toBeCloseTo(0.5, 6)
    expect(result.confidence).toBeCloseTo(confidenceFromDistance(0.5), 6)
  })

  it('does not match descriptors 0.6 or more apart', () => {
    const result = compareImageFaces(image(face(0.9, 100, 100, [0, 0])), image(face(0.9, 100, 100, [0.6, 0])))
    expect(result).toMatchObject({ ok: true, match: false })
  })

  it('compares the primary face when an image has several, and says so', () => {
    const bystander = face(0.99, 40, 40, [5, 5])
    const subject = face(0.9, 150, 150, [0.1, 0])
    const result = compareImageFaces(image(bystander, subject), image(face(0.9, 100, 100, [0, 0])))
    expect(result).toMatchObject({ ok: true, match: true, debug: { faces: [2, 1], choseAmongSeveral: true } })
    if (!result.ok) throw new Error('expected a verification')
    expect(result.debug.chosen?.[0].box.width).toBe(150)
  })

  it('reports no-face when either image has none', () => {
    expect(compareImageFaces(image(), image(face(0.9, 100, 100)))).toEqual({ ok: false, reason: 'no-face', debug: { faces: [0, 1] } })
    expect(compareImageFaces(image(face(0.9, 100, 100)), image())).toMatchObject({ ok: false, reason: 'no-face' })
  })

  it('reports an undecodable image before looking for faces', () => {
    const broken: ImageFaces = { ok: false, reason: 'undecodable', message: 'premature end' }
    expect(compareImageFaces(broken, image())).toEqual({ ok: false, reason: 'undecodable' })
  })
})

describe('euclideanDistance', () => {
  it('is the straight-line distance', () => {
    expect(euclideanDistance([0, 0, 0], [1, 2, 2])).toBe(3)
  })
  it('refuses descriptors of different lengths', () => {
    expect(() => euclideanDistance([0], [0, 1])).toThrow(RangeError)
  })
})
