/**
 * The progress counts are kept by triggers (migration 5) instead of counting every row of the
 * job on each snapshot. They must equal a full count after every kind of row change the store
 * makes: insert (with pre-flight failures and duplicates), in flight, done with a charge, failed,
 * back in line after an error, uncertain, duplicates resolved, crash recovery (paid and free),
 * re-send of uncertain rows, retry-failed, a fixed file re-checked, a job deleted; and a store
 * written before the counts existed gets them on its first open.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { openStore, JobsRepo, type Store } from '../../src-main/core/store'
import { migrate } from '../../src-main/core/store/database'
import { MIGRATIONS } from '../../src-main/core/store/migrations'
import { defaultJobSettings } from '../../src-main/core/model/job-settings'
import { makeTempDir } from '../helpers/temp-dir'
import { fullRowCounts } from '../helpers/full-row-counts'

let tmp: ReturnType<typeof makeTempDir>
let store: Store
const T0 = Date.UTC(2026, 10, 23, 5, 0, 0)

beforeEach(() => {
  tmp = makeTempDir()
  store = openStore(join(tmp.dir, 'rekap.sqlite'))
})
afterEach(() => {
  store.close()
  tmp.cleanup()
})

const local = { code: 'file-missing', message: 'not found', column: 'Foto KTP' }

function newJob(kind: 'face-match' | 'hospital-lookup', rows: number, now = T0) {
  const job = store.jobs.create({ kind, inputName: 'x.xlsx', settings: defaultJobSettings({ baseUrl: 'http://x' }) }, now)
  store.rows.insertMany(
    job.id,
    Array.from({ length: rows }, (_, i) => {
      const rowNo = i + 1
      // every 7th row fails pre-flight, every 5th is a duplicate of the row before it
      if (rowNo % 7 === 0) return { rowNo, input: { n: rowNo }, localFailure: local }
      if (rowNo % 5 === 0) return { rowNo, input: { n: rowNo }, unitKey: `u${rowNo - 1}`, duplicateOf: rowNo - 1 }
      return { rowNo, input: { n: rowNo }, unitKey: `u${rowNo}` }
    }),
    now,
  )
  return job.id
}

function expectExact(jobId: string, step: string): void {
  expect(store.rows.counts(jobId), step).toEqual(fullRowCounts(store.db, jobId))
}

describe('row counts kept by triggers', () => {
  it('equal a full count after every kind of row change', async () => {
    const face = newJob('face-match', 40)
    const other = newJob('hospital-lookup', 12) // counted apart: no job's change reaches another's counts
    expectExact(face, 'inserted')
    expect(store.rows.counts(face)).toMatchObject({ total: 40, localFailures: 5, failed: 5 })

    let t = T0
    const send = (rowNo: number) => store.rows.markInFlight(face, rowNo, ++t)
    for (const r of [1, 2, 3, 4, 6, 8, 9]) send(r)
    expectExact(face, 'in flight')
    store.rows.complete(face, 1, { outcome: 'match', match: true, confidence: 0.91 }, ++t, { product: 'face-match', chargePoints: 400 })
    store.rows.complete(face, 2, { outcome: 'no-match', match: false, confidence: 0.2 }, ++t, { product: 'face-match', chargePoints: 400 })
    store.rows.complete(face, 3, { outcome: 'match', match: true, fromCache: true }, ++t)
    store.rows.fail(face, 4, { code: 'invalid-image', message: 'no face' }, ++t)
    store.rows.retryLater(face, 6, { code: 'server-error', message: '500' })
    store.rows.markUncertain(face, 8, { code: 'uncertain', message: 'timeout' })
    expectExact(face, 'settled')
    expect(store.rows.counts(face)).toMatchObject({ done: 3, charged: 2, costPoints: 800, cacheHits: 1, uncertain: 1, inFlight: 1 })

    expect(store.rows.resolveDuplicates(face, ++t)).toBeGreaterThan(0)
    expectExact(face, 'duplicates took their originals results')

    // a crash: row 9 was in flight; paid rows become uncertain, free ones go back in line
    expect(store.rows.recoverInFlight(face, true)).toBe(1)
    expectExact(face, 'recovered (paid)')
    store.rows.markInFlight(other, 1, ++t)
    store.rows.markInFlight(other, 2, ++t)
    expect(store.rows.recoverInFlight(other, false)).toBe(2)
    expectExact(other, 'recovered (free)')

    expect(store.rows.resendUncertain(face)).toBe(2)
    expectExact(face, 'uncertain re-sent')
    for (const r of [8, 9]) {
      send(r)
      store.rows.complete(face, r, { outcome: 'match', match: true }, ++t, { product: 'face-match', chargePoints: 400 })
    }
    expectExact(face, 're-sent rows done')
    expect(store.rows.counts(face).resentUncertain).toBe(2)

    expect(await store.rows.resetFailed(face)).toBeGreaterThan(0)
    expectExact(face, 'retry-failed')
    store.rows.recheckedPassed(face, 7, { payload: { fixed: true }, unitKey: 'u7', duplicateOf: null })
    store.rows.recheckedFailed(face, 14, local, ++t)
    expectExact(face, 'fixed file re-checked')

    // everything left is sent and answered
    for (const r of store.rows.nextPending(face, 100)) {
      send(r.rowNo)
      store.rows.complete(face, r.rowNo, { outcome: 'match', match: true }, ++t, { product: 'face-match', chargePoints: 400 })
    }
    store.rows.resolveDuplicates(face, ++t)
    expectExact(face, 'finished')
    expectExact(other, 'the other job, untouched')
    expect(store.rows.counts(other)).toMatchObject({ total: 12, pending: 11, inFlight: 0 })

    store.jobs.delete(face)
    expect(store.rows.counts(face).total).toBe(0)
    const left = (table: string) => (store.db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE job_id = ?`).get(face) as { n: number }).n
    expect([left('job_row_counts'), left('job_outcome_counts')]).toEqual([0, 0])
    expectExact(other, 'after another job was deleted')
  })

  it('a store written before the counts existed gets them, exact, when it is first opened', () => {
    store.close()
    const file = join(tmp.dir, 'old.sqlite')
    const raw = new Database(file)
    raw.pragma('foreign_keys = ON')
    for (const m of MIGRATIONS.filter((m) => m.version <= 4)) raw.exec(m.sql)
    raw.pragma('user_version = 4')
    const jobs = new JobsRepo(raw)
    // rows and results as the schema-4 store wrote them (RowsRepo of today reads the new tables)
    const row = raw.prepare(
      'INSERT INTO job_rows (job_id, row_no, state, local_failure, charged, cost_points, resent_uncertain) VALUES (?,?,?,?,?,?,?)',
    )
    const result = raw.prepare('INSERT INTO results (job_id, row_no, outcome, from_cache, at) VALUES (?,?,?,?,?)')
    const ids = [1, 2].map((k) => {
      const j = jobs.create({ kind: 'face-match', inputName: `${k}.xlsx`, settings: defaultJobSettings({ baseUrl: 'http://x' }) }, T0)
      for (let r = 1; r <= 30 * k; r++) {
        if (r % 9 === 0) row.run(j.id, r, 'failed', 1, 0, 0, 0)
        else if (r > 12) row.run(j.id, r, 'pending', 0, 0, 0, 0)
        else if (r % 3 === 0) row.run(j.id, r, 'in-flight', 0, 0, 0, 0)
        else {
          row.run(j.id, r, 'done', 0, 1, 400, r % 4 === 0 ? 1 : 0)
          result.run(j.id, r, r % 5 ? 'match' : 'no-match', r % 2, T0)
        }
      }
      return j.id
    })
    migrate(raw)
    raw.close()
    store = openStore(file)
    for (const id of ids) expectExact(id, `job ${id} after the migration`)
    expect(store.rows.counts(ids[1])).toMatchObject({ total: 60, inFlight: 3, charged: 8, costPoints: 3200, resentUncertain: 2 })
  })
})
