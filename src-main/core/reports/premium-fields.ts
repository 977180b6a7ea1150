import type { Store, JobRecord, SchoolQuery } from '../store'

const LACKS = `(json_extract(%s, '$.accreditation') IS NULL OR json_extract(%s, '$.lang') IS NULL OR json_extract(%s, '$.long') IS NULL)`
const lacks = (col: string): string => LACKS.replace(/%s/g, col)

/**
 * Whether any school in the report came without the premium-only fields. Asked of SQLite up
 * front because the summary (sheet 1) is written before the records are read. `from`: the job's
 * linked directory records, or its lookup results.
 */
export function schoolsLackPremiumFields(store: Store, job: JobRecord, from: 'records' | 'results'): boolean {
  const sql =
    from === 'records'
      ? `SELECT 1 FROM job_records j JOIN schools_cache s ON s.npsn = j.record_key
         WHERE j.job_id = ? AND j.product = 'schools' AND ${lacks('s.record_json')} LIMIT 1`
      : `SELECT 1 FROM results WHERE job_id = ? AND outcome = 'found' AND raw_json IS NOT NULL AND ${lacks('raw_json')} LIMIT 1`
  return store.db.prepare(sql).get(job.id) !== undefined
}

export function cachedSchoolsLackPremiumFields(store: Store, q: SchoolQuery): boolean {
  const where: string[] = [lacks('record_json')]
  const args: unknown[] = []
  if (q.regencyCodes?.length) (where.push(`regency_code IN (${q.regencyCodes.map(() => '?').join(',')})`), args.push(...q.regencyCodes))
  if (q.districtCodes?.length) (where.push(`district_code IN (${q.districtCodes.map(() => '?').join(',')})`), args.push(...q.districtCodes))
  if (q.grade) (where.push('grade = ?'), args.push(q.grade))
  if (q.status) (where.push('status = ?'), args.push(q.status))
  return store.db.prepare(`SELECT 1 FROM schools_cache WHERE ${where.join(' AND ')} LIMIT 1`).get(...args) !== undefined
}
