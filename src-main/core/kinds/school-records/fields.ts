import type { SchoolRecord } from '../../provider/types'
import type { ReportLabels } from '../../reports/labels'
import type { ColumnSpec } from '../../reports/column-cells'
import type { RegionNames } from '../../reports/region-names'

/** Every field of a school record; premium-only fields (accreditation, coordinates) may be empty. */
export function schoolColumns(L: ReportLabels): ColumnSpec[] {
  const S = L.school
  return [
    { header: S.npsn, kind: 'code' },
    { header: S.name, kind: 'text', width: 40 },
    { header: S.grade, kind: 'text', width: 9 },
    { header: S.status, kind: 'text', width: 9 },
    { header: S.accreditation, kind: 'text', width: 11 },
    { header: S.address, kind: 'text', width: 50 },
    { header: S.provinceCode, kind: 'code' },
    { header: S.province, kind: 'text' },
    { header: S.regencyCode, kind: 'code' },
    { header: S.regency, kind: 'text' },
    { header: S.districtCode, kind: 'code' },
    { header: S.district, kind: 'text' },
    { header: S.latitude, kind: 'number', width: 11 },
    { header: S.longitude, kind: 'number', width: 11 },
  ]
}

export function schoolStatusLabel(status: string | null | undefined, L: ReportLabels): string {
  return status === 'N' ? L.school.statusN : status === 'S' ? L.school.statusS : (status ?? '')
}

/** The record's own region names, or the region tree's when the record has none. */
export function schoolValues(s: SchoolRecord | null, L: ReportLabels, regions: RegionNames): unknown[] {
  if (!s) return []
  return [
    s.npsn,
    s.name,
    s.grade,
    schoolStatusLabel(s.status, L),
    s.accreditation ?? null,
    s.address,
    s.province_code,
    s.province_name || regions.name(s.province_code),
    s.regency_code,
    s.regency_name || regions.name(s.regency_code),
    s.district_code,
    s.district_name || regions.name(s.district_code),
    typeof s.lang === 'number' ? s.lang : null,
    typeof s.long === 'number' ? s.long : null,
  ]
}

export function asSchoolRecord(raw: unknown): SchoolRecord | null {
  if (!raw || typeof raw !== 'object') return null
  const r = raw as Partial<SchoolRecord>
  return typeof r.npsn === 'string' && typeof r.name === 'string' && 'district_code' in r ? (r as SchoolRecord) : null
}

/** True when the service withheld premium fields (null after the client's normalisation). */
export function lacksPremiumFields(s: SchoolRecord): boolean {
  return s.accreditation === null || s.lang === null || s.long === null
}
