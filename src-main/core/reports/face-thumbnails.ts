import sharp from 'sharp'
import { dirname, isAbsolute, resolve } from 'node:path'

/** Thumbnails need the in-memory workbook (exceljs cannot stream pictures), so their reports are capped. */
export const MAX_THUMBNAIL_ROWS = 2000
/** Bounded size: a 64 px JPEG is 2-4 KB, so 2,000 rows x 2 photos stay under ~16 MB. */
export const THUMBNAIL_PX = 64

/** A photo path as the user's sheet has it: relative to the workbook's folder, or absolute. */
export function photoPath(inputFile: string | null, ref: unknown): string | null {
  if (typeof ref !== 'string' || !ref.trim()) return null
  const p = ref.trim()
  if (isAbsolute(p)) return p
  return inputFile ? resolve(dirname(inputFile), p) : null
}

/** A small JPEG of the photo (EXIF rotation applied), or null when it cannot be read. */
export async function thumbnail(file: string): Promise<{ data: Buffer; width: number; height: number } | null> {
  try {
    const { data, info } = await sharp(file, { failOn: 'none' })
      .rotate()
      .resize(THUMBNAIL_PX, THUMBNAIL_PX, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 70 })
      .toBuffer({ resolveWithObject: true })
    return { data, width: info.width, height: info.height }
  } catch {
    return null
  }
}
