import type { SchoolRecord } from '../provider/types'
import type { Store, JobRecord } from '../store'
import { iterateReportRows, type ReportRow } from './report-rows'
import type { ReportLabels } from './labels'
import type { ColumnSpec } from './column-cells'
import type { ReportWriter } from './report-output'
import { asSchoolRecord, lacksPremiumFields, schoolColumns, schoolStatusLabel, schoolValues } from './school-fields'
import { inputColumns, inputValues } from './input-columns'
import { Pivot, writePivotSheet } from './pivot'
import type { RegionNames } from './region-names'
import { reportOutcome } from './row-outcome'
import { serviceHost } from './summary-sheet'
import { toneMap } from './face-report'
import { LOOKUP_TONES } from './hospital-report'

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

/** Sheet 2 of a school-lookup report: the input's own columns, Hasil, Keterangan, then the school found. */
export async function writeSchoolLookupResults(
  writer: ReportWriter,
  store: Store,
  job: JobRecord,
  L: ReportLabels,
  regions: RegionNames,
  pivots: SchoolPivots,
): Promise<number> {
  const source = serviceHost(job.settings.baseUrl)
  const rows = iterateReportRows(store.db, job.id, { withRaw: true })
  const first = rows.next()
  const inputs = inputColumns(job, first.done ? undefined : first.value.input)
  const fields = schoolColumns(L)
  const sheet = writer.sheet(
    L.sheets.results,
    [
      ...inputs,
      { header: L.lookup.result, kind: 'outcome', width: 17 },
      { header: L.lookup.note, kind: 'text', width: 40 },
      ...fields,
      { header: L.lookup.time, kind: 'date' },
      { header: L.lookup.rowId, kind: 'integer', width: 9 },
    ],
    { primary: true, outcomeColumn: inputs.length, outcomeTones: toneMap(L, LOOKUP_TONES) },
  )
  let n = 0
  const write = async (row: ReportRow): Promise<void> => {
    const r = row.result
    const outcome = reportOutcome(row.state, r?.outcome, false)
    let record = asSchoolRecord(r?.raw)
    if (!record && r?.recordKey && outcome === 'found') record = store.cache.getSchool(r.recordKey, source, 0) ?? null
    if (record) pivots.add(record)
    const values = schoolValues(record, L, regions)
    while (values.length < fields.length) values.push(null)
    sheet.addRow([...inputValues(inputs, row.input), L.outcomes[outcome], row.errorMessage ?? '', ...values, row.finishedAt, row.rowNo])
    n++
    await sheet.breathe()
  }
  if (!first.done) await write(first.value)
  for (const row of rows) await write(row)
  await sheet.close()
  return n
}

/** Sheet 2 of a school directory report: one row per distinct school. */
export async function writeSchoolRecords(
  writer: ReportWriter,
  records: Iterable<SchoolRecord>,
  L: ReportLabels,
  regions: RegionNames,
  pivots: SchoolPivots,
): Promise<number> {
  const sheet = writer.sheet(L.sheets.results, schoolColumns(L), { primary: true })
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
