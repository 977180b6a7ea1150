import { rmSync, statSync } from 'node:fs'
import type { Store } from '../store'
import { dataFileFailure } from './data-file-path'

/**
 * Opens (or makes) the data file with `open`, which makes its folders too; the CLI and the app
 * (desktop and `rekap ui`) both open theirs here. A path that cannot hold it is said like every
 * other path problem (data-file-path.ts), naming the file; anything else (a damaged file) is
 * `otherwise`'s to say, the error itself by default. A data file this attempt began and could not
 * finish is removed, so the next attempt makes it anew instead of opening half of one.
 */
export function openDataFile(file: string, open: () => Store, otherwise: (err: unknown) => unknown = (err) => err): Store {
  const existed = isFile(file)
  try {
    return open()
  } catch (err) {
    if (!existed) for (const part of ['', '-wal', '-shm', '-journal']) if (isFile(file + part)) rmSync(file + part)
    throw dataFileFailure(file, err, existed) ?? otherwise(err)
  }
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile()
  } catch {
    return false
  }
}
