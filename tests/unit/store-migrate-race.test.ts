/**
 * Two processes opening a new data file at once (two `rekap run`, the app and the CLI): both
 * read schema version 0; the one that came second ran migration 1 again once the first had
 * committed it, and stopped with "cannot open the rekap data file …: table … already exists".
 * No timing: another process holds migration 1 in an open write transaction while this one
 * opens the file, and commits a moment later.
 */
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openStore, schemaVersion } from '../../src-main/core/store'
import { LATEST_SCHEMA_VERSION, MIGRATIONS } from '../../src-main/core/store/migrations'
import { makeTempDir, REPO_ROOT } from '../helpers/temp-dir'

let tmp: ReturnType<typeof makeTempDir>
beforeEach(() => (tmp = makeTempDir('rekap-migrate-race-')))
afterEach(() => tmp.cleanup())

/** A process that migrates `file` to version 1 in a write transaction it commits after `holdMs`. */
function otherProcessMigrating(file: string, holdMs: number): Promise<{ ready: Promise<void>; exited: Promise<number | null> }> {
  const script = `
    const Database = require('better-sqlite3')
    const db = new Database(process.env.FILE)
    db.pragma('journal_mode = WAL')
    db.exec('BEGIN IMMEDIATE')
    db.exec(process.env.SQL)
    db.pragma('user_version = 1')
    process.stdout.write('ready\\n')
    setTimeout(() => { db.exec('COMMIT'); db.close() }, Number(process.env.HOLD))
  `
  const child = spawn(process.execPath, ['-e', script], {
    cwd: REPO_ROOT,
    env: { ...process.env, FILE: file, SQL: MIGRATIONS[0].sql, HOLD: String(holdMs) },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const exited = new Promise<number | null>((done) => child.once('exit', done))
  const ready = new Promise<void>((done) => child.stdout!.on('data', (s: Buffer) => s.toString().includes('ready') && done()))
  return Promise.resolve({ ready, exited })
}

describe('store: a new data file opened by two processes at once', () => {
  it('the second waits for the first one\'s migration instead of running it again', async () => {
    const file = join(tmp.dir, 'rekap.db')
    const other = await otherProcessMigrating(file, 700)
    await other.ready
    const store = openStore(file) // waits (busy timeout) for the other's commit
    try {
      expect(schemaVersion(store.db)).toBe(LATEST_SCHEMA_VERSION)
      expect(store.jobs.list()).toEqual([])
    } finally {
      store.close()
    }
    expect(await other.exited).toBe(0)
  })
})
