import { describe, expect, it } from 'vitest'
import { MESSAGES } from '../../src-main/core/provider/types'
import { validateFaceUpload, type UploadedImage } from '../../src-main/sandbox/face-upload'
import { sniffImageKind } from '../../src-main/sandbox/image-type'

const MAX = 100 // a small limit keeps the test buffers small; the rule is the same
const img = (kind: 'jpeg' | 'png' | 'gif', size = 10): UploadedImage => {
  const magic = { jpeg: [0xff, 0xd8, 0xff], png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], gif: [0x47, 0x49, 0x46] }[kind]
  return { bytes: Buffer.from(magic), size }
}

describe('image type by content', () => {
  it('recognises JPEG and PNG by magic bytes and nothing else', () => {
    expect(sniffImageKind(img('jpeg').bytes)).toBe('jpeg')
    expect(sniffImageKind(img('png').bytes)).toBe('png')
    expect(sniffImageKind(img('gif').bytes)).toBeNull()
    expect(sniffImageKind(Buffer.from('%PDF-1.4'))).toBeNull()
    expect(sniffImageKind(Buffer.alloc(0))).toBeNull()
  })
})

describe('face upload validation order (spec 7)', () => {
  it.each([
    ['both missing', {}, MESSAGES.image1Required],
    ['image1 missing', { image2: img('gif') }, MESSAGES.image1Required],
    ['image2 missing, image1 bad', { image1: img('gif', 1000) }, MESSAGES.image2Required],
    ['image1 wrong type and too big', { image1: img('gif', 1000), image2: img('gif', 1000) }, MESSAGES.image1Type],
    ['image1 too big, image2 wrong type', { image1: img('jpeg', 101), image2: img('gif') }, MESSAGES.image1Size],
    ['image2 wrong type and too big', { image1: img('png'), image2: img('gif', 1000) }, MESSAGES.image2Type],
    ['image2 too big', { image1: img('png'), image2: img('jpeg', 101) }, MESSAGES.image2Size],
  ])('%s -> %s', (_label, upload, message) => {
    expect(validateFaceUpload(upload, MAX)).toEqual({ status: 400, message })
  })

  it('accepts JPEG and PNG up to and including the limit', () => {
    expect(validateFaceUpload({ image1: img('jpeg', 100), image2: img('png', 100) }, MAX)).toBeNull()
  })
})
