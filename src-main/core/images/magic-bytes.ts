/**
 * What a file really is, from its first bytes, whatever its name says. Phones save HEIC, chat apps
 * save WebP, scanners save PDF or TIFF, and all of them end up renamed to .jpg in a KYC folder.
 */
export type ImageKind = 'jpeg' | 'png' | 'heic' | 'avif' | 'webp' | 'gif' | 'pdf' | 'bmp' | 'tiff' | 'empty' | 'unknown'

/** The kinds the face-match service accepts. */
export const ACCEPTED_KINDS: readonly ImageKind[] = ['jpeg', 'png']

/** Enough bytes to tell every kind below apart. */
export const MAGIC_HEAD_BYTES = 32

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'])
const AVIF_BRANDS = new Set(['avif', 'avis'])

function ascii(bytes: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(start, start + length))
}

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b)
}

export function detectImageKind(head: Uint8Array): ImageKind {
  if (head.length === 0) return 'empty'
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg'
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return 'gif'
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WEBP') return 'webp'
  if (ascii(head, 0, 5) === '%PDF-') return 'pdf'
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff'
  if (ascii(head, 4, 4) === 'ftyp') {
    // ISO-BMFF: the major brand, then compatible brands, say which HEIF flavour this is.
    const boxSize = (head[0] << 24) | (head[1] << 16) | (head[2] << 8) | head[3]
    const brands: string[] = [ascii(head, 8, 4)]
    for (let at = 16; at + 4 <= Math.min(boxSize, head.length); at += 4) brands.push(ascii(head, at, 4))
    if (brands.some((b) => AVIF_BRANDS.has(b))) return 'avif'
    if (brands.some((b) => HEIF_BRANDS.has(b))) return 'heic'
  }
  // BMP last: "BM" alone is a weak signature, so also require the reserved header words to be zero.
  if (ascii(head, 0, 2) === 'BM' && head.length >= 10 && head[6] === 0 && head[7] === 0 && head[8] === 0 && head[9] === 0) {
    return 'bmp'
  }
  return 'unknown'
}

/** How an operator knows each kind, for messages. */
export const KIND_NAMES: Record<ImageKind, string> = {
  jpeg: 'JPEG',
  png: 'PNG',
  heic: 'HEIC (iPhone photo format)',
  avif: 'AVIF',
  webp: 'WebP (common for pictures saved from chat apps and web pages)',
  gif: 'GIF',
  pdf: 'PDF (a document, not a photo)',
  bmp: 'BMP',
  tiff: 'TIFF (common for scanners)',
  empty: 'an empty file',
  unknown: 'not a recognised image format',
}
