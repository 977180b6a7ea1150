import type { HospitalRecord } from '../../provider/types'
import type { ReportLabels } from '../../reports/labels'
import type { ColumnSpec } from '../../reports/column-cells'
import type { RegionNames } from '../../reports/region-names'
import { zonelessIsoDate } from '../../reports/report-time'

/**
 * A hospital record flattened into readable columns: nested beds, staff, services and
 * facilities become one column each, region names joined beside their codes.
 */
export function hospitalColumns(L: ReportLabels): ColumnSpec[] {
  const H = L.hospital
  return [
    { header: H.code, kind: 'code' },
    { header: H.name, kind: 'text', width: 40 },
    { header: H.type, kind: 'text' },
    { header: H.class, kind: 'text', width: 7 },
    { header: H.ownership, kind: 'text' },
    { header: H.bluStatus, kind: 'text' },
    { header: H.provinceCode, kind: 'code' },
    { header: H.province, kind: 'text' },
    { header: H.regencyCode, kind: 'code' },
    { header: H.regency, kind: 'text' },
    { header: H.address, kind: 'text', width: 50 },
    { header: H.phone, kind: 'code' },
    { header: H.director, kind: 'text' },
    { header: H.landArea, kind: 'number' },
    { header: H.buildingArea, kind: 'number' },
    { header: H.totalBeds, kind: 'integer' },
    { header: H.bedsClassI, kind: 'integer' },
    { header: H.bedsClassII, kind: 'integer' },
    { header: H.bedsClassIII, kind: 'integer' },
    { header: H.bedsHcu, kind: 'integer' },
    { header: H.bedsPerinatology, kind: 'integer' },
    { header: H.bedsIcuVentilator, kind: 'integer' },
    { header: H.servicesCount, kind: 'integer' },
    { header: H.servicesList, kind: 'text', width: 60 },
    { header: H.staffTotal, kind: 'integer' },
    { header: H.staffGp, kind: 'fte' },
    { header: H.staffBasicSpecialist, kind: 'fte' },
    { header: H.staffOtherSpecialist, kind: 'fte' },
    { header: H.scrapedAt, kind: 'date' },
  ]
}

export function hospitalValues(h: HospitalRecord | null, regions: RegionNames): unknown[] {
  if (!h) return []
  return [
    h.code,
    h.name,
    h.type,
    h.class,
    h.ownership,
    h.blu_status,
    h.province_code,
    regions.name(h.province_code),
    h.regency_code,
    regions.name(h.regency_code),
    h.address,
    h.phone,
    h.director,
    squareMetres(h.facilities?.land_area),
    squareMetres(h.facilities?.building_area),
    h.facilities?.total_beds,
    h.beds?.class_i,
    h.beds?.class_ii,
    h.beds?.class_iii,
    h.beds?.hcu,
    h.beds?.perinatology,
    h.beds?.icu_with_ventilator,
    h.services?.count,
    Array.isArray(h.services?.list) ? h.services.list.join('; ') : null,
    h.staff?.total,
    h.staff?.general_practitioner,
    h.staff?.basic_specialist,
    h.staff?.other_specialist,
    typeof h.scraped_at === 'string' ? (zonelessIsoDate(h.scraped_at) ?? h.scraped_at) : null,
  ]
}

const AREA_IN_M2 = /^\s*(\d+(?:\.\d+)?)\s*(?:m2|m²|m\^2)\s*$/i

/**
 * The service gives areas as text with a unit ("9485 m2", "-" when unknown): the number of square
 * metres (the unit is in the header), nothing for the dash, and any other text as it came, so a
 * value in another unit is never silently taken for square metres.
 */
export function squareMetres(area: unknown): number | string | null {
  if (typeof area !== 'string') return typeof area === 'number' ? area : null
  const plain = plainSquareMetres(area)
  if (plain !== undefined) return plain
  const m = AREA_IN_M2.exec(area)
  if (m) return Number(m[1])
  const t = area.trim()
  return t === '' || t === '-' ? null : t
}

/** A result's raw payload when it is a hospital record (lookups may store it there). */
export function asHospitalRecord(raw: unknown): HospitalRecord | null {
  if (!raw || typeof raw !== 'object') return null
  const r = raw as Partial<HospitalRecord>
  return typeof r.code === 'string' && typeof r.name === 'string' && typeof r.beds === 'object' ? (r as HospitalRecord) : null
}

/**
 * The service's usual shape, '9485 m2' or '808.5 m2', read without the pattern (two areas a record,
 * 100,000 records a report): the same number AREA_IN_M2 reads; undefined for any other text.
 */
function plainSquareMetres(area: string): number | undefined {
  const end = area.length - 3
  if (end < 1 || area.charCodeAt(end) !== 32 || area.charCodeAt(end + 1) !== 109 || area.charCodeAt(end + 2) !== 50) return undefined
  let dot = -1
  for (let i = 0; i < end; i++) {
    const c = area.charCodeAt(i)
    if (c === 46 && dot < 0 && i > 0 && i < end - 1) dot = i
    else if (c < 48 || c > 57) return undefined
  }
  return Number(area.slice(0, end))
}
