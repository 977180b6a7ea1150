/**
 * A job's row goes in one short transaction and what it owned after it, a few thousand rows per
 * transaction (job-removal.ts; big-job-delete.test.ts shows why). These are the promises that
 * split keeps: the job is whole or gone at every commit, and rows a process left behind when it
 * ended mid-sweep are read by nothing and removed by the next sweep on the file.
 */
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openStore, type Store } from '../../src-main/core/store'
import { defaultJobSettings } from '../../src-main/core/model/job-settings'
import { makeTempDir } from '../helpers/temp-dir'

let tmp: ReturnType<typeof makeTempDir>
let file: string

beforeEach(() => {
  tmp = makeTempDir('rekap-job-removal-')
  file = join(tmp.dir, 'rekap.db')
})
afterEach(() => tmp.cleanup())

function doneJob(store: Store, rows: number): string {
  const job = store.jobs.create({ kind: 'face-match', settings: defaultJobSettings() }, Date.now())
  store.rows.insertMany(job.id, Array.from({ length: rows }, (_, i) => ({ rowNo: i + 1, input: { n: i } })), Date.now())
  store.db.prepare(`INSERT INTO results (job_id, row_no, outcome, from_cache, at) SELECT job_id, row_no, 'match', 0, 0 FROM job_rows WHERE job_id = ?`).run(job.id)
  for (const to of ['ready', 'running', 'done'] as const) store.jobs.transition(job.id, to, Date.now())
  return job.id
}

function left(store: Store, jobId: string): number {
  const n = (table: string): number => (store.db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE job_id = ?`).get(jobId) as { n: number }).n
  return n('job_rows') + n('results') + n('job_transitions')
}

describe('removing a job', () => {
  it('the job is gone at once; its rows, results and transitions once the sweep ends', async () => {
    const store = openStore(file)
    try {
      const id = doneJob(store, 12_000)
      store.housekeeping.deleteJob(id, { reportDigest: null, now: Date.now() })
      expect(store.jobs.get(id)).toBeUndefined()
      expect(store.jobs.list().map((j) => j.id)).not.toContain(id)
      expect(store.housekeeping.deleted(id)?.rowsTotal).toBe(12_000)
      await store.removalsDone()
      expect(left(store, id)).toBe(0)
    } finally {
      store.close()
    }
  })

  it('a process that ended mid-sweep left rows nothing shows; the next removal on the file sweeps them too', async () => {
    let first = openStore(file)
    const id = doneJob(first, 12_000)
    first.jobs.delete(id)
    // closed before the sweep's second chunk, as a killed process would stop it
    first.close()
    first = openStore(file)
    try {
      expect(left(first, id)).toBeGreaterThan(0)
      expect(first.jobs.get(id)).toBeUndefined()
      expect(first.db.prepare('SELECT COUNT(*) AS n FROM job_row_counts WHERE job_id = ?').get(id)).toEqual({ n: 0 })
      const other = doneJob(first, 10)
      const keep = doneJob(first, 10)
      first.jobs.delete(other)
      await first.removalsDone()
      expect(left(first, id)).toBe(0)
      expect(left(first, other)).toBe(0)
      expect(first.rows.counts(keep).total).toBe(10)
    } finally {
      first.close()
    }
  })

  it('inside a caller\'s transaction the cascade still takes everything at once (the pragma cannot change there)', () => {
    const store = openStore(file)
    try {
      const id = doneJob(store, 100)
      store.transaction(() => store.jobs.delete(id))
      expect(left(store, id)).toBe(0)
    } finally {
      store.close()
    }
  })
})
