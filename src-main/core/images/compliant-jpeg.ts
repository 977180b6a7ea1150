import type Sharp from 'sharp'
import { sharp } from './sharp-lazy'
import { loadImage, type ImageInput } from './image-source'
import { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS } from './limits'

export interface CompliantJpegOptions {
  /** longest side of the copy in pixels (default 2048: plenty for a face, small on the wire) */
  maxSide?: number
  /** byte limit of the copy (default: the service's 5 MB) */
  maxBytes?: number
  /** refuse inputs with more pixels than this (default IMAGE_MAX_PIXELS) */
  maxPixels?: number
}

/** Why no compliant copy could be made; `code` matches the pre-flight problem codes. */
export class ImageConversionError extends Error {
  constructor(
    readonly code: 'not-found' | 'not-a-file' | 'unreadable' | 'too-many-pixels' | 'undecodable' | 'cannot-fit',
    message: string,
  ) {
    super(message)
    this.name = 'ImageConversionError'
  }
}

const QUALITY_STEPS = [90, 82, 74, 66]
const SIDE_STEP = 0.75
const MIN_SIDE = 256

/**
 * A JPEG copy the service accepts: upright (EXIF rotation applied, then the tag dropped along with
 * the rest of the metadata such as GPS position), transparency on white, sRGB, longest side
 * <= maxSide, at most maxBytes. Quality is lowered first, then the size, until it fits.
 * The original is only read.
 */
export async function makeCompliantJpeg(input: ImageInput, opts: CompliantJpegOptions = {}): Promise<Buffer> {
  const maxBytes = opts.maxBytes ?? IMAGE_MAX_BYTES
  const maxPixels = opts.maxPixels ?? IMAGE_MAX_PIXELS
  let side = opts.maxSide ?? 2048
  const loaded = await loadImage(input)
  if (!loaded.ok) throw new ImageConversionError(loaded.code, loaded.message)
  if (!loaded.data) {
    throw new ImageConversionError('too-many-pixels', `${loaded.label}: the file is too big to convert safely`)
  }
  const data = loaded.data
  let meta: Sharp.Metadata
  try {
    meta = await sharp(data, { limitInputPixels: false }).metadata()
  } catch {
    throw new ImageConversionError('undecodable', `${loaded.label}: not a picture that can be converted (HEIC, PDF and BMP need converting by hand)`)
  }
  const pixels = (meta.width ?? 0) * (meta.height ?? 0)
  if (pixels > maxPixels) {
    throw new ImageConversionError(
      'too-many-pixels',
      `${loaded.label}: the picture is ${meta.width}x${meta.height} (${(pixels / 1e6).toFixed(0)} megapixels), too large to convert safely`,
    )
  }
  while (side >= MIN_SIDE) {
    for (const quality of QUALITY_STEPS) {
      const jpeg = await encode(data, side, quality, maxPixels, loaded.label)
      if (jpeg.length <= maxBytes) return jpeg
    }
    side = Math.floor(side * SIDE_STEP)
  }
  throw new ImageConversionError('cannot-fit', `${loaded.label}: no JPEG copy fits in ${maxBytes} bytes`)
}

async function encode(data: Buffer, side: number, quality: number, maxPixels: number, label: string): Promise<Buffer> {
  try {
    return await sharp(data, { failOn: 'truncated', limitInputPixels: maxPixels })
      .rotate()
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality })
      .toBuffer()
  } catch (err) {
    throw new ImageConversionError(
      'undecodable',
      `${label}: the picture is damaged or cut off and cannot be converted (${(err as Error).message})`,
    )
  }
}
