import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { makeCompliantJpeg } from '../../images'
import { describeLocation, type ImportedRow } from '../../importers'
import type { RowCheckContext } from '../kind'
import { UnitInputError } from '../unit'

/** Allowed outside paths listed in a plan, at most (as many as problems shown). */
const MAX_OUTSIDE_SHOWN = 500

/** Everything the engine needs to send one face pair, decided at planning time. */
export interface FaceImageRef {
  path: string
  sha256: string
  /** too large or wrong-but-convertible type: a compliant JPEG copy is sent instead */
  convert: boolean
}
export interface FacePayload {
  image1: FaceImageRef
  image2: FaceImageRef
}

/** A photo of a row: a picture pasted into the cell, or a path/URL in it; pre-flighted locally (free). */
export async function resolveFaceImage(
  row: ImportedRow,
  header: string,
  field: 'image1' | 'image2',
  rowNo: number,
  ctx: RowCheckContext,
): Promise<{ ref: FaceImageRef } | { failure: string; code: string }> {
  let path: string
  const picture = row.pictures[header]
  if (picture) {
    // A picture pasted into the cell: kept beside the store so a resumed job can still send it.
    await mkdir(ctx.picturesDir, { recursive: true })
    path = join(ctx.picturesDir, `${rowNo}-${field}.${picture.extension}`)
    await writeFile(path, picture.data)
  } else {
    const ref = await ctx.preflights.resolve(row.values[header] ?? null)
    if (!ref.ok) return { failure: ref.reason, code: ref.code }
    path = ref.path
    if (ref.outside && ctx.outsidePaths.length < MAX_OUTSIDE_SHOWN) {
      ctx.outsidePaths.push({
        row: row.sourceRow,
        column: header,
        code: 'image-ref-outside-allowed',
        message: `${describeLocation(ctx.file, ctx.sheet, row.sourceRow, header)}: reads ${path}, outside the workbook's folder (allowed)`,
      })
    }
  }
  const pre = await ctx.preflights.check(path)
  // Only an oversize photo is fixed silently (a downscaled JPEG copy is sent; the original is
  // untouched). A wrong file type is reported: the operator should know the file is not a photo.
  const onlyTooLarge = pre.problems.length > 0 && pre.problems.every((p) => p.code === 'too-large') && pre.fixable
  if (!pre.ok && !onlyTooLarge) {
    // Prefixed so a missing photo ('image-not-found') is never mistaken for a record the service did not find.
    return { failure: pre.problems.map((p) => p.message).join('; '), code: `image-${pre.problems[0]?.code ?? 'undecodable'}` }
  }
  return { ref: { path, sha256: pre.sha256!, convert: onlyTooLarge } }
}

/** The bytes to send for a planned photo (a compliant JPEG copy when planning said so). */
export async function readFaceImage(ref: FaceImageRef, field: string): Promise<{ data: Buffer; filename: string }> {
  let data: Buffer
  try {
    data = await readFile(ref.path)
  } catch (err) {
    throw new UnitInputError('file-missing', `${field}: cannot read ${ref.path} any more (${(err as NodeJS.ErrnoException).code ?? 'error'}); nothing was sent`)
  }
  if (ref.convert) return { data: await makeCompliantJpeg({ data }), filename: basename(ref.path).replace(/\.[^.]*$/, '') + '.jpg' }
  return { data, filename: basename(ref.path) }
}
