/**
 * A run killed (kill -9) after seconds of work: the job's active time was added to the store only
 * when its runner ended, so the report of the killed job said "Active duration 0 s" (and after a
 * resume, only the resumed part). It is now stored as it passes: what the report states is at
 * most a couple of seconds short of the work done.
 */
import { spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore } from '../../src-main/core/store'
import { REPO_ROOT, makeTempDir } from '../helpers/temp-dir'

let tmp: ReturnType<typeof makeTempDir>
let db: string
let codes: string

beforeAll(() => {
  tmp = makeTempDir('rekap-active-time-')
  db = join(tmp.dir, 'rekap.db')
  codes = join(tmp.dir, 'codes.csv')
  writeFileSync(codes, ['Kode RS', ...Array.from({ length: 60 }, (_, i) => `31${String(71000 + i).padStart(5, '0')}`)].join('\n') + '\n')
})
afterAll(() => tmp?.cleanup())

describe('a run killed after seconds of work', () => {
  it('its active time is in the store', async () => {
    const child = spawn(process.execPath, ['bin/rekap.mjs', 'run', codes, '--rps', '2', '--db', db], {
      cwd: REPO_ROOT,
      env: { ...process.env, REKAP_API_KEY: '', REKAP_DB: '', REKAP_LANG: 'en' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s))
    const exited = new Promise((done) => child.once('exit', done))
    // at 2 rows a second, 14 settled rows are about 7 s of work
    let jobId = ''
    const until = Date.now() + 120_000
    for (;;) {
      if (Date.now() > until) throw new Error(`the run did not get going:\n${out}`)
      jobId ||= /^job (\w+)$/m.exec(out)?.[1] ?? ''
      if (jobId) {
        const s = openStore(db)
        const c = s.rows.counts(jobId)
        s.close()
        if (c.done + c.failed >= 14) break
      }
      await new Promise((r) => setTimeout(r, 50))
    }
    child.kill('SIGKILL')
    await exited
    const store = openStore(db)
    try {
      const job = store.jobs.get(jobId)!
      expect(job.activeMs).toBeGreaterThanOrEqual(3000)
      expect(job.activeMs).toBeLessThanOrEqual(Date.now() - job.startedAt!)
    } finally {
      store.close()
    }
  }, 180_000)
})
