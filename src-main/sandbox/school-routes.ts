import { LIMITS, MESSAGES, type SchoolRecordWire } from '../core/provider/types'
import { failure, success } from './http-io'
import { normalisePage, paginate } from './paging'
import { containsIgnoreCase, param, type Route, type RouteContext } from './route-types'
import type { SchoolRow } from './school-generator'

/**
 * School directory (spec 4.2). Page size fixed at 100; page < 1 -> 1; filters combine.
 * Choices where the spec is silent:
 * - the accreditation filter's parameter name is `accreditation` (403 without premium);
 * - non-premium placeholder text below, identical in accreditation, lang and long;
 * - schools/search: {status: 'success', timestamp: ISO 8601, result: school records (max 100)};
 *   without premium it answers 403 in the standard error envelope.
 */
export const PREMIUM_PLACEHOLDER = 'Data hanya tersedia untuk paket premium'
export const SCHOOL_SEARCH_PREMIUM_TEXT = 'Schools search is for premium members only'
const SEARCH_MAX_RESULTS = 100

export function toWire(row: SchoolRow, premium: boolean): SchoolRecordWire {
  return premium ? { ...row } : { ...row, accreditation: PREMIUM_PLACEHOLDER, lang: PREMIUM_PLACEHOLDER, long: PREMIUM_PLACEHOLDER }
}

export interface SchoolFilterValues {
  regencyCode: string | null
  npsn: string | null
  name: string | null
  status: string | null
  grade: string | null
  accreditation: string | null
}

export function schoolFilterValues(query: URLSearchParams): SchoolFilterValues {
  return {
    regencyCode: param(query, 'regency_code'),
    npsn: param(query, 'npsn'),
    name: param(query, 'name'),
    status: param(query, 'status'),
    grade: param(query, 'grade'),
    accreditation: param(query, 'accreditation'),
  }
}

/** Pure: does one school pass every given filter (enum values compared case-insensitively)? */
export function schoolMatches(row: SchoolRow, f: SchoolFilterValues): boolean {
  if (f.regencyCode !== null && row.regency_code !== f.regencyCode) return false
  if (f.npsn !== null && row.npsn !== f.npsn) return false
  if (f.status !== null && row.status !== f.status.toUpperCase()) return false
  if (f.grade !== null && row.grade !== f.grade.toUpperCase()) return false
  if (f.accreditation !== null && row.accreditation !== f.accreditation.toUpperCase()) return false
  if (f.name !== null && !containsIgnoreCase(row.name, f.name)) return false
  return true
}

/** The smallest candidate set the filters allow: one school, one regency, or all. */
async function candidates(ctx: RouteContext, f: SchoolFilterValues): Promise<SchoolRow[]> {
  if (f.npsn !== null) {
    const one = await ctx.data.schoolByNpsn(f.npsn)
    return one ? [one] : []
  }
  if (f.regencyCode !== null) return ctx.data.schoolsOfRegency(f.regencyCode)
  return ctx.data.allSchools()
}

export const schoolRoutes: Route[] = [
  {
    method: 'GET',
    path: '/regional/indonesia/schools',
    product: 'schools',
    unauthorizedText: MESSAGES.schoolsUnauthorized,
    async handle(ctx) {
      const f = schoolFilterValues(ctx.query)
      if (f.accreditation !== null && !ctx.premium) return failure(403, MESSAGES.accreditationPremium)
      const rows = (await candidates(ctx, f)).filter((r) => schoolMatches(r, f))
      const { data, paging } = paginate(rows, normalisePage(ctx.query.get('page')), LIMITS.schoolPageSize)
      return success(
        data.map((r) => toWire(r, ctx.premium)),
        paging,
      )
    },
  },
  {
    method: 'GET',
    path: '/regional/indonesia/schools/search',
    product: 'schools',
    unauthorizedText: MESSAGES.schoolsSearchUnauthenticated,
    async handle(ctx) {
      if (!ctx.premium) return failure(403, SCHOOL_SEARCH_PREMIUM_TEXT)
      const q = param(ctx.query, 'query')
      if (q === null) return failure(400, 'query is required')
      const needle = q.toLowerCase()
      const result: SchoolRecordWire[] = []
      for (const row of await ctx.data.allSchools()) {
        if (row.npsn === q || row.name.toLowerCase().includes(needle) || row.address.toLowerCase().includes(needle)) {
          result.push(toWire(row, true))
          if (result.length >= SEARCH_MAX_RESULTS) break
        }
      }
      return {
        status: 200,
        body: { status: 'success', timestamp: new Date(ctx.nowMs).toISOString(), result },
      }
    },
  },
]
