/**
 * An xlsx export reads a job's rows once: the store fingerprint the summary states is fed by the
 * results sheet's own pass over the rows (issue 17: the second read of every row was ~12% of a
 * 100,000-row export), and it is exactly the value `StoreMetaRepo.jobFingerprint` computes, which
 * `rekap verify` compares. Real SQLite file, real xlsx read back with exceljs.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { join } from 'node:path'
import { openStore, ReviewRepo, StoreMetaRepo, type Store } from '../../src-main/core/store'
import { reviewQueue } from '../../src-main/core/review/review-queue'
import { RowQueries } from '../../src-main/core/store/row-queries'
import { jobFigures } from '../../src-main/core/reports/job-figures'
import { labelsFor } from '../../src-main/core/reports/labels'
import { writeJobReport } from '../../src-main/core/export'
import { verifyReport } from '../../src-main/core/export/verify-report'
import { makeTempDir } from '../helpers/temp-dir'
import { buildFaceJob, leakySettings, readBook, summaryMap, T0 } from './reports-fixtures'

const FINGERPRINT = 'Job data fingerprint (SHA-256)'

let tmp: ReturnType<typeof makeTempDir>
let store: Store

beforeAll(() => {
  tmp = makeTempDir()
  store = openStore(join(tmp.dir, 'rekap.db'))
})
afterAll(() => {
  store?.close()
  tmp?.cleanup()
})
afterEach(() => {
  vi.restoreAllMocks()
})

async function statedFingerprint(file: string): Promise<unknown> {
  const book = await readBook(file)
  return summaryMap(book.getWorksheet('Summary')!).get(FINGERPRINT)
}

describe('the store fingerprint of an xlsx export', () => {
  it('comes from the results pass of a face job (rows not read again), equal to the store’s, with the review log as of the report', async () => {
    const jobId = buildFaceJob(store)
    const review = { jobId, reviewer: 'Rina', note: null, serviceVerdict: 'review', serviceConfidence: 0.5, rowState: 'done' }
    store.review.append({ ...review, rowNo: 3, decision: 'approve', at: T0 + 10_000 })
    store.review.append({ ...review, rowNo: 2, decision: 'flag', at: T0 + 20_000 })
    const secondRead = vi.spyOn(StoreMetaRepo.prototype, 'jobFingerprint')
    const queueRead = vi.spyOn(ReviewRepo.prototype, 'candidates')
    const groupsRead = vi.spyOn(RowQueries.prototype, 'outcomeGroups')
    const out = join(tmp.dir, 'face.xlsx')
    const now = T0 + 3_600_000
    // as of before the flag: the fingerprint covers the approve only
    await writeJobReport(store, jobId, { out, lang: 'en', now, asOf: T0 + 15_000 })
    expect(secondRead).not.toHaveBeenCalled()
    // the review queue's "n of m" is counted in the same pass too
    expect(queueRead).not.toHaveBeenCalled()
    // and the rows per verdict
    expect(groupsRead).not.toHaveBeenCalled()
    vi.restoreAllMocks()
    const expected = store.meta.jobFingerprint(jobId, { asOf: T0 + 15_000 })
    expect(expected).not.toBe(store.meta.jobFingerprint(jobId, { asOf: now }))
    expect(await statedFingerprint(out)).toBe(expected)
    const queue = reviewQueue(store, store.jobs.get(jobId)!, { asOf: T0 + 15_000 })
    expect(queue.reviewed).toBe(1)
    const book = await readBook(out)
    const summary = summaryMap(book.getWorksheet('Summary')!)
    expect(summary.get('Pairs reviewed')).toBe(`${queue.reviewed} of ${queue.total}`)
    const fromStore = jobFigures(store, store.jobs.get(jobId)!).outcomes
    const L = labelsFor('en')
    const stated = Object.fromEntries(Object.keys(L.outcomes).flatMap((v) => {
      const n = summary.get(L.summary.outcome(L.outcomes[v as keyof typeof L.outcomes]))
      return n ? [[v, n]] : []
    }))
    expect(Object.keys(stated).length).toBeGreaterThan(3)
    expect(stated).toEqual(fromStore)
    // as of now the flag re-opens row 2's pair: the count follows
    const later = join(tmp.dir, 'face-later.xlsx')
    await writeJobReport(store, jobId, { out: later, lang: 'en', now })
    const q2 = reviewQueue(store, store.jobs.get(jobId)!, { asOf: now })
    expect(summaryMap((await readBook(later)).getWorksheet('Summary')!).get('Pairs reviewed')).toBe(`${q2.reviewed} of ${q2.total}`)
    expect(await verifyReport(out, { store })).toMatchObject({ unchanged: true, jobId })
  })

  it('comes from the results pass of a lookup job too', async () => {
    const job = store.jobs.create({ kind: 'hospital-lookup', inputName: 'rs.xlsx', headers: ['Kode RS'], settings: leakySettings() }, T0)
    store.rows.insertMany(job.id, [1, 2, 3].map((i) => ({ rowNo: i, sourceRow: i + 1, input: { 'Kode RS': `327301${i}` } })), T0)
    store.rows.markInFlight(job.id, 1, T0 + 20)
    store.rows.complete(job.id, 1, { outcome: 'found', recordKey: '3273011', fromCache: true }, T0 + 30, { product: 'hospitals' })
    store.rows.markInFlight(job.id, 2, T0 + 40)
    store.rows.fail(job.id, 2, { code: 'not-found', message: 'hospital not found', column: 'Kode RS' }, T0 + 50, { product: 'hospitals', hits: 1 })
    const secondRead = vi.spyOn(StoreMetaRepo.prototype, 'jobFingerprint')
    const out = join(tmp.dir, 'rs.xlsx')
    await writeJobReport(store, job.id, { out, lang: 'en', now: T0 + 100 })
    expect(secondRead).not.toHaveBeenCalled()
    secondRead.mockRestore()
    expect(await statedFingerprint(out)).toBe(store.meta.jobFingerprint(job.id, { asOf: T0 + 100 }))
  })
})

describe('JobFingerprint fed by a pass over the rows', () => {
  const rowsOf = (jobId: string): unknown[][] =>
    store.db
      .prepare(
        `SELECT r.row_no, r.state, r.attempts, r.rate_limited, r.error_code, r.charged, r.cost_points, r.finished_at,
           res.outcome, res.match, res.confidence, res.record_key, res.record_count, res.from_cache
         FROM job_rows r LEFT JOIN results res ON res.job_id = r.job_id AND res.row_no = r.row_no WHERE r.job_id = ? ORDER BY r.row_no`,
      )
      .raw(true)
      .all(jobId) as unknown[][]

  it('gives the store’s value only when it saw every row once, in order', () => {
    const jobId = buildFaceJob(store)
    const rows = rowsOf(jobId)
    const feed = (list: unknown[][], count = rows.length): string | null => {
      const fp = store.meta.startJobFingerprint(jobId)
      for (const r of list) fp.row(r)
      return fp.finish(store.db, count, { asOf: T0 + 1e9 })
    }
    expect(feed(rows)).toBe(store.meta.jobFingerprint(jobId, { asOf: T0 + 1e9 }))
    expect(feed(rows.slice(1))).toBeNull()
    expect(feed([...rows, rows[0]], rows.length + 1)).toBeNull()
    expect(feed([rows[1], rows[0], ...rows.slice(2)])).toBeNull()
  })
})
