/**
 * A small JPEG of one of a face row's photos for the row detail panel. The picture is read
 * from where the engine resolved it (a file path, or bytes for a picture embedded in the
 * workbook), shrunk to fit 360 px with EXIF rotation applied, and sent as a data: URL.
 */
import { readFile, stat } from 'node:fs/promises'
import sharp from 'sharp'

export const THUMBNAIL_EDGE = 360
/** pictures bigger than this are not opened for a preview (the service refuses > 5 MB anyway) */
const MAX_SOURCE_BYTES = 64 * 1024 * 1024

export type PhotoSource = { path: string } | { data: Buffer } | null

/** Finds the picture for `which` in a row's engine payload or, failing that, in its input cells. */
export function photoSourceOf(row: { payload: unknown; input: Record<string, unknown> }, which: 'image1' | 'image2'): PhotoSource {
  for (const holder of [row.payload, row.input]) {
    if (!holder || typeof holder !== 'object') continue
    const v = (holder as Record<string, unknown>)[which]
    if (typeof v === 'string' && v.trim() !== '') return { path: v }
    if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>
      if (typeof o.path === 'string') return { path: o.path }
      if (Buffer.isBuffer(o.data)) return { data: o.data }
      if (typeof o.data === 'string') return { data: Buffer.from(o.data, 'base64') }
    }
  }
  return null
}

export async function thumbnailDataUrl(source: PhotoSource): Promise<{ dataUrl: string | null; problem: string | null }> {
  if (!source) return { dataUrl: null, problem: 'This row has no picture for that side.' }
  let input: Buffer
  try {
    if ('path' in source) {
      const info = await stat(source.path)
      if (!info.isFile()) return { dataUrl: null, problem: `${source.path} is not a file` }
      if (info.size > MAX_SOURCE_BYTES) return { dataUrl: null, problem: 'The picture is too large to preview.' }
      input = await readFile(source.path)
    } else {
      input = source.data
    }
  } catch {
    return { dataUrl: null, problem: 'path' in source ? `Picture not found: ${source.path}` : 'The picture cannot be read.' }
  }
  try {
    const jpeg = await sharp(input, { failOn: 'none', limitInputPixels: 100_000_000 })
      .rotate()
      .resize(THUMBNAIL_EDGE, THUMBNAIL_EDGE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80 })
      .toBuffer()
    return { dataUrl: `data:image/jpeg;base64,${jpeg.toString('base64')}`, problem: null }
  } catch {
    return { dataUrl: null, problem: 'The file is not a picture rekap can show.' }
  }
}
