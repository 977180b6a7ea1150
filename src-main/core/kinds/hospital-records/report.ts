import type { HospitalRecord } from '../../provider/types'
import { HOSPITAL_CLASSES } from '../../provider/types'
import type { ReportLabels } from '../../reports/labels'
import type { ReportWriter } from '../../reports/report-output'
import type { RegionNames } from '../../reports/region-names'
import { Pivot, writePivotSheet } from '../../reports/pivot'
import { recordFamilyReports } from '../record-family-reports'
import { FirstRowIndex } from '../../jobs/first-row-index'
import { asHospitalRecord, hospitalColumns, hospitalValues } from './fields'

/** The pivots of a hospital report, fed one distinct record at a time while the records are written. */
export class HospitalPivots {
  readonly provinceByClass = new Pivot()
  readonly regencyByClass = new Pivot()
  readonly ownership = new Pivot()
  readonly type = new Pivot()
  /** records counted (off the JS heap: a 1,000,000-row lookup names up to 500,000 of them) */
  private readonly seen = new FirstRowIndex()

  add(h: HospitalRecord): void {
    if (this.seen.firstOrAdd(h.code, 1) !== undefined) return
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

/** The hospital family's reports: a lookup's, a directory job's, the offline directory export. */
const hospitalReports = recordFamilyReports<HospitalRecord, HospitalPivots>({
  columns: hospitalColumns,
  values: (h, _L, regions) => hospitalValues(h, regions),
  // a hospital is counted once by its code whether or not the records come once each
  pivots: () => new HospitalPivots(),
  writePivots: writeHospitalPivots,
  fromResult: asHospitalRecord,
  fromCache: (st, code, source) => st.cache.getHospital(code, source, 0),
  jobRecords: (cache, jobId) => cache.iterateJobHospitals(jobId),
  jobRecordsDistinct: false,
})

export const { lookupReport: hospitalLookupReport, recordsReport: hospitalRecordsReport, writeDirectory: writeHospitalDirectory } = hospitalReports
