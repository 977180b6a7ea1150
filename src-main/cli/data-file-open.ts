import { rmSync, statSync } from 'node:fs'
import { dataFileFailure } from '../core/paths/data-file-path'
import type { Store } from '../core/store'
import { CliError, EXIT } from './exit-codes'
import { t } from './cli-language'

/**
 * Opens (or makes) the data file with `open`, which makes its folders too: a path that cannot hold
 * it is said like every other path problem (core/paths/data-file-path.ts), in the user's language;
 * anything else keeps SQLite's reason (a damaged file). A data file this attempt began and could
 * not finish is removed, so the next attempt makes it anew instead of opening half of one.
 */
export function openDataFile(file: string, open: () => Store): Store {
  const existed = isFile(file)
  try {
    return open()
  } catch (err) {
    if (!existed) for (const part of ['', '-wal', '-shm', '-journal']) if (isFile(file + part)) rmSync(file + part)
    throw dataFileFailure(file, err, existed) ?? new CliError(t().cannotOpenDb(file, (err as Error).message), EXIT.usage)
  }
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile()
  } catch {
    return false
  }
}
