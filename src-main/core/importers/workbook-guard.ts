import { open, stat } from 'node:fs/promises'

import { importError, ImportError } from './import-error'
import { openFailureReason } from './open-failure'
import { coreText, renderCoreText, type CoreText } from '../texts/core-text'
import { ZipDirectory, ZipFormatError, type ZipEntry } from './zip-directory'

/**
 * Checks a file before any parser touches it, so that a damaged, encrypted or malicious workbook gives
 * one clear sentence instead of a parser's stack trace (or a hang, or an exhausted memory).
 */

const CFB_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])
const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b])

/** Any single part inflating beyond this, at a ratio beyond ZIP_BOMB_RATIO, is refused. */
export const ZIP_BOMB_PART_BYTES = 200 * 1024 * 1024
export const ZIP_BOMB_RATIO = 100
/** All parts together may not declare more than this (a 1,048,576-row sheet stays well below). */
export const ZIP_BOMB_TOTAL_BYTES = 4 * 1024 * 1024 * 1024

export type FileFormat = 'xlsx' | 'csv'

async function readHead(file: string, length: number): Promise<Buffer> {
  const fh = await open(file, 'r')
  try {
    const buf = Buffer.alloc(length)
    const { bytesRead } = await fh.read(buf, 0, length, 0)
    return buf.subarray(0, bytesRead)
  } finally {
    await fh.close()
  }
}

export async function assertReadableFile(file: string): Promise<number> {
  try {
    const s = await stat(file)
    if (s.isDirectory()) throw importError('file-not-found', file, coreText('import.isFolder', {}))
    if (!s.isFile()) throw importError('file-not-found', file, coreText('import.notAFile', {}))
    return s.size
  } catch (err) {
    if (err instanceof ImportError) throw err
    throw importError('file-not-found', file, openFailureReason(err) ?? coreText('import.cannotOpen', { code: 'error' }))
  }
}

/**
 * Encrypted OOXML (a password-protected .xlsx) is an OLE compound file holding "EncryptionInfo" and
 * "EncryptedPackage" streams; a legacy .xls is the same container without them. The directory's
 * first sector holds the first entries, which is where Office puts those two.
 */
async function isEncryptedPackage(file: string, head: Buffer): Promise<boolean> {
  const needle = Buffer.from('EncryptionInfo', 'utf16le')
  if (head.length >= 0x34) {
    const sectorSize = 1 << head.readUInt16LE(0x1e)
    const firstDirSector = head.readUInt32LE(0x30)
    if (sectorSize >= 128 && sectorSize <= 65536 && firstDirSector < 0xfffffffa) {
      const fh = await open(file, 'r')
      try {
        const buf = Buffer.alloc(sectorSize * 4)
        const { bytesRead } = await fh.read(buf, 0, buf.length, (firstDirSector + 1) * sectorSize)
        if (buf.subarray(0, bytesRead).includes(needle)) return true
      } finally {
        await fh.close()
      }
    }
  }
  return head.includes(needle)
}

/** Decides the format from the content first (a renamed file is common), then the extension. */
export async function sniffFormat(file: string): Promise<FileFormat> {
  try {
    return await sniffReadable(file)
  } catch (err) {
    // stat may pass where reading does not (a mode 000 file, one gone in between): the same refusal
    const reason = err instanceof ImportError ? null : openFailureReason(err)
    throw reason ? importError('file-not-found', file, reason) : err
  }
}

async function sniffReadable(file: string): Promise<FileFormat> {
  const size = await assertReadableFile(file)
  if (size === 0) throw importError('not-a-workbook', file, coreText('import.emptyFile', {}))
  const head = await readHead(file, 4096)
  if (head.subarray(0, 8).equals(CFB_SIGNATURE)) {
    if (await isEncryptedPackage(file, head)) {
      throw importError('password-protected', file, coreText('import.passwordProtected', {}))
    }
    throw importError('legacy-xls', file, coreText('import.legacyXls', {}))
  }
  if (head.subarray(0, 2).equals(ZIP_SIGNATURE)) return 'xlsx'
  if (/\.(xlsx|xlsm)$/i.test(file)) {
    throw importError('not-a-workbook', file, coreText('import.notXlsx', {}))
  }
  return 'csv'
}

/**
 * The first reason to refuse a zip by what its directory declares: an encrypted part, a part that
 * would inflate like a zip bomb, or too much content in all. Shared by workbooks and uploaded .zip folders.
 */
export function zipContentsProblem(entries: Iterable<ZipEntry>): { code: 'password-protected' | 'zip-bomb'; message: string; text: CoreText } | null {
  const problem = (code: 'password-protected' | 'zip-bomb', text: CoreText) => ({ code, text, message: renderCoreText(text, 'en') })
  let total = 0
  for (const entry of entries) {
    if (entry.encrypted) return problem('password-protected', coreText('import.partEncrypted', { part: entry.name }))
    total += entry.uncompressedSize
    const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize)
    if (entry.uncompressedSize > ZIP_BOMB_PART_BYTES && ratio > ZIP_BOMB_RATIO) {
      return problem('zip-bomb', coreText('import.partBomb', { part: entry.name, from: entry.compressedSize, to: entry.uncompressedSize, ratio: Math.round(ratio) }))
    }
  }
  if (total > ZIP_BOMB_TOTAL_BYTES) {
    return problem('zip-bomb', coreText('import.totalBomb', { total, limit: ZIP_BOMB_TOTAL_BYTES }))
  }
  return null
}

/** Opens the zip directory of an .xlsx and refuses damaged or bomb-like workbooks. */
export async function openCheckedWorkbook(file: string): Promise<ZipDirectory> {
  let zip: ZipDirectory
  try {
    zip = await ZipDirectory.open(file)
  } catch (err) {
    if (err instanceof ZipFormatError) {
      if (err.kind === 'truncated') {
        throw importError('truncated', file, coreText('import.truncated', { detail: err.text ?? err.message }))
      }
      throw importError('not-a-workbook', file, coreText('import.notZip', {}))
    }
    const reason = openFailureReason(err)
    throw reason ? importError('file-not-found', file, reason) : importError('unreadable', file, coreText('import.unreadable', { detail: (err as Error).message }))
  }
  if (!zip.has('xl/workbook.xml')) {
    throw importError('not-a-workbook', file, coreText('import.noWorkbookXml', {}))
  }
  const problem = zipContentsProblem(zip.list)
  if (problem) throw importError(problem.code, file, problem.text)
  return zip
}
