/**
 * The one rule for showing a face row's photo (report thumbnails, the app's preview): only the
 * path pre-flight checked and stored in the row's payload, only for a row that passed pre-flight,
 * decoded under the same pixel limit. The raw cell text is never read again: it could name a file
 * pre-flight refused (`../` escapes, links out of the folder, a 256-megapixel PNG).
 */
import { sharp } from './sharp-lazy'
import { IMAGE_MAX_PIXELS } from './limits'

export type PhotoSide = 'image1' | 'image2'

export function checkedPhotoPath(row: { payload: unknown; localFailure: boolean }, which: PhotoSide): string | null {
  if (row.localFailure || !row.payload || typeof row.payload !== 'object') return null
  const ref = (row.payload as Record<string, unknown>)[which]
  if (!ref || typeof ref !== 'object') return null
  const p = (ref as Record<string, unknown>).path
  return typeof p === 'string' && p !== '' ? p : null
}

/** A small JPEG (EXIF rotation applied) fitting `edge` px, or null when it cannot be made within the limits. */
export async function photoThumbnail(file: string, edge: number, quality: number): Promise<{ data: Buffer; width: number; height: number } | null> {
  try {
    const { data, info } = await sharp(file, { failOn: 'none', limitInputPixels: IMAGE_MAX_PIXELS })
      .rotate()
      .resize(edge, edge, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality })
      .toBuffer({ resolveWithObject: true })
    return { data, width: info.width, height: info.height }
  } catch {
    return null
  }
}
