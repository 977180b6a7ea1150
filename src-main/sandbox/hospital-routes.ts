import {
  BLU_STATUSES,
  HOSPITAL_CLASSES,
  HOSPITAL_TYPES,
  LIMITS,
  MESSAGES,
  OWNERSHIPS,
  type HospitalRecord,
} from '../core/provider/types'
import { failure, success } from './http-io'
import { normalisePage, normaliseSize, paginate } from './paging'
import { containsIgnoreCase, param, type Route } from './route-types'

/**
 * Hospital directory (spec 4.4). The 401 text of the hospital endpoints is not shown in the
 * spec; the schools text 'Unauthorized: API key is required' is used. The shapes of classes,
 * ownership and blu-status are not shown; they mirror /types: {<name>: [...], count}.
 * The fixed paths are listed before /{code} so 'types' is never taken for a code.
 */
export interface HospitalFilterValues {
  name: string | null
  type: string | null
  class: string | null
  ownership: string | null
  bluStatus: string | null
  provinceCode: string | null
  regencyCode: string | null
}

export function hospitalFilterValues(query: URLSearchParams): HospitalFilterValues {
  return {
    name: param(query, 'name'),
    type: param(query, 'type'),
    class: param(query, 'class'),
    ownership: param(query, 'ownership'),
    bluStatus: param(query, 'blu_status'),
    provinceCode: param(query, 'province_code'),
    regencyCode: param(query, 'regency_code'),
  }
}

const sameText = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase()

/** Pure: does one hospital pass every given filter (enum values compared case-insensitively)? */
export function hospitalMatches(h: HospitalRecord, f: HospitalFilterValues): boolean {
  if (f.provinceCode !== null && h.province_code !== f.provinceCode) return false
  if (f.regencyCode !== null && h.regency_code !== f.regencyCode) return false
  if (f.type !== null && !sameText(h.type, f.type)) return false
  if (f.class !== null && !sameText(h.class, f.class)) return false
  if (f.ownership !== null && !sameText(h.ownership, f.ownership)) return false
  if (f.bluStatus !== null && !sameText(h.blu_status, f.bluStatus)) return false
  if (f.name !== null && !containsIgnoreCase(h.name, f.name)) return false
  return true
}

const unauthorizedText = MESSAGES.schoolsUnauthorized

function valuesRoute(path: string, key: string, values: readonly string[]): Route {
  return {
    method: 'GET',
    path,
    product: 'hospitals',
    unauthorizedText,
    async handle() {
      return success({ [key]: [...values], count: values.length })
    },
  }
}

export const hospitalRoutes: Route[] = [
  {
    method: 'GET',
    path: '/hospitals/indonesia',
    product: 'hospitals',
    unauthorizedText,
    async handle({ data, query }) {
      const f = hospitalFilterValues(query)
      const rows = (await data.hospitals()).filter((h) => hospitalMatches(h, f))
      const size = normaliseSize(query.get('size'), LIMITS.hospitalMaxPageSize, LIMITS.hospitalMaxPageSize)
      const { data: page, paging } = paginate(rows, normalisePage(query.get('page')), size)
      return success(page, paging)
    },
  },
  valuesRoute('/hospitals/indonesia/types', 'types', HOSPITAL_TYPES),
  valuesRoute('/hospitals/indonesia/classes', 'classes', HOSPITAL_CLASSES),
  valuesRoute('/hospitals/indonesia/ownership', 'ownership', OWNERSHIPS),
  valuesRoute('/hospitals/indonesia/blu-status', 'blu_status', BLU_STATUSES),
  {
    method: 'GET',
    path: /^\/hospitals\/indonesia\/(?<code>[^/]+)$/,
    product: 'hospitals',
    unauthorizedText,
    async handle({ data, params }) {
      const hospital = await data.hospitalByCode(params.code)
      if (!hospital) return failure(404, MESSAGES.hospitalNotFound, { data: null })
      return success(hospital)
    },
  },
]
