import { existsSync, rmSync } from 'node:fs'
import { basename, join } from 'node:path'
import { extractZipArchive, ZipArchiveError } from '../importers/zip-archive'
import { pickWorkbook } from '../paths/archive-paths'
import { coreText } from '../texts/core-text'
import { UNPACKED_SUFFIX, WORK_DIR } from './watch-folder'

/** What a watched .zip may unpack to at most: the same as the browser's upload limit. */
export const MAX_WATCHED_ARCHIVE_BYTES = 512 * 1024 * 1024

export function isArchive(file: string): boolean {
  return /\.zip$/i.test(file)
}

/**
 * A taken .zip (a workbook and its photos) unpacked into proses/<name>.zip.isi/ with the upload's
 * rules and caps (core/importers/zip-archive.ts: size, entries, no path outside the folder), and the
 * workbook in it (the one closest to the top). A half-unpacked folder from a watcher that died is
 * unpacked again. Refusals are ZipArchiveError (the file goes to gagal/ with the reason).
 */
export async function unpackTaken(dir: string, zipFile: string, maxBytes = MAX_WATCHED_ARCHIVE_BYTES): Promise<string> {
  const dest = join(dir, WORK_DIR, basename(zipFile) + UNPACKED_SUFFIX)
  if (existsSync(dest)) rmSync(dest, { recursive: true, force: true })
  try {
    const { workbook } = pickWorkbook(await extractZipArchive(zipFile, dest, maxBytes))
    if (!workbook) throw new ZipArchiveError(coreText('zip.noWorkbook', {}))
    return join(dest, workbook)
  } catch (err) {
    // a refused archive leaves nothing behind (what it wrote before the refusal goes too)
    rmSync(dest, { recursive: true, force: true })
    throw err
  }
}
