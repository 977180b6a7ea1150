import { coreText, TextError } from '../texts/core-text'
import { diskFullAt, DiskFullError, isDiskFull } from './disk-full'
import { pathCause } from './output-path'

/** A data file that cannot be opened or made where the user pointed: bad input (the CLI's exit 2), never a crash. */
export class DataFilePathError extends TextError {
  /** the CLI's usage exit code (cli/exit-codes.ts EXIT.usage), read by main() */
  readonly exitCode = 2
}

/**
 * Why the data file at `file` could not be opened or made (`err`, from making its folder or from
 * SQLite), said like every other path problem (core/paths/output-path.ts finds the cause): a file
 * where its folder should be, a folder as the file, a folder this user may not write; a full disk
 * as a full disk. null when the path is not the cause (a damaged file, say): the caller says that.
 */
export function dataFileFailure(file: string, err: unknown, existed: boolean): TextError | null {
  if (isDiskFull(err)) return existed ? (diskFullAt(err, file, { store: true }) as DiskFullError) : new DiskFullError(coreText('disk.storeNotMade', { path: file }))
  const code = (err as { code?: unknown } | null)?.code
  // SQLite's codes say little of the path (SQLITE_CANTOPEN): only the system's errno is a cause in itself
  const cause = pathCause(file, typeof code === 'string' && /^E[A-Z]+$/.test(code) ? code : undefined, { makesFolders: true })
  if (!cause || cause.kind === 'noFolder') return null
  const reason =
    cause.kind === 'folderIsFile'
      ? coreText('dataFile.folderIsFile', { folder: cause.folder })
      : cause.kind === 'isFolder'
        ? coreText('dataFile.isFolder', {})
        : coreText('dataFile.notWritable', { folder: cause.folder, code: cause.code })
  return new DataFilePathError(coreText('dataFile.cannotUse', { file, existed, reason }))
}
