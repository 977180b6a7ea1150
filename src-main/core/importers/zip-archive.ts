import { createWriteStream } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { ZipDirectory, ZipFormatError, type ZipEntry } from './zip-directory'
import { zipContentsProblem } from './workbook-guard'
import { clashingEntries, isJunkPath, safeRelativePath } from '../paths/archive-paths'
import { coreText, TextError, type CoreText } from '../texts/core-text'

/** More entries than any workbook-plus-photos folder needs; a guard against directory floods. */
export const MAX_ARCHIVE_ENTRIES = 20_000

/** A .zip refused before or while unpacking; `.text` says why in either language. */
export class ZipArchiveError extends TextError {
  constructor(text: CoreText) {
    super(text)
  }
}

const mb = (bytes: number): number => Math.ceil(bytes / 1024 / 1024)

/**
 * Unpacks a .zip of a workbook and its photos into `dest`, keeping relative paths: the browser's
 * upload and the watched folder both take one. The same guards as a workbook's zip (encrypted
 * parts, bomb-like ratios; each part held to its declared size while inflating), no entry may land
 * outside `dest`, and all entries together may declare (so write) no more than `maxUnpackedBytes`
 * (the bomb ratio alone let a few MB write 4 GB). Returns the relative paths written.
 */
export async function extractZipArchive(zipFile: string, dest: string, maxUnpackedBytes: number): Promise<string[]> {
  let zip: ZipDirectory
  try {
    zip = await ZipDirectory.open(zipFile)
  } catch (err) {
    const reason = err instanceof ZipFormatError && err.text ? err.text : (err as Error).message
    throw new ZipArchiveError(coreText('zip.unreadable', { reason }))
  }
  // every entry of the directory, duplicates included: a Map by name kept only the last copy
  const entries = zip.list
  if (entries.length > MAX_ARCHIVE_ENTRIES) throw new ZipArchiveError(coreText('zip.tooManyEntries', { entries: entries.length, max: MAX_ARCHIVE_ENTRIES }))
  const problem = zipContentsProblem(entries)
  if (problem) throw new ZipArchiveError(problem.text)
  const declared = entries.reduce((sum, e) => sum + e.uncompressedSize, 0)
  if (declared > maxUnpackedBytes) throw new ZipArchiveError(coreText('zip.tooBig', { mb: mb(declared), maxMb: mb(maxUnpackedBytes) }))
  const files = entries.filter((e) => !e.name.endsWith('/') && !isJunkPath(e.name))
  // every entry is judged before the first is written: a refused .zip writes nothing
  const targets = files.map((entry) => {
    const target = safeRelativePath(dest, entry.name)
    if (!target) throw new ZipArchiveError(coreText('zip.outside', { entry: shownEntry(entry.name) }))
    if (entry.method !== 0 && entry.method !== 8) throw new ZipArchiveError(coreText('zip.method', { entry: shownEntry(entry.name) }))
    return target
  })
  const clash = clashingEntries(files.map((e) => e.name))
  if (clash) throw new ZipArchiveError(coreText('zip.clash', { entry: shownEntry(clash.entry), other: shownEntry(clash.other) }))
  const written: string[] = []
  for (const [i, entry] of files.entries()) {
    await writeEntry(zip, entry, targets[i])
    written.push(path.relative(dest, targets[i]).split(path.sep).join('/'))
  }
  return written
}

/**
 * One entry to its place. What the file system refuses (a name too long for it, a full disk) is a
 * refusal of the archive naming the entry, not Node's raw "ENAMETOOLONG: ..., open '/…/proses/…'".
 */
async function writeEntry(zip: ZipDirectory, entry: ZipEntry, target: string): Promise<void> {
  try {
    await mkdir(path.dirname(target), { recursive: true })
    await pipeline(await zip.streamEntry(entry), createWriteStream(target, { flags: 'wx' }))
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    if (typeof code !== 'string' || !/^E[A-Z]+$/.test(code)) throw err
    throw new ZipArchiveError(coreText('zip.cannotWrite', { entry: shownEntry(entry.name), code }))
  }
}

/** An entry's name as a message shows it: a name may be 65,535 bytes long. */
export function shownEntry(name: string): string {
  return name.length > 120 ? `${name.slice(0, 120)}…` : name
}
