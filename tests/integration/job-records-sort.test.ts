/**
 * A directory job's records are keyed in report order when they are linked (RECORD_ORDER,
 * migration 8), so a report reads them in it without sorting (issue 27: SQLite's sort of 100,000
 * records' JSON cost more than reading them). They come in region order, then by key, a record
 * without a code first (as ORDER BY put NULL); a reader may stop early. Real SQLite file.
 */
import { describe, expect, it } from 'vitest'
import { join } from 'node:path'
import type { Store } from '../../src-main/core/store'
import { seedReportJob } from '../../bench/report-kinds-seed'
import { useTempStore } from '../helpers/temp-store'
import { JOB_RECORDS_SQL } from '../../src-main/core/store/directory-cache'

let store: Store
useTempStore((s) => (store = s))

const order = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

describe("a directory job's records", () => {
  it('come in region order, then by key', () => {
    const schoolsJob = seedReportJob(store, 'school-directory', 2000)
    const schools = [...store.cache.iterateJobSchools(schoolsJob)]
    expect(schools.length).toBe(2000)
    const keys = schools.map((s) => [s.regency_code, s.district_code, s.npsn])
    expect(keys).toEqual([...keys].sort((a, b) => order(a.join('\u0000'), b.join('\u0000'))))

    const hospitalsJob = seedReportJob(store, 'hospital-directory', 2000)
    const hospitals = [...store.cache.iterateJobHospitals(hospitalsJob)]
    const hkeys = hospitals.map((h) => [h.province_code, h.regency_code, h.code])
    expect(hospitals.length).toBe(2000)
    expect(hkeys).toEqual([...hkeys].sort((a, b) => order(a.join('\u0000'), b.join('\u0000'))))
  })

  it('are read in the order the table keeps them, with no sort', () => {
    const plan = store.db.prepare(`EXPLAIN QUERY PLAN ${JOB_RECORDS_SQL}`).all('job', 'schools') as Array<{ detail: string }>
    expect(plan.map((p) => p.detail)).toEqual(['SEARCH job_records USING PRIMARY KEY (job_id=? AND product=?)'])
  })

  it('a record without its region code comes first; one the cache never had is left out', () => {
    const job = seedReportJob(store, 'school-directory', 30)
    const last = [...store.cache.iterateJobSchools(job)].at(-1)!
    store.cache.putSchools([{ ...last, npsn: 'Z1', regency_code: undefined } as never, { ...last, npsn: 'Z2' }], 'test', 0)
    store.cache.linkRecords(job, 'schools', ['Z2', 'Z1', 'Z3'], 1)
    const npsns = [...store.cache.iterateJobSchools(job)].map((s) => s.npsn)
    expect([npsns[0], npsns.at(-1), npsns.length]).toEqual(['Z1', 'Z2', 32])
  })

  it('a reader that stops early leaves the connection usable', () => {
    const job = seedReportJob(store, 'school-search', 500)
    let n = 0
    // (nothing else can run on the connection while the records are read: better-sqlite3 refuses it)
    for (const s of store.cache.iterateJobSchools(job)) if (++n === 10 && s) break
    expect(store.rows.counts(job).total).toBe(12)
  })
})
