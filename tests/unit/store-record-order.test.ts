/**
 * A directory job's records are keyed in report order (migration 8, RECORD_ORDER), so its report
 * reads them without a sort (issue 27). A store written before that (schema 7: records keyed by job,
 * product and key, sorted with json_extract on every read) gets the order of every stored record
 * when it is first opened, and reports them in the order that sort gave: codes of either JSON type,
 * a missing code (first, as NULL sorted), a record the cache never had (not reported); a record
 * linked again is still kept once, as its first copy.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { openStore, JobsRepo, type Store } from '../../src-main/core/store'
import { MIGRATIONS } from '../../src-main/core/store/migrations'
import { defaultJobSettings } from '../../src-main/core/model/job-settings'
import { makeTempDir } from '../helpers/temp-dir'

let tmp: ReturnType<typeof makeTempDir>
let store: Store | undefined
const T0 = Date.UTC(2026, 10, 28, 5, 0, 0)

beforeEach(() => (tmp = makeTempDir()))
afterEach(() => {
  store?.close()
  tmp.cleanup()
})

/** Records whose key order is not their region order; codes as the service may send them. */
const HOSPITALS: Array<Record<string, unknown>> = [
  { code: 'H1', province_code: '36', regency_code: '3601' },
  { code: 'H2', province_code: '32', regency_code: '3273' },
  { code: 'H3', province_code: '32', regency_code: '3201' },
  { code: 'H4', province_code: '32', regency_code: 3201 }, // a number sorts before every text
  { code: 'H5', regency_code: '3101' }, // no province: first, as NULL sorted
  { code: 'H6', province_code: '32', regency_code: '3201' }, // a tie: by key
  { code: 'H0', province_code: '31', regency_code: null },
]
const SCHOOLS: Array<Record<string, unknown>> = [
  { npsn: '9', regency_code: '3273', district_code: '327301' },
  { npsn: '8', regency_code: '3201', district_code: '320105' },
  { npsn: '7', regency_code: '3201', district_code: '320101' },
  { npsn: '6', regency_code: '3201' },
]

/** The read of schema 7: every record sorted by json_extract of its JSON, then by key. */
const OLD_READ = `SELECT record_json FROM job_records WHERE job_id = ? AND product = ? AND record_json IS NOT NULL
  ORDER BY json_extract(record_json, ?), json_extract(record_json, ?), record_key`

describe("a store written before a directory job's records were keyed in report order", () => {
  it('gets the order of every stored record on its first open, and reports them in the order the sort gave', () => {
    const file = join(tmp.dir, 'old.sqlite')
    const raw = new Database(file)
    raw.pragma('foreign_keys = ON')
    for (const m of MIGRATIONS.filter((m) => m.version <= 7)) raw.exec(m.sql)
    raw.pragma('user_version = 7')
    const jobs = new JobsRepo(raw)
    const newJob = (n: number) => jobs.create({ kind: 'hospital-directory', inputName: `${n}.xlsx`, settings: defaultJobSettings({ baseUrl: 'http://x' }) }, T0).id
    // records as schema 7's linkRecords wrote them: the job's copy of each, no order stored
    const link = raw.prepare('INSERT INTO job_records (job_id, product, record_key, row_no, record_json) VALUES (?,?,?,?,?)')
    const [a, b] = [newJob(1), newJob(2)]
    HOSPITALS.forEach((h, i) => link.run(a, 'hospitals', h.code, i + 1, JSON.stringify(h)))
    link.run(a, 'hospitals', 'H9', 9, null) // linked, but the cache never had it
    SCHOOLS.forEach((s, i) => link.run(b, 'schools', s.npsn, i + 1, JSON.stringify(s)))
    const old = (job: string, product: string, p1: string, p2: string) =>
      raw.prepare(OLD_READ).pluck().all(job, product, p1, p2).map((j) => JSON.parse(j as string))
    const hospitalsBefore = old(a, 'hospitals', '$.province_code', '$.regency_code')
    const schoolsBefore = old(b, 'schools', '$.regency_code', '$.district_code')
    raw.close()
    // the fixtures really are out of key order, with the missing code first
    expect(hospitalsBefore.map((h) => h.code)).toEqual(['H5', 'H0', 'H4', 'H3', 'H6', 'H2', 'H1'])
    expect(schoolsBefore.map((s) => s.npsn)).toEqual(['6', '7', '8', '9'])

    store = openStore(file)
    expect([...store.cache.iterateJobHospitals(a)]).toEqual(hospitalsBefore)
    expect([...store.cache.iterateJobSchools(b)]).toEqual(schoolsBefore)
    expect(store.rows.recordsCount(a)).toBe(HOSPITALS.length + 1)

    // linked again after the migration (another page, the cache since changed): still its first copy, once
    store.cache.putHospitals([{ ...HOSPITALS[1], province_code: '11' } as never], 'test', T0)
    store.cache.linkRecords(a, 'hospitals', ['H2'], 20)
    expect([...store.cache.iterateJobHospitals(a)]).toEqual(hospitalsBefore)
  })
})
