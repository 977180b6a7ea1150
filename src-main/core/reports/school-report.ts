import type { ReportZone } from './time-zone'
import type { SchoolRecord } from '../provider/types'
import type { Store, JobRecord, JobFingerprint } from '../store'
import { writeLookupResults } from './lookup-results'
import type { ReportLabels } from './labels'
import type { ColumnSpec } from './column-cells'
import type { ReportWriter } from './report-output'
import { asSchoolRecord, lacksPremiumFields, schoolColumns, schoolStatusLabel, schoolValues } from './school-fields'
import { Pivot, writePivotSheet } from './pivot'
import type { RegionNames } from './region-names'

const GRADE_ORDER = ['PAUD', 'TK', 'KB', 'SD', 'SMP', 'SMA', 'SMK', 'SLB']

/** District x grade and district x status, fed one distinct school at a time. */
export class SchoolPivots {
  readonly districtByGrade = new Pivot()
  readonly districtByStatus = new Pivot()
  /** set when any record lacked the premium-only fields: the summary explains the empty cells */
  premiumMissing = false
  private readonly seen = new Set<string>()
  private readonly districtNames = new Map<string, { district: string; regency: string }>()

  add(s: SchoolRecord): void {
    if (lacksPremiumFields(s)) this.premiumMissing = true
    if (this.seen.has(s.npsn)) return
    this.seen.add(s.npsn)
    const d = s.district_code ?? ''
    if (!this.districtNames.has(d)) this.districtNames.set(d, { district: s.district_name ?? '', regency: s.regency_name ?? '' })
    this.districtByGrade.add(d, s.grade ?? '')
    this.districtByStatus.add(d, s.status ?? '')
  }

  names(districtCode: string): { district: string; regency: string } | undefined {
    return this.districtNames.get(districtCode)
  }
}

export async function writeSchoolPivots(writer: ReportWriter, p: SchoolPivots, L: ReportLabels, regions: RegionNames): Promise<void> {
  const S = L.school
  const keyColumns: ColumnSpec[] = [
    { header: S.districtCode, kind: 'code' },
    { header: S.district, kind: 'text' },
    { header: S.regency, kind: 'text' },
  ]
  const keyValues = (k: string): unknown[] => {
    const n = p.names(k)
    return [k, n?.district || regions.name(k), n?.regency || regions.name(k.slice(0, 4))]
  }
  await writePivotSheet(writer, p.districtByGrade, {
    name: L.sheets.districtByGrade,
    keyColumns,
    keyValues,
    colKeys: p.districtByGrade.columnKeys(GRADE_ORDER.filter((g) => p.districtByGrade.columnCount(g) > 0)),
    colLabel: (g) => g || '-',
    countHeader: S.schools,
    totalLabel: S.total,
  })
  await writePivotSheet(writer, p.districtByStatus, {
    name: L.sheets.districtByStatus,
    keyColumns,
    keyValues,
    colKeys: p.districtByStatus.columnKeys(['N', 'S']),
    colLabel: (s) => schoolStatusLabel(s, L) || '-',
    countHeader: S.schools,
    totalLabel: S.total,
  })
}

/** Sheet 2 of a school lookup report. */
export function writeSchoolLookupResults(
  writer: ReportWriter,
  store: Store,
  job: JobRecord,
  L: ReportLabels,
  regions: RegionNames,
  pivots: SchoolPivots,
  opts: { zone?: ReportZone; fingerprint?: JobFingerprint } = {},
): Promise<number> {
  return writeLookupResults<SchoolRecord>(writer, store, job, L, {
    columns: schoolColumns(L),
    fromResult: asSchoolRecord,
    fromCache: (st, npsn, source) => st.cache.getSchool(npsn, source, 0),
    values: (s) => schoolValues(s, L, regions),
    onRecord: (s) => pivots.add(s),
  }, opts)
}

/** Sheet 2 of a school directory report: one row per distinct school. */
export async function writeSchoolRecords(
  writer: ReportWriter,
  records: Iterable<SchoolRecord>,
  L: ReportLabels,
  regions: RegionNames,
  pivots: SchoolPivots,
  zone?: ReportZone,
): Promise<number> {
  // NPSN and name head every printed page across
  const sheet = writer.sheet(L.sheets.results, schoolColumns(L), { primary: true, keyColumns: 2 })
  let n = 0
  for (const s of records) {
    pivots.add(s)
    sheet.addRow(schoolValues(s, L, regions))
    n++
    await sheet.breathe()
  }
  await sheet.close()
  return n
}
