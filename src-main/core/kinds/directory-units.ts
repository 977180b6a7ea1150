import type { DirectoryQuery } from '../../contract/ipc'
import { directoryAreaMissing } from '../../contract/directory-area'
import { loadRegionTree } from '../regions/region-tree'

/** The query words the service filters by (the rest — services, districts — rekap applies itself). */
const SERVER_FIELDS = ['class', 'type', 'ownership', 'blu_status', 'grade', 'status', 'name'] as const

/** The service filters a directory query sends with every one of its requests (no area). */
export function directoryBaseFilters(q: DirectoryQuery): Record<string, string> {
  const base: Record<string, string> = {}
  for (const k of SERVER_FIELDS) {
    const v = q[k]
    if (v) base[k] = v
  }
  if (q.product === 'schools' && q.accreditation?.trim()) base.accreditation = q.accreditation.trim().toUpperCase()
  return base
}

/**
 * A directory query as the queries the service answers: one per regency, else one per province
 * (schools: the province's regencies, the school endpoint filters by regency only), else one
 * for the whole country (hospitals). Schools with no area: null (the service cannot list them).
 * The plan of a sync and the export's coverage check both read a query this way.
 */
export function directoryUnits(q: DirectoryQuery, base: Record<string, string> = directoryBaseFilters(q)): Array<Record<string, string>> | null {
  if (directoryAreaMissing(q)) return null
  const hospitals = q.product === 'hospitals'
  if (q.regencyCodes?.length) return q.regencyCodes.map((r) => ({ ...base, regency_code: r }))
  if (!hospitals && q.districtCodes?.length) {
    const regencies = [...new Set(q.districtCodes.map((d) => d.slice(0, 4)))]
    return regencies.map((r) => ({ ...base, regency_code: r }))
  }
  if (q.provinceCodes?.length) {
    return hospitals
      ? q.provinceCodes.map((p) => ({ ...base, province_code: p }))
      : q.provinceCodes.flatMap((p) => (loadRegionTree().regenciesByProvince.get(p) ?? []).map((r) => ({ ...base, regency_code: r.code })))
  }
  // only hospitals come here without an area (the rule above)
  return [base]
}
