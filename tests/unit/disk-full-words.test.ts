/**
 * A full disk in the app: what the page is told when a command meets SQLITE_FULL (a real one:
 * the data file held to its size with PRAGMA max_page_count) is the same words the CLI says,
 * naming the data file, in the app's language; not SQLite's English "database or disk is full".
 */
import { afterAll, describe, expect, it } from 'vitest'
import Database from 'better-sqlite3'
import { join } from 'node:path'
import { toErrorBody } from '../../src-main/app/dispatch'
import { isDiskFull } from '../../src-main/core/paths/disk-full'
import { makeTempDir } from '../helpers/temp-dir'

const tmp = makeTempDir()
afterAll(() => tmp.cleanup())

/** The error SQLite gives when its file may not grow any more. */
function realSqliteFull(file: string): unknown {
  const db = new Database(file)
  try {
    db.exec('CREATE TABLE t (x BLOB)')
    db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true })}`)
    db.prepare('INSERT INTO t VALUES (?)').run(Buffer.alloc(64 * 1024))
    return null
  } catch (err) {
    return err
  } finally {
    db.close()
  }
}

describe('a full disk said to the app', () => {
  const file = join(tmp.dir, 'rekap.db')
  const err = realSqliteFull(file)

  it('SQLite refused the write as a full disk', () => {
    expect((err as { code?: string }).code).toBe('SQLITE_FULL')
    expect(isDiskFull(err)).toBe(true)
  })

  it('in Indonesian and English, naming the data file; a failure, not an input error', () => {
    const id = toErrorBody(err, [], 'id', file)
    expect(id).toEqual({ code: 'failed', field: null, message: expect.stringContaining(`disk penuh: berkas data ${file} tidak bisa bertambah`) })
    expect(toErrorBody(err, [], 'en', file).message).toContain(`the disk is full: the data file ${file} cannot grow`)
  })

  it('a system ENOSPC names its own path; other errors are left as they are', () => {
    const enospc = Object.assign(new Error('ENOSPC: no space left on device, open'), { code: 'ENOSPC', path: '/mnt/usb/rekap-photo.jpg' })
    expect(toErrorBody(enospc, [], 'en', file).message).toMatch(/^the disk is full: \/mnt\/usb\/rekap-photo\.jpg could not be written/)
    // a stream's ENOSPC carries no path: some file, never said to be the data file
    const streamed = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })
    expect(toErrorBody(streamed, [], 'en', file).message).toBe('the disk is full: a file could not be written in full; free disk space, then try again')
    expect(toErrorBody(new Error('boom'), [], 'en', file).message).toBe('boom')
  })
})
