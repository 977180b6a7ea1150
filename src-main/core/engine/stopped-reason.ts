import { namedDiskFull } from '../paths/disk-full'
import { isStoreFailure } from '../store'
import { coreText, storedText, type CoreText } from '../texts/core-text'

/**
 * The reason stored with a job that a failure stopped (its state detail), read at the run's end and
 * on the job screen in the reader's language: the data file's own refusals (full, held past the busy
 * timeout, any other SQLite error, a row moved by another process) are rekap's sentences naming the
 * file, never SQLite's English. Any other error keeps its message (a bug's words, for a report).
 */
export function stoppedReason(err: unknown, dataFile: string): string {
  const full = namedDiskFull(err, dataFile)
  if (full?.text) return storedText(full.text)
  const store = storeFailureText(err, dataFile)
  return store ? storedText(store) : (err as Error)?.message ?? String(err)
}

/**
 * The data file's refusal as rekap's sentence naming the file (busy or locked past the wait, another
 * SQLite error, a row moved by another process), or null for an error that is not the store's.
 */
export function storeFailureText(err: unknown, dataFile: string): CoreText | null {
  if (!isStoreFailure(err)) return null
  const code = (err as { code?: unknown }).code
  if (isStoreBusy(err)) return coreText('stopped.storeBusy', { file: dataFile })
  if (typeof code === 'string') return coreText('stopped.storeRefused', { file: dataFile, code })
  // a RowTransitionError: the row was not where this process had left it
  return coreText('stopped.rowMoved', { file: dataFile })
}

/** Another program held the data file past rekap's busy timeout (SQLite's BUSY or LOCKED). */
export function isStoreBusy(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code
  return isStoreFailure(err) && (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED')
}
