/**
 * Two `rekap watch` on one folder and one data file (the claim in proses/ is made so that of two
 * watchers exactly one takes a file). A watcher that starts resumes the files taken before it, as
 * after a crash; it also "resumed" a file another, live, watcher had just taken and was still
 * planning (a big workbook plans for a minute), found no plan recorded for it yet, and planned and
 * ran it again: two jobs of one workbook, every row sent twice. A claim of a live process on this
 * computer is now left to that process.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src-main/core/store'
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process'
import { makeTempDir } from '../helpers/temp-dir'
import { rekap } from '../helpers/rekap-process'
import { startWatch, until } from '../helpers/watch-process'

let tmp: ReturnType<typeof makeTempDir>
let sandbox: SandboxProcess

beforeAll(async () => {
  tmp = makeTempDir('rekap-two-watchers-')
  sandbox = await startSandboxProcess({ args: ['--hospital-plan', 'premium'] })
}, 60_000)

afterAll(async () => {
  await sandbox?.stop()
  tmp?.cleanup()
})

function jobs(db: string): number {
  if (!existsSync(db)) return 0
  const conn = openDatabase(db, { readonly: true })
  try {
    return (conn.prepare('SELECT COUNT(*) AS n FROM jobs').get() as { n: number }).n
  } finally {
    conn.close()
  }
}



describe('a second watcher started on a folder while the first plans a file it took', () => {
  it('leaves that file to the first: no second job of the workbook', async () => {
    const db = join(tmp.dir, 'rekap.db')
    const dir = join(tmp.dir, 'in')
    mkdirSync(dir)
    const saved = await rekap(['preset', 'save', 'h', '--kind', 'hospital-lookup', '--base-url', sandbox.url, '--db', db])
    expect(saved.code, saved.out + saved.err).toBe(0)
    // big enough that its plan takes a while (hashing, import, pre-flight of every row)
    writeFileSync(join(dir, 'codes.csv'), ['Kode RS', ...Array.from({ length: 50_000 }, (_, i) => `NOPE-${i + 1}`)].join('\n'))

    const a = startWatch([dir, '--preset', 'h', '--db', db, '--key', sandbox.key, '--settle-ms', '200'])
    const b = startWatch([dir, '--preset', 'h', '--db', db, '--key', sandbox.key, '--settle-ms', '200', '--once'])
    b.child.kill('SIGSTOP')
    try {
      // the first has taken the file; it is held there, mid-plan, while the second starts
      await until('the first watcher taking the file', () => existsSync(join(dir, 'proses', 'codes.csv.ambil')), a.out)
      a.child.kill('SIGSTOP')
      const before = jobs(db)
      b.child.kill('SIGCONT')
      // the second ends (--once), or makes a job: only it can, the first is stopped
      await until('the second watcher to end or plan', () => b.ended() || jobs(db) > before, b.out)
      expect(jobs(db), `the second watcher planned the first one's file:\n${b.out()}`).toBe(before)
      expect(existsSync(join(dir, 'codes.csv'))).toBe(true)
    } finally {
      a.child.kill('SIGKILL')
      b.child.kill('SIGKILL')
    }
  }, 180_000)
})
