import type { DirectoryQuery } from '../../contract/ipc'
import type { HospitalRecord } from '../provider/types'
import { hasServices } from '../model/services-filter'
import type { Db } from './database'

/**
 * A directory query as the cache answers it: the contract's query (the one type sync, browse and
 * export share) plus, optionally, the source of the records ('sandbox' or the service host).
 */
export type CacheQuery = DirectoryQuery & { source?: string }

/** A LIKE pattern that matches `text` literally anywhere (%, _ and \ escaped; ESCAPE '\'). */
export function containsPattern(text: string): string {
  return '%' + text.replace(/[\\%_]/g, (m) => '\\' + m) + '%'
}

export interface DirectorySql {
  table: 'hospitals_cache' | 'schools_cache'
  /** `WHERE …` or '' */
  where: string
  args: unknown[]
  order: string
}

/**
 * The one translation of a directory query to SQL over the cache. Every filter is honoured for
 * every product it applies to (province for schools too); services use the same rule as a sync's
 * client-side filter (hasServices, called from SQL).
 */
export function directorySql(q: CacheQuery): DirectorySql {
  const parts: string[] = []
  const args: unknown[] = []
  const inList = (column: string, values?: string[]): void => {
    if (!values?.length) return
    parts.push(`${column} IN (${values.map(() => '?').join(',')})`)
    args.push(...values)
  }
  const equals = (column: string, value?: string): void => {
    if (value === undefined || value.trim() === '') return
    parts.push(`${column} = ?`)
    args.push(value)
  }
  if (q.source) equals('source', q.source)
  inList('province_code', q.provinceCodes)
  inList('regency_code', q.regencyCodes)
  if (q.product === 'hospitals') {
    equals('class', q.class)
    equals('type', q.type)
    equals('ownership', q.ownership)
    equals('blu_status', q.blu_status)
    if (q.services?.trim()) {
      parts.push('rekap_has_services(record_json, ?) = 1')
      args.push(q.services.trim())
    }
  } else {
    inList('district_code', q.districtCodes)
    equals('grade', q.grade)
    equals('status', q.status)
    if (q.accreditation?.trim()) {
      parts.push("json_extract(record_json, '$.accreditation') = ?")
      args.push(q.accreditation.trim().toUpperCase())
    }
  }
  if (q.name?.trim()) {
    parts.push("name LIKE ? ESCAPE '\\'")
    args.push(containsPattern(q.name.trim()))
  }
  return {
    table: q.product === 'hospitals' ? 'hospitals_cache' : 'schools_cache',
    where: parts.length ? `WHERE ${parts.join(' AND ')}` : '',
    args,
    order: q.product === 'hospitals' ? 'province_code, regency_code, code' : 'province_code, regency_code, district_code, npsn',
  }
}

/** The SQL functions directorySql uses; registered on every connection that runs it. */
export function registerDirectoryFunctions(db: Db): void {
  db.function('rekap_has_services', { deterministic: true }, (json: unknown, wanted: unknown) =>
    hasServices(JSON.parse(String(json)) as HospitalRecord, String(wanted)) ? 1 : 0,
  )
}
