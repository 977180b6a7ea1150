import type { Store, JobRecord, SchoolQuery } from './index'
import { directorySql } from './directory-query'

const LACKS = `(json_extract(%s, '$.accreditation') IS NULL OR json_extract(%s, '$.lang') IS NULL OR json_extract(%s, '$.long') IS NULL)`
const lacks = (col: string): string => LACKS.replace(/%s/g, col)

/**
 * Whether any school in the report came without the premium-only fields. Asked of SQLite up
 * front because the summary (sheet 1) is written before the records are read. `from`: the job's
 * own copies of its directory records, or its lookup results.
 */
export function schoolsLackPremiumFields(store: Store, job: JobRecord, from: 'records' | 'results'): boolean {
  const sql =
    from === 'records'
      ? `SELECT 1 FROM job_records j
         WHERE j.job_id = ? AND j.product = 'schools' AND j.record_json IS NOT NULL AND ${lacks('j.record_json')} LIMIT 1`
      : `SELECT 1 FROM results WHERE job_id = ? AND outcome = 'found' AND raw_json IS NOT NULL AND ${lacks('raw_json')} LIMIT 1`
  return store.db.prepare(sql).get(job.id) !== undefined
}

export function cachedSchoolsLackPremiumFields(store: Store, q: SchoolQuery): boolean {
  const d = directorySql({ ...q, product: 'schools' })
  const where = d.where ? `${d.where} AND ${lacks('record_json')}` : `WHERE ${lacks('record_json')}`
  return store.db.prepare(`SELECT 1 FROM schools_cache ${where} LIMIT 1`).get(...d.args) !== undefined
}
