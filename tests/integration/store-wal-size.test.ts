/**
 * The data file's write-ahead log after a long reader: a report export reads its job in one
 * snapshot, and while it runs another process's commits pile up in the -wal file (no checkpoint
 * can restart the log under a reader). Once the reader is gone the log restarts, and it must shrink
 * back: SQLite keeps the file at its largest size otherwise, as long as any connection is open (the
 * app keeps one for its whole life), 67.5 MB after a 13 s export beside a job at 100 rows/s and
 * 2.7 GB beside one at full speed (bench/wal-during-export.ts).
 */
import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src-main/core/store/database'
import { makeTempDir } from '../helpers/temp-dir'

const tmp = makeTempDir()
afterAll(() => tmp.cleanup())

const MB = 1048576

/** The -wal file's size and its checkpoint sequence (the header's, bumped each time the log restarts). */
function wal(file: string): { size: number; seq: number } {
  const path = `${file}-wal`
  if (!existsSync(path)) return { size: 0, seq: -1 }
  const fd = openSync(path, 'r')
  const head = Buffer.alloc(32)
  const n = readSync(fd, head, 0, 32, 0)
  closeSync(fd)
  return { size: statSync(path).size, seq: n === 32 ? head.readUInt32BE(12) : -1 }
}

describe('the data file after a long reader', () => {
  it('shrinks the write-ahead log back once the reader is gone and the log restarts', () => {
    const file = join(tmp.dir, 'rekap.sqlite')
    const writer = openDatabase(file)
    const reader = openDatabase(file)
    writer.exec('CREATE TABLE probe (x BLOB)')
    const insert = writer.prepare('INSERT INTO probe (x) VALUES (zeroblob(?))')

    // the export's snapshot: held while 24 MB are committed in 240 transactions
    reader.exec('BEGIN')
    reader.prepare('SELECT count(*) FROM probe').get()
    for (let i = 0; i < 240; i++) insert.run(100_000)
    const grown = wal(file)
    expect(grown.size).toBeGreaterThan(20 * MB)
    reader.exec('COMMIT')

    // small commits, as a running job makes them, until SQLite has checkpointed and restarted the log
    let restarted = false
    for (let i = 0; i < 5_000 && !restarted; i++) {
      insert.run(100)
      restarted = wal(file).seq !== grown.seq
    }
    expect(restarted).toBe(true)
    expect(wal(file).size).toBeLessThanOrEqual(4 * MB)
    reader.close()
    writer.close()
  })
})
