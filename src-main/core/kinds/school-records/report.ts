import type { SchoolRecord } from '../../provider/types'
import type { ReportLabels } from '../../reports/labels'
import type { ColumnSpec } from '../../reports/column-cells'
import type { ReportWriter } from '../../reports/report-output'
import type { RegionNames } from '../../reports/region-names'
import { Pivot, writePivotSheet } from '../../reports/pivot'
import { recordFamilyReports } from '../record-family-reports'
import { FirstRowIndex } from '../../jobs/first-row-index'
import { schoolsLackPremiumFields } from '../../store/premium-fields'
import type { JobKindModule } from '../kind'
import { asSchoolRecord, lacksPremiumFields, schoolColumns, schoolStatusLabel, schoolValues } from './fields'

const GRADE_ORDER = ['PAUD', 'TK', 'KB', 'SD', 'SMP', 'SMA', 'SMK', 'SLB']

/** District x grade and district x status, fed one distinct school at a time. */
export class SchoolPivots {
  readonly districtByGrade = new Pivot()
  readonly districtByStatus = new Pivot()
  /** set when any record lacked the premium-only fields: the summary explains the empty cells */
  premiumMissing = false
  /**
   * records counted (off the JS heap: a 1,000,000-row lookup names up to 500,000 of them); none
   * when the records come distinct (a job's own copies, one per NPSN: their table's key), where
   * hashing and storing every NPSN was ~4% of a 100,000-row directory export's report thread
   */
  private readonly seen: FirstRowIndex | null
  private readonly districtNames = new Map<string, { district: string; regency: string }>()
  /** the district of the last record counted: already in districtNames */
  private lastDistrict: string | undefined = undefined

  /** `distinct`: every record added has an NPSN of its own (no check made) */
  constructor(distinct = false) {
    this.seen = distinct ? null : new FirstRowIndex()
  }

  add(s: SchoolRecord): void {
    if (lacksPremiumFields(s)) this.premiumMissing = true
    if (this.seen !== null && this.seen.firstOrAdd(s.npsn, 1) !== undefined) return
    const d = s.district_code ?? ''
    // a district's first record names it (records come a district at a time: looked up once a run)
    if (d !== this.lastDistrict) {
      if (!this.districtNames.has(d)) this.districtNames.set(d, { district: s.district_name ?? '', regency: s.regency_name ?? '' })
      this.lastDistrict = d
    }
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

/** The school family's reports: a lookup's, a directory job's or search's, the offline directory export. */
const schoolReports = recordFamilyReports<SchoolRecord, SchoolPivots>({
  columns: schoolColumns,
  values: schoolValues,
  pivots: (distinct) => new SchoolPivots(distinct),
  writePivots: writeSchoolPivots,
  fromResult: asSchoolRecord,
  fromCache: (st, npsn, source) => st.cache.getSchool(npsn, source, 0),
  jobRecords: (cache, jobId) => cache.iterateJobSchools(jobId),
  // a job's records are keyed by NPSN (job_records): each comes once
  jobRecordsDistinct: true,
})

export const { lookupReport: schoolLookupReport, recordsReport: schoolRecordsReport, writeDirectory: writeSchoolDirectory } = schoolReports

/** The summary's note when the service withheld premium fields of a job's linked schools. */
export const schoolRecordsNotes: NonNullable<JobKindModule['reportNotes']> = (store, job, L) =>
  schoolsLackPremiumFields(store, job, 'records') ? [L.notes.premium] : []
