/**
 * A directory job's records are sorted by SQLite with a small page cache (issue 27: at the store's
 * 32 MB cache the sorter held ~60 MB more and cost more CPU). The records still come in region
 * order, and the connection's cache size is what it was after the read, also when the reader
 * stops early. Real SQLite file.
 */
import { describe, expect, it } from 'vitest'
import { join } from 'node:path'
import type { Store } from '../../src-main/core/store'
import { seedReportJob } from '../../bench/report-kinds-seed'
import { useTempStore } from '../helpers/temp-store'

let store: Store
useTempStore((s) => (store = s))

const cacheSize = (): number => store.db.pragma('cache_size', { simple: true }) as number
const order = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

describe("a directory job's records", () => {
  it('come in region order, then by key, and the cache size is restored', () => {
    const before = cacheSize()
    const schoolsJob = seedReportJob(store, 'school-directory', 2000)
    const schools = [...store.cache.iterateJobSchools(schoolsJob)]
    expect(schools.length).toBe(2000)
    const keys = schools.map((s) => [s.regency_code, s.district_code, s.npsn])
    expect(keys).toEqual([...keys].sort((a, b) => order(a.join('\u0000'), b.join('\u0000'))))
    expect(cacheSize()).toBe(before)

    const hospitalsJob = seedReportJob(store, 'hospital-directory', 2000)
    const hospitals = [...store.cache.iterateJobHospitals(hospitalsJob)]
    const hkeys = hospitals.map((h) => [h.province_code, h.regency_code, h.code])
    expect(hospitals.length).toBe(2000)
    expect(hkeys).toEqual([...hkeys].sort((a, b) => order(a.join('\u0000'), b.join('\u0000'))))
    expect(cacheSize()).toBe(before)
  })

  it('a reader that stops early leaves the cache size as it was, and the connection usable', () => {
    const before = cacheSize()
    const job = seedReportJob(store, 'school-search', 500)
    let n = 0
    // (nothing else can run on the connection while the records are read: better-sqlite3 refuses it)
    for (const s of store.cache.iterateJobSchools(job)) if (++n === 10 && s) break
    expect(cacheSize()).toBe(before)
    expect(store.rows.counts(job).total).toBe(12)
  })
})
