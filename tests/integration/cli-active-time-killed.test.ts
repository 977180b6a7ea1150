/**
 * A run killed (kill -9) after seconds of work: the job's active time was added to the store only
 * when its runner ended, so the report of the killed job said "Active duration 0 s" (and after a
 * resume, only the resumed part). It is now stored as it passes: what the report states is at
 * most a couple of seconds short of the work done.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore } from '../../src-main/core/store'
import { makeTempDir } from '../helpers/temp-dir'
import { killRunWhen } from '../helpers/rekap-process'

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
    // at 2 rows a second, 14 settled rows are about 7 s of work
    const { jobId } = await killRunWhen(['run', codes, '--rps', '2'], db, (c) => c.done + c.failed >= 14)
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
