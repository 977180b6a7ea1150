import path from 'node:path'
import { AppError, wordsOf } from '../app/app-error'
import { coreText } from '../core/texts/core-text'
import { extractZipArchive, ZipArchiveError } from '../core/importers/zip-archive'

export { MAX_ARCHIVE_ENTRIES } from '../core/importers/zip-archive'

/**
 * Unpacks an uploaded .zip (a workbook and its photos) into `dest` with core's archive rules and
 * caps (core/importers/zip-archive.ts, shared with the watched folder); a refusal names the upload.
 * `maxUnpackedBytes` is the upload limit: what the same folder sent unzipped could have been.
 */
export async function extractUploadedZip(zipFile: string, dest: string, maxUnpackedBytes: number): Promise<string[]> {
  try {
    return await extractZipArchive(zipFile, dest, maxUnpackedBytes)
  } catch (err) {
    if (err instanceof ZipArchiveError) throw new AppError('invalid-input', coreText('app.field', { field: `upload ${path.basename(zipFile)}`, why: wordsOf(err) }), 'file')
    throw err
  }
}
