/**
 * Data at rest: rekap's folders (data, uploads, pictures, exports) hold other people's ID photos,
 * NIKs and results, so only the user may read them. New files are made private by the process's
 * umask (set once by each entry point: CLI, `rekap ui`, the desktop app); folders and files made by
 * an older version are tightened when rekap opens them. On Windows the modes are not used (the
 * profile folder's ACL already limits access to the user).
 */
import { chmodSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

export const PRIVATE_DIR_MODE = 0o700
export const PRIVATE_FILE_MODE = 0o600

/** New files 0600, new folders 0700, for everything this process creates from now on. */
export function usePrivateFileModes(): void {
  if (process.platform !== 'win32') process.umask(0o077)
}

/**
 * Creates the folder if needed and makes it (and what is directly in it, when `files`) private.
 * `ownFolder: false` is for a folder the user chose for other things too (`--db ~/work/rekap.db`):
 * it is created private but an existing one is left as the user set it.
 */
export function ensurePrivateDir(dir: string, o: { files?: boolean; ownFolder?: boolean } = {}): void {
  const existed = existsSync(dir)
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
  if (process.platform === 'win32') return
  if (existed && o.ownFolder === false) return
  chmodSync(dir, PRIVATE_DIR_MODE)
  if (!o.files) return
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name)
    try {
      const s = statSync(p)
      if (s.isFile() && (s.mode & 0o077) !== 0) chmodSync(p, PRIVATE_FILE_MODE)
      else if (s.isDirectory() && (s.mode & 0o077) !== 0) chmodSync(p, PRIVATE_DIR_MODE)
    } catch {
      // gone meanwhile
    }
  }
}

/** The store file and its WAL/SHM companions, private. */
export function privateStoreFiles(dbFile: string): void {
  if (process.platform === 'win32') return
  for (const f of [dbFile, `${dbFile}-wal`, `${dbFile}-shm`]) if (existsSync(f)) chmodSync(f, PRIVATE_FILE_MODE)
}
