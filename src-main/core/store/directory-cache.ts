import { type Db, writeTransaction } from './database'
import { orderColumnSql, type RecordProduct } from './record-order'
import type Database from 'better-sqlite3'
import type { HospitalRecord, SchoolRecord } from '../provider/types'
import { directorySql, registerDirectoryFunctions, type CacheQuery } from './directory-query'

export type { CacheQuery } from './directory-query'
/** A directory query without its product, for the product-specific iterators. */
export type HospitalQuery = Omit<CacheQuery, 'product'>
export type SchoolQuery = Omit<CacheQuery, 'product'>

export interface RegionEntry {
  code: string
  level: 'province' | 'regency' | 'district'
  parentCode: string | null
  name: string
}


/** A job's own copies of one product's records, in the table's key order: the report order. */
export const JOB_RECORDS_SQL = `SELECT record_json FROM job_records WHERE job_id = ? AND product = ? AND record_json IS NOT NULL
  ORDER BY order1, order2, record_key`

export class DirectoryCache {
  constructor(private readonly db: Db) {
    registerDirectoryFunctions(db)
  }

  /**
   * Statements asked for once per row (the runner's and the report's lookups) are prepared once;
   * `Row` is the type of the rows the SQL selects, stated beside it.
   */
  private readonly prepared = new Map<string, Database.Statement<unknown[], unknown>>()
  private stmt<Row>(sql: string): Database.Statement<unknown[], Row> {
    let s = this.prepared.get(sql)
    if (!s) this.prepared.set(sql, (s = this.db.prepare<unknown[], unknown>(sql)))
    // one statement per SQL text, and each SQL text is asked for with one row type
    return s as Database.Statement<unknown[], Row>
  }

  /**
   * Pending, not-duplicate rows of a lookup job whose code (the row's unit key) has a fresh cached
   * record: the same condition as getHospital / getSchool, counted in one query instead of a
   * lookup per row.
   */
  countFreshLookups(jobId: string, product: 'hospital' | 'school', source: string, freshAfter: number): number {
    const cache = product === 'hospital' ? 'hospitals_cache c ON c.code' : 'schools_cache c ON c.npsn'
    const r = this.stmt<{ n: number }>(
      `SELECT COUNT(*) AS n FROM job_rows r JOIN ${cache} = r.unit_key AND c.source = ? AND c.fetched_at >= ?
       WHERE r.job_id = ? AND r.state = 'pending' AND r.duplicate_of IS NULL`,
    ).get(source, freshAfter, jobId)!
    return r.n
  }

  putHospitals(records: HospitalRecord[], source: string, now: number): void {
    const stmt = this.db.prepare(
      `INSERT OR REPLACE INTO hospitals_cache (code, name, type, class, ownership, blu_status, province_code, regency_code,
         record_json, source, fetched_at) VALUES (?,?,?,?,?,?,?,?,?,?,?)`,
    )
    writeTransaction(this.db, () => {
      for (const h of records)
        stmt.run(h.code, h.name, h.type, h.class, h.ownership, h.blu_status, h.province_code, h.regency_code, JSON.stringify(h), source, now)
    })
  }

  /** The cached record if it was fetched from this source after `freshAfter`. */
  getHospital(code: string, source: string, freshAfter: number): HospitalRecord | undefined {
    const r = this.stmt<{ record_json: string }>('SELECT record_json FROM hospitals_cache WHERE code = ? AND source = ? AND fetched_at >= ?').get(code, source, freshAfter)
    return r ? JSON.parse(r.record_json) : undefined
  }

  putSchools(records: SchoolRecord[], source: string, now: number): void {
    const stmt = this.db.prepare(
      `INSERT OR REPLACE INTO schools_cache (npsn, name, grade, status, province_code, regency_code, district_code,
         record_json, source, fetched_at) VALUES (?,?,?,?,?,?,?,?,?,?)`,
    )
    writeTransaction(this.db, () => {
      for (const s of records)
        stmt.run(s.npsn, s.name, s.grade, s.status, s.province_code, s.regency_code, s.district_code, JSON.stringify(s), source, now)
    })
  }

  getSchool(npsn: string, source: string, freshAfter: number): SchoolRecord | undefined {
    const r = this.stmt<{ record_json: string }>('SELECT record_json FROM schools_cache WHERE npsn = ? AND source = ? AND fetched_at >= ?').get(npsn, source, freshAfter)
    return r ? JSON.parse(r.record_json) : undefined
  }

  putRegions(entries: RegionEntry[], source: string, now: number): void {
    const stmt = this.db.prepare(
      'INSERT OR REPLACE INTO regions_cache (code, level, parent_code, name, source, fetched_at) VALUES (?,?,?,?,?,?)',
    )
    writeTransaction(this.db, () => {
      for (const e of entries) stmt.run(e.code, e.level, e.parentCode, e.name, source, now)
    })
  }

  regionNames(): Map<string, string> {
    const rows = this.db.prepare<unknown[], { code: string; name: string }>('SELECT code, name FROM regions_cache').all()
    return new Map(rows.map((r) => [r.code, r.name]))
  }

  listRegions(level?: RegionEntry['level'], parentCode?: string): RegionEntry[] {
    const where: string[] = []
    const args: unknown[] = []
    if (level) (where.push('level = ?'), args.push(level))
    if (parentCode) (where.push('parent_code = ?'), args.push(parentCode))
    return (
      this.db
        .prepare<unknown[], { code: string; level: RegionEntry['level']; parent_code: string | null; name: string }>(`SELECT code, level, parent_code, name FROM regions_cache ${where.length ? 'WHERE ' + where.join(' AND ') : ''} ORDER BY code`)
        .all(...args)
    ).map((r) => ({ code: r.code, level: r.level, parentCode: r.parent_code, name: r.name }))
  }

  /** Records matching a directory query (directorySql: the one translation), in report order. */
  *iterateDirectory(q: CacheQuery): Generator<HospitalRecord | SchoolRecord> {
    const d = directorySql(q)
    const stmt = this.db.prepare<unknown[], { record_json: string }>(`SELECT record_json FROM ${d.table} ${d.where} ORDER BY ${d.order}`)
    for (const r of stmt.iterate(...d.args)) yield JSON.parse(r.record_json)
  }

  countDirectory(q: CacheQuery): number {
    const d = directorySql(q)
    return (this.db.prepare<unknown[], { n: number }>(`SELECT COUNT(*) AS n FROM ${d.table} ${d.where}`).get(...d.args)!).n
  }

  /** One page of a directory query, each record with the time it was fetched. */
  pageDirectory(q: CacheQuery, offset: number, limit: number): Array<{ record_json: string; fetched_at: number }> {
    const d = directorySql(q)
    return this.db
      .prepare<unknown[], { record_json: string; fetched_at: number }>(`SELECT record_json, fetched_at FROM ${d.table} ${d.where} ORDER BY ${d.order} LIMIT ? OFFSET ?`)
      .all(...d.args, limit, offset)
  }

  *iterateHospitals(q: Omit<CacheQuery, 'product'> = {}): Generator<HospitalRecord> {
    yield* this.iterateDirectory({ ...q, product: 'hospitals' }) as Generator<HospitalRecord>
  }

  *iterateSchools(q: Omit<CacheQuery, 'product'> = {}): Generator<SchoolRecord> {
    yield* this.iterateDirectory({ ...q, product: 'schools' }) as Generator<SchoolRecord>
  }

  /**
   * Records a job's units yielded (de-duplicated per job by key), each with a copy of the record as
   * the cache holds it now: the records were just fetched for this job (or answered from a fresh
   * cache), and its report must show them as they were even after a later sync changes the cache.
   */
  linkRecords(jobId: string, product: RecordProduct, keys: string[], rowNo: number): void {
    const cache = product === 'hospitals' ? 'hospitals_cache WHERE code = ?' : 'schools_cache WHERE npsn = ?'
    // the record's report order is taken from the copy it stores (RECORD_ORDER)
    const stmt = this.db.prepare(
      `INSERT OR IGNORE INTO job_records (job_id, product, record_key, row_no, record_json, order1, order2)
       SELECT ?, ?, ?, ?, j, ${orderColumnSql(product, 0, 'j')}, ${orderColumnSql(product, 1, 'j')}
       FROM (SELECT (SELECT record_json FROM ${cache}) AS j)`,
    )
    writeTransaction(this.db, () => {
      for (const k of keys) stmt.run(jobId, product, k, rowNo, k)
    })
  }

  /** The job's own copies of its hospitals, in region order. */
  *iterateJobHospitals(jobId: string): Generator<HospitalRecord> {
    yield* this.jobRecords<HospitalRecord>(jobId, 'hospitals')
  }

  /** The job's own copies of its schools, in region order. */
  *iterateJobSchools(jobId: string): Generator<SchoolRecord> {
    yield* this.jobRecords<SchoolRecord>(jobId, 'schools')
  }

  private *jobRecords<T>(jobId: string, product: RecordProduct): Generator<T> {
    // the table's key is the report order (RECORD_ORDER, migration 8): read in it, nothing sorted
    // (a sort of 100,000 records' JSON cost more than reading them). The text alone (pluck): an
    // object per record cost ~25% of reading them (14 ms per 100,000).
    const stmt = this.db.prepare<unknown[], string>(JOB_RECORDS_SQL).pluck()
    for (const json of stmt.iterate(jobId, product)) yield JSON.parse(json) as T
  }

  markSync(syncKey: string, product: string, filters: unknown, totalItem: number, source: string, now: number): void {
    this.db
      .prepare(
        'INSERT OR REPLACE INTO directory_syncs (sync_key, product, filters_json, total_item, source, fetched_at) VALUES (?,?,?,?,?,?)',
      )
      .run(syncKey, product, JSON.stringify(filters), totalItem, source, now)
  }

  /** Every query fetched to its last page from this source, with its server filters (the export's coverage check). */
  syncs(product: 'hospitals' | 'schools', source: string): Array<{ filters: Record<string, string>; fetchedAt: number }> {
    const rows = this.stmt<{
      filters_json: string
      fetched_at: number
    }>('SELECT filters_json, fetched_at FROM directory_syncs WHERE product = ? AND source = ?').all(product, source)
    return rows.map((r) => ({ filters: JSON.parse(r.filters_json) as Record<string, string>, fetchedAt: r.fetched_at }))
  }

  /** A directory query fetched to its last page from this source after `freshAfter`, if any. */
  freshSync(syncKey: string, source: string, freshAfter: number): { totalItem: number; fetchedAt: number } | undefined {
    const r = this.db
      .prepare<unknown[], { total_item: number; fetched_at: number }>('SELECT total_item, fetched_at FROM directory_syncs WHERE sync_key = ? AND source = ? AND fetched_at >= ?')
      .get(syncKey, source, freshAfter)
    return r ? { totalItem: r.total_item, fetchedAt: r.fetched_at } : undefined
  }

  /** What a directory's cache holds: how many records, their oldest and newest fetch, their sources. */
  stats(product: 'hospitals' | 'schools'): { n: number; oldest: number | null; newest: number | null; sources: string | null } {
    const table = product === 'hospitals' ? 'hospitals_cache' : 'schools_cache'
    return this.db
      .prepare<unknown[], { n: number; oldest: number | null; newest: number | null; sources: string | null }>(`SELECT COUNT(*) AS n, MIN(fetched_at) AS oldest, MAX(fetched_at) AS newest, GROUP_CONCAT(DISTINCT source) AS sources FROM ${table}`)
      .get()!
  }
}

