import { sharp } from '../../core/images/sharp-lazy'
import { IMAGE_MAX_PIXELS } from '../../core/images/limits'

/** The engine never looks at more than this many pixels per side; the detectors work at 416 or 512. */
export const FACE_MAX_SIDE = 1024

export interface RgbImage {
  /** tightly packed RGB, row-major, 3 bytes per pixel */
  pixels: Uint8Array
  width: number
  height: number
}

/**
 * Encoded JPEG/PNG bytes -> upright sRGB RGB pixels, longest side <= FACE_MAX_SIDE.
 * EXIF orientation is applied (phone selfies are often stored sideways), transparency is
 * flattened onto white (what a viewer shows), and a truncated file fails instead of being
 * silently padded with grey, which would hide half a face.
 */
export async function decodeForFaces(encoded: Buffer | Uint8Array): Promise<RgbImage> {
  const { data, info } = await sharp(encoded, { failOn: 'truncated', limitInputPixels: IMAGE_MAX_PIXELS })
    .rotate()
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .resize({ width: FACE_MAX_SIDE, height: FACE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true })
  if (info.channels !== 3) throw new Error(`expected 3 colour channels after conversion, got ${info.channels}`)
  return { pixels: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height }
}
