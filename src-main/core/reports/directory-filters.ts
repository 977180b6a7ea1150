import type { HospitalQuery, SchoolQuery } from '../store'
import type { ReportLabels } from './labels'
import type { RegionNames } from './region-names'

/**
 * A directory query as a reader says it: "Provinsi: 32 Jawa Barat; Kelas: B", each filter named
 * with the report's own column titles and region codes with their names; no filter at all says so.
 */
export function readableFilters(q: HospitalQuery | SchoolQuery, L: ReportLabels, regions: RegionNames): string {
  const H = L.hospital
  const S = L.school
  const places = (codes: string[] | undefined): string | undefined =>
    codes?.length ? codes.map((c) => [c, regions.name(c)].filter(Boolean).join(' ')).join(', ') : undefined
  const parts: Array<[string, string | undefined]> = [
    [H.province, places(q.provinceCodes)],
    [H.regency, places(q.regencyCodes)],
    [S.district, places(q.districtCodes)],
    [H.class, q.class],
    [H.type, q.type],
    [H.ownership, q.ownership],
    [H.bluStatus, q.blu_status],
    [S.grade, q.grade],
    [S.status, q.status === 'N' ? S.statusN : q.status === 'S' ? S.statusS : q.status],
    [S.accreditation, q.accreditation],
    [H.name, q.name],
    [H.servicesList, q.services],
  ]
  const said = parts.filter((p): p is [string, string] => Boolean(p[1])).map(([k, v]) => `${k}: ${v}`)
  return said.length ? said.join('; ') : L.summary.noFilter
}
