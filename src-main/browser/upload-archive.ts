import { createWriteStream } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { AppError } from '../app/app-error'
import { ZipDirectory, ZipFormatError } from '../core/importers/zip-directory'
import { zipContentsProblem } from '../core/importers/workbook-guard'
import { isJunkPath, safeRelativePath } from './upload-paths'

/** More entries than any workbook-plus-photos folder needs; a guard against directory floods. */
export const MAX_ARCHIVE_ENTRIES = 20_000

/**
 * Unpacks an uploaded .zip (a workbook and its photos) into `dest`, keeping relative paths.
 * The same guards as a workbook's zip (encrypted parts, bomb-like ratios; each part held to its
 * declared size while inflating), no entry may land outside `dest`, and all entries together may
 * declare (so write) no more than `maxUnpackedBytes`: the upload limit, what the same folder sent
 * unzipped could have been (the bomb ratio alone let a few MB write 4 GB). Returns the relative paths written.
 */
export async function extractUploadedZip(zipFile: string, dest: string, maxUnpackedBytes: number): Promise<string[]> {
  const name = path.basename(zipFile)
  let zip: ZipDirectory
  try {
    zip = await ZipDirectory.open(zipFile)
  } catch (err) {
    const why = err instanceof ZipFormatError ? err.message : (err as Error).message
    throw new AppError('invalid-input', `upload ${name}: not a readable .zip (${why})`, 'file')
  }
  const entries = [...zip.entries.values()]
  if (entries.length > MAX_ARCHIVE_ENTRIES) {
    throw new AppError('invalid-input', `upload ${name}: ${entries.length} entries, more than the ${MAX_ARCHIVE_ENTRIES} a workbook and its photos need`, 'file')
  }
  const problem = zipContentsProblem(zip.list)
  if (problem) throw new AppError('invalid-input', `upload ${name}: ${problem.message}`, 'file')
  const declared = zip.list.reduce((sum, e) => sum + e.uncompressedSize, 0)
  if (declared > maxUnpackedBytes) {
    throw new AppError('invalid-input', `upload ${name}: unpacks to ${mb(declared)} MB, more than the ${mb(maxUnpackedBytes)} MB an upload may hold; send a smaller folder`, 'file')
  }
  const written: string[] = []
  for (const entry of entries) {
    if (entry.name.endsWith('/') || isJunkPath(entry.name)) continue
    const target = safeRelativePath(dest, entry.name)
    if (!target) throw new AppError('invalid-input', `upload ${name}: the entry "${entry.name}" points outside the folder; refused`, 'file')
    if (entry.method !== 0 && entry.method !== 8) {
      throw new AppError('invalid-input', `upload ${name}: the entry "${entry.name}" uses a compression method rekap cannot read; zip it again`, 'file')
    }
    await mkdir(path.dirname(target), { recursive: true })
    await pipeline(await zip.stream(entry.name), createWriteStream(target, { flags: 'wx' }))
    written.push(path.relative(dest, target).split(path.sep).join('/'))
  }
  return written
}

const mb = (bytes: number): number => Math.ceil(bytes / 1024 / 1024)
