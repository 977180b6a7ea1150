import type { HospitalRecord } from '../../provider/types'
import { HOSPITAL_CLASSES } from '../../provider/types'
import type { ReportLabels } from '../../reports/labels'
import type { ReportWriter } from '../../reports/report-output'
import { loadRegionNames, type RegionNames } from '../../reports/region-names'
import { Pivot, writePivotSheet } from '../../reports/pivot'
import { reportSheets } from '../../reports/report-skeleton'
import { writeRecordsSheet, writeResultsSheet } from '../../reports/results-sheet'
import type { DirectoryCache } from '../../store'
import { lookupResults } from '../lookup-report'
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

/** What a hospital report's sheets share: region names for the records' codes, the pivots the records feed. */
interface HospitalSheets {
  regions: RegionNames
  pivots: HospitalPivots
}

async function prepare(cache: DirectoryCache): Promise<HospitalSheets> {
  return { regions: await loadRegionNames(cache), pivots: new HospitalPivots() }
}

/** One row per distinct hospital record (a directory's results, the offline directory export). */
export function writeHospitalRecords(writer: ReportWriter, records: Iterable<HospitalRecord>, L: ReportLabels, p: HospitalSheets): Promise<number> {
  return writeRecordsSheet(writer, L, hospitalColumns(L), records, (h) => hospitalValues(h, p.regions), (h) => p.pivots.add(h))
}

/** The offline directory export's sheets: the records, the pivots (no job, so no errors sheet). */
export async function writeHospitalDirectory(writer: ReportWriter, cache: DirectoryCache, records: Iterable<HospitalRecord>, L: ReportLabels): Promise<number> {
  const p = await prepare(cache)
  const n = await writeHospitalRecords(writer, records, L, p)
  await writeHospitalPivots(writer, p.pivots, L, p.regions)
  return n
}

/** A hospital lookup's report: one row per input row with the hospital found, errors, pivots. */
export const hospitalLookupReport = reportSheets<HospitalSheets>({
  prepare: (store) => prepare(store.cache),
  results: (writer, store, job, L, ctx, p) =>
    writeResultsSheet(
      writer,
      store,
      job,
      L,
      lookupResults<HospitalRecord>(store, job, L, ctx.zone, {
        columns: hospitalColumns(L),
        fromResult: asHospitalRecord,
        fromCache: (st, code, source) => st.cache.getHospital(code, source, 0),
        values: (h) => hospitalValues(h, p.regions),
        onRecord: (h) => p.pivots.add(h),
      }),
      ctx,
    ),
  after: (writer, _store, _job, L, p) => writeHospitalPivots(writer, p.pivots, L, p.regions),
})

/** The report of a kind whose rows link to hospital records (directory queries): the records once, the errors, the pivots. */
export const hospitalRecordsReport = reportSheets<HospitalSheets>({
  prepare: (store) => prepare(store.cache),
  results: (writer, store, job, L, _ctx, p) => writeHospitalRecords(writer, store.cache.iterateJobHospitals(job.id), L, p),
  after: (writer, _store, _job, L, p) => writeHospitalPivots(writer, p.pivots, L, p.regions),
})
