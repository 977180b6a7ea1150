import { coreText, TextError } from '../texts/core-text'

/** What a full disk is called by the system (ENOSPC, EDQUOT: the user's quota on it) and by SQLite. */
const FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL'])

/** A full disk, said in the user's language and naming the file that could not grow. */
export class DiskFullError extends TextError {}

/** The one rule for "the disk is full", for the CLI and the app alike. */
export function isDiskFull(err: unknown): boolean {
  if (err instanceof DiskFullError) return true
  const code = (err as { code?: unknown } | null)?.code
  return typeof code === 'string' && FULL_CODES.has(code)
}

/**
 * A full disk met while writing `path` as a DiskFullError naming it; any other error as it is.
 * SQLite's own file (the store) gets words that say the work stored so far is kept and resumable.
 */
export function diskFullAt(err: unknown, path: string, o: { store?: boolean } = {}): unknown {
  if (err instanceof DiskFullError || !isDiskFull(err)) return err
  return new DiskFullError(coreText(o.store ? 'disk.storeFull' : 'disk.full', { path }))
}

/**
 * A full disk as an error naming its file, for the CLI and the app alike: a report's is named
 * already; SQLite's is the data file's; a system error names its own path when it has one.
 * null for any other error.
 */
export function namedDiskFull(err: unknown, dataFile: string | null): DiskFullError | null {
  if (!isDiskFull(err)) return null
  if (err instanceof DiskFullError) return err
  // only SQLite's own refusal is the data file's: a system error without a path is some other file
  const path = (err as { path?: unknown }).path
  if ((err as { code?: unknown }).code === 'SQLITE_FULL') return diskFullAt(err, dataFile ?? '?', { store: true }) as DiskFullError
  return typeof path === 'string' ? (diskFullAt(err, path) as DiskFullError) : new DiskFullError(coreText('disk.fullUnnamed', {}))
}
