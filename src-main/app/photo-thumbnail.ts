/**
 * A small JPEG of one of a face row's photos for the row detail panel, as a data: URL. Only the
 * photo pre-flight checked, for a row that passed it, under the same pixel limit
 * (core/images/checked-photo.ts): the preview never reads a path the workbook names but pre-flight
 * refused, so it cannot be used to look at other files.
 */
import { stat } from 'node:fs/promises'
import { checkedPhotoPath, photoThumbnail, type PhotoSide } from '../core/images/checked-photo'

export const THUMBNAIL_EDGE = 360
/** the Review screen shows both photos large and zoomable */
export const LARGE_PHOTO_EDGE = 1200
/** pictures bigger than this are not opened for a preview (the service refuses > 5 MB anyway) */
const MAX_SOURCE_BYTES = 64 * 1024 * 1024

export async function thumbnailDataUrl(
  row: { payload: unknown; localFailure: boolean },
  which: PhotoSide,
  opts: { edge?: number } = {},
): Promise<{ dataUrl: string | null; problem: string | null }> {
  const file = checkedPhotoPath(row, which)
  if (!file) {
    return { dataUrl: null, problem: row.localFailure ? 'This row did not pass pre-flight, so its photos are not shown.' : 'This row has no picture for that side.' }
  }
  try {
    const info = await stat(file)
    if (!info.isFile()) return { dataUrl: null, problem: 'The picture cannot be read.' }
    if (info.size > MAX_SOURCE_BYTES) return { dataUrl: null, problem: 'The picture is too large to preview.' }
  } catch {
    return { dataUrl: null, problem: 'The picture is no longer where pre-flight found it.' }
  }
  const jpeg = await photoThumbnail(file, opts.edge ?? THUMBNAIL_EDGE, 80)
  if (!jpeg) return { dataUrl: null, problem: 'The file is not a picture rekap can show.' }
  return { dataUrl: `data:image/jpeg;base64,${jpeg.data.toString('base64')}`, problem: null }
}
