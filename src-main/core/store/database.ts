import Database from 'better-sqlite3'
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { MIGRATIONS, LATEST_SCHEMA_VERSION } from './migrations'

export type Db = Database.Database

/**
 * SQLite's own default page cache (KiB, negative): what a connection that streams its tables once
 * needs (a report's reader); the store's 32 MB is for a writer's inserts.
 */
export const STREAMING_CACHE_SIZE = -2000

/**
 * Opens (creating if needed) rekap's SQLite file and brings its schema up to date.
 * WAL keeps readers (reports, the UI's row pages) off the writer's back; synchronous=NORMAL
 * in WAL mode is durable against a killed process, which is the crash we promise to survive.
 */
export function openDatabase(file: string, opts: { readonly?: boolean } = {}): Db {
  if (file !== ':memory:' && !opts.readonly) mkdirSync(dirname(file), { recursive: true })
  const db = new Database(file, { readonly: opts.readonly ?? false, fileMustExist: opts.readonly ?? false })
  // every write transaction goes through writeTransaction (below): IMMEDIATE, never SQLite's default
  db.pragma('busy_timeout = 5000')
  // 32 MB of page cache instead of SQLite's 2 MB: the unit-key index of a 1,000,000-row job takes
  // its inserts in random order, and with 2 MB each one went to the OS for its pages
  db.pragma('cache_size = -32768')
  if (!opts.readonly) {
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = NORMAL')
    // the log shrinks back to 4 MB whenever it restarts: it grows while an export's snapshot is open
    // (67.5 MB beside a job at 100 rows/s, 2.7 GB at full speed) and SQLite otherwise keeps the file
    // at its largest while any connection is open (bench/wal-during-export.ts)
    db.pragma('journal_size_limit = 4194304')
    db.pragma('foreign_keys = ON')
    migrate(db)
  }
  return db
}

/**
 * The store's one way to write in a transaction: IMMEDIATE, never better-sqlite3's default. A
 * default transaction begins as a reader, and one that read and then wrote failed at once with
 * "database is locked" when another process had committed in between (WAL refuses a stale
 * writer whatever the busy timeout). Taken at the start, the write lock makes the other process
 * wait its turn instead. Nested, it is a savepoint of the outer one.
 */
export function writeTransaction<T>(db: Db, fn: () => T): T {
  return db.transaction(fn).immediate()
}

export function schemaVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number
}

export function migrate(db: Db): void {
  const current = schemaVersion(db)
  if (current > LATEST_SCHEMA_VERSION) {
    throw new Error(
      `This rekap data file was written by a newer rekap (schema ${current}, this version knows ${LATEST_SCHEMA_VERSION}). Update rekap.`,
    )
  }
  for (const m of MIGRATIONS) {
    if (m.version <= current) continue
    // IMMEDIATE, and the version read again inside: two processes opening a new file at once (two
    // `rekap run`, the app and the CLI) both saw version 0; the second then ran migration 1 again
    // and failed ("table ... already exists"). Now it waits for the first and skips what it did.
    writeTransaction(db, () => {
      if (schemaVersion(db) >= m.version) return
      db.exec(m.sql)
      db.pragma(`user_version = ${m.version}`)
    })
  }
}
