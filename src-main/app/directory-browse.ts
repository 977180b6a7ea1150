/**
 * One page of the local directory cache for the offline browser, with a total, in SQL
 * (the schools cache can hold hundreds of thousands of records; paging must not parse them all).
 * The filters mean what the sync filters mean, so browsing shows what a sync with the same
 * query fetched.
 */
import type { DirectoryPage, DirectoryQuery } from '../contract/ipc'
import type { Db } from '../core/store'
import type { HospitalRecord } from '../core/provider'
import { hasServices } from '../core/model/services-filter'

interface Where {
  sql: string
  args: unknown[]
}

function whereOf(q: DirectoryQuery, source: string): Where {
  const parts: string[] = ['source = ?']
  const args: unknown[] = [source]
  const inList = (column: string, values?: string[]) => {
    if (!values?.length) return
    parts.push(`${column} IN (${values.map(() => '?').join(',')})`)
    args.push(...values)
  }
  const equals = (column: string, value?: string) => {
    if (value === undefined || value === '') return
    parts.push(`${column} = ?`)
    args.push(value)
  }
  inList('province_code', q.provinceCodes)
  inList('regency_code', q.regencyCodes)
  if (q.product === 'hospitals') {
    equals('class', q.class)
    equals('type', q.type)
    equals('ownership', q.ownership)
    equals('blu_status', q.blu_status)
    if (q.services?.trim()) {
      // the same rule as a sync's client-side filter (hasServices), called from SQL
      parts.push('rekap_has_services(record_json, ?) = 1')
      args.push(q.services.trim())
    }
  } else {
    equals('grade', q.grade)
    equals('status', q.status)
    inList('district_code', q.districtCodes)
    if (q.accreditation?.trim()) {
      parts.push("json_extract(record_json, '$.accreditation') = ?")
      args.push(q.accreditation.trim().toUpperCase())
    }
  }
  if (q.name) {
    parts.push("name LIKE ? ESCAPE '\\'")
    args.push('%' + q.name.replace(/[\\%_]/g, (m) => '\\' + m) + '%')
  }
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', args }
}

/** `source` keeps sandbox records and real records apart ('sandbox' or the service host). */
export function browseDirectory(db: Db, query: DirectoryQuery, source: string, offset: number, limit: number): DirectoryPage {
  const table = query.product === 'hospitals' ? 'hospitals_cache' : 'schools_cache'
  const order = query.product === 'hospitals' ? 'province_code, regency_code, code' : 'province_code, regency_code, npsn'
  db.function('rekap_has_services', { deterministic: true }, (json: unknown, wanted: unknown) =>
    hasServices(JSON.parse(String(json)) as HospitalRecord, String(wanted)) ? 1 : 0,
  )
  const w = whereOf(query, source)
  const total = (db.prepare(`SELECT COUNT(*) AS n FROM ${table} ${w.sql}`).get(...w.args) as { n: number }).n
  const rows = (
    db.prepare(`SELECT record_json, fetched_at FROM ${table} ${w.sql} ORDER BY ${order} LIMIT ? OFFSET ?`).all(
      ...w.args,
      limit,
      offset,
    ) as Array<{ record_json: string; fetched_at: number }>
  ).map((r) => ({ ...(JSON.parse(r.record_json) as Record<string, unknown>), _fetchedAt: r.fetched_at }))
  return { total, rows }
}
