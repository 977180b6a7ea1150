import { namedDiskFull } from '../paths/disk-full'
import { isStoreFailure } from '../store'
import { coreText, storedText } from '../texts/core-text'

/**
 * The reason stored with a job that a failure stopped (its state detail), read at the run's end and
 * on the job screen in the reader's language: the data file's own refusals (full, held past the busy
 * timeout, any other SQLite error, a row moved by another process) are rekap's sentences naming the
 * file, never SQLite's English. Any other error keeps its message (a bug's words, for a report).
 */
export function stoppedReason(err: unknown, dataFile: string): string {
  const full = namedDiskFull(err, dataFile)
  if (full?.text) return storedText(full.text)
  if (!isStoreFailure(err)) return (err as Error)?.message ?? String(err)
  const code = (err as { code?: unknown }).code
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') return storedText(coreText('stopped.storeBusy', { file: dataFile }))
  if (typeof code === 'string') return storedText(coreText('stopped.storeRefused', { file: dataFile, code }))
  // a RowTransitionError: the row was not where this process had left it
  return storedText(coreText('stopped.rowMoved', { file: dataFile }))
}
