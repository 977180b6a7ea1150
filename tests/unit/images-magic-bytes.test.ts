import { describe, expect, it } from 'vitest'
import { detectImageKind } from '../../src-main/core/images/magic-bytes'

const bytes = (...parts: Array<string | number[]>): Uint8Array =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))))

/** An ISO-BMFF 'ftyp' box with the given major and compatible brands. */
function ftyp(major: string, ...compatible: string[]): Uint8Array {
  const size = 16 + 4 * compatible.length
  return bytes([0, 0, 0, size], 'ftyp', major, [0, 0, 0, 0], ...compatible)
}

describe('detectImageKind', () => {
  it.each([
    ['jpeg', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF')],
    ['png', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], 'IHDR')],
    ['gif', bytes('GIF89a', [1, 0, 1, 0])],
    ['gif', bytes('GIF87a', [1, 0, 1, 0])],
    ['webp', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ')],
    ['pdf', bytes('%PDF-1.7\n')],
    ['tiff', bytes([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0])],
    ['tiff', bytes([0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8])],
    ['heic', ftyp('heic', 'mif1', 'heic')],
    ['heic', ftyp('mif1', 'heic')],
    ['avif', ftyp('avif', 'mif1', 'miaf')],
    ['avif', ftyp('mif1', 'avif')],
    ['bmp', bytes('BM', [0x46, 0, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0])],
    ['empty', bytes()],
    ['unknown', bytes('hello, this is a text file')],
    ['unknown', bytes('BMX this is not a bitmap, reserved bytes set')],
    ['unknown', ftyp('isom', 'mp41')],
  ] as const)('recognises %s', (kind, head) => {
    expect(detectImageKind(head)).toBe(kind)
  })

  it('needs the whole JPEG signature, not just its first byte', () => {
    expect(detectImageKind(bytes([0xff, 0xd8]))).toBe('unknown')
  })
})
