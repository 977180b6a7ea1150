import { photoThumbnail } from '../../images/checked-photo'

/** Thumbnails need the in-memory workbook (exceljs cannot stream pictures), so their reports are capped. */
export const MAX_THUMBNAIL_ROWS = 2000
/** Bounded size: a 64 px JPEG is 2-4 KB, so 2,000 rows x 2 photos stay under ~16 MB. */
export const THUMBNAIL_PX = 64

/** A small JPEG of a photo pre-flight checked (see core/images/checked-photo.ts), or null. */
export function thumbnail(file: string): Promise<{ data: Buffer; width: number; height: number } | null> {
  return photoThumbnail(file, THUMBNAIL_PX, 70)
}
