import type { ReportZone } from './time-zone'
import type { HospitalRecord } from '../provider/types'
import { HOSPITAL_CLASSES } from '../provider/types'
import type { Store, JobRecord, JobFingerprint } from '../store'
import { writeLookupResults } from './lookup-results'
import type { ReportLabels } from './labels'
import type { ReportWriter } from './report-output'
import { asHospitalRecord, hospitalColumns, hospitalValues } from './hospital-fields'
import { Pivot, writePivotSheet } from './pivot'
import type { RegionNames } from './region-names'

/** The pivots of a hospital report, fed one distinct record at a time while the records are written. */
export class HospitalPivots {
  readonly provinceByClass = new Pivot()
  readonly regencyByClass = new Pivot()
  readonly ownership = new Pivot()
  readonly type = new Pivot()
  private readonly seen = new Set<string>()

  add(h: HospitalRecord): void {
    if (this.seen.has(h.code)) return
    this.seen.add(h.code)
    const cls = h.class ?? ''
    const beds = h.facilities?.total_beds ?? 0
    this.provinceByClass.add(h.province_code ?? '', cls, beds)
    this.regencyByClass.add(h.regency_code ?? '', cls, beds)
    this.ownership.add(h.ownership ?? '', cls, beds)
    this.type.add(h.type ?? '', cls, beds)
  }
}

/** Province/regency x class, ownership x class, type x class: hospitals counted, beds summed. */
export async function writeHospitalPivots(writer: ReportWriter, p: HospitalPivots, L: ReportLabels, regions: RegionNames): Promise<void> {
  const H = L.hospital
  const common = {
    countHeader: H.hospitals,
    sumHeader: H.beds,
    totalLabel: H.total,
    colLabel: (c: string) => (c ? `${H.class} ${c}` : H.noClass),
  }
  const classes = (pivot: Pivot): string[] => pivot.columnKeys(HOSPITAL_CLASSES)
  await writePivotSheet(writer, p.provinceByClass, {
    ...common,
    name: L.sheets.provinceByClass,
    keyColumns: [
      { header: H.provinceCode, kind: 'code' },
      { header: H.province, kind: 'text' },
    ],
    keyValues: (k) => [k, regions.name(k)],
    colKeys: classes(p.provinceByClass),
  })
  await writePivotSheet(writer, p.regencyByClass, {
    ...common,
    name: L.sheets.regencyByClass,
    keyColumns: [
      { header: H.regencyCode, kind: 'code' },
      { header: H.regency, kind: 'text' },
      { header: H.province, kind: 'text' },
    ],
    keyValues: (k) => [k, regions.name(k), regions.name(k.slice(0, 2))],
    colKeys: classes(p.regencyByClass),
  })
  await writePivotSheet(writer, p.ownership, {
    ...common,
    name: L.sheets.ownership,
    keyColumns: [{ header: H.ownership, kind: 'text' }],
    keyValues: (k) => [k],
    colKeys: classes(p.ownership),
  })
  await writePivotSheet(writer, p.type, {
    ...common,
    name: L.sheets.hospitalType,
    keyColumns: [{ header: H.type, kind: 'text' }],
    keyValues: (k) => [k],
    colKeys: classes(p.type),
  })
}

/** Sheet 2 of a hospital lookup report. */
export function writeHospitalLookupResults(
  writer: ReportWriter,
  store: Store,
  job: JobRecord,
  L: ReportLabels,
  regions: RegionNames,
  pivots: HospitalPivots,
  opts: { zone?: ReportZone; fingerprint?: JobFingerprint } = {},
): Promise<number> {
  return writeLookupResults<HospitalRecord>(writer, store, job, L, {
    columns: hospitalColumns(L),
    fromResult: asHospitalRecord,
    fromCache: (st, code, source) => st.cache.getHospital(code, source, 0),
    values: (h) => hospitalValues(h, regions),
    onRecord: (h) => pivots.add(h),
  }, opts)
}

/** Sheet 2 of a hospital directory report: one row per distinct record, every field flattened. */
export async function writeHospitalRecords(
  writer: ReportWriter,
  records: Iterable<HospitalRecord>,
  L: ReportLabels,
  regions: RegionNames,
  pivots: HospitalPivots,
  zone?: ReportZone,
): Promise<number> {
  // code and name head every printed page across
  const sheet = writer.sheet(L.sheets.results, hospitalColumns(L), { primary: true, keyColumns: 2 })
  let n = 0
  for (const h of records) {
    pivots.add(h)
    sheet.addRow(hospitalValues(h, regions))
    n++
    await sheet.breathe()
  }
  await sheet.close()
  return n
}
