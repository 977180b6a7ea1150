import type { ReportLabels } from '../reports/labels'
import type { ColumnSpec } from '../reports/column-cells'
import type { ReportWriter } from '../reports/report-output'
import { loadRegionNames, type RegionNames } from '../reports/region-names'
import { reportSheets, type WriteReportSheets } from '../reports/report-skeleton'
import { writeRecordsSheet, writeResultsSheet } from '../reports/results-sheet'
import type { DirectoryCache, Store } from '../store'
import { lookupResults } from './lookup-report'

/**
 * A family of records (hospitals, schools): what its reports need of it. Each family gives its
 * columns, its cells, its pivots; the three reports it appears in are wired once, here.
 */
export interface RecordFamily<R, P extends { add(record: R): void }> {
  columns(L: ReportLabels): ColumnSpec[]
  /** a record's cells (null: a row without a record), its region codes named */
  values(record: R | null, L: ReportLabels, regions: RegionNames): unknown[]
  /** new pivots; `distinct`: the records fed come once each (a job's records, keyed) */
  pivots(distinct: boolean): P
  writePivots(writer: ReportWriter, pivots: P, L: ReportLabels, regions: RegionNames): Promise<void>
  /** the record a lookup row's result carries, or null */
  fromResult(raw: unknown): R | null
  /** the record from the local cache when the result did not carry it */
  fromCache(store: Store, key: string, source: string): R | undefined
  /** a directory job's records, each once */
  jobRecords(cache: DirectoryCache, jobId: string): Iterable<R>
  /** whether `jobRecords` come once each (so the pivots need not count them apart) */
  jobRecordsDistinct: boolean
}

/** What a family's report sheets share: region names for the records' codes, the pivots the records feed. */
interface FamilySheets<P> {
  regions: RegionNames
  pivots: P
}

export interface FamilyReports<R> {
  /** A lookup's report: one row per input row with the record found, errors, pivots. */
  lookupReport: WriteReportSheets
  /** The report of kinds whose rows link to records (directory queries, search): the records once, the errors, the pivots. */
  recordsReport: WriteReportSheets
  /** The offline directory export's sheets: the records, the pivots (no job, so no errors sheet). */
  writeDirectory(writer: ReportWriter, cache: DirectoryCache, records: Iterable<R>, L: ReportLabels): Promise<number>
}

export function recordFamilyReports<R, P extends { add(record: R): void }>(f: RecordFamily<R, P>): FamilyReports<R> {
  const prepare = async (cache: DirectoryCache, distinct: boolean): Promise<FamilySheets<P>> => ({ regions: await loadRegionNames(cache), pivots: f.pivots(distinct) })
  // one row per distinct record (a directory's results, the offline directory export)
  const writeRecords = (writer: ReportWriter, records: Iterable<R>, L: ReportLabels, p: FamilySheets<P>): Promise<number> =>
    writeRecordsSheet(writer, L, f.columns(L), records, (r) => f.values(r, L, p.regions), (r) => p.pivots.add(r))
  const after = (writer: ReportWriter, _store: Store, _job: unknown, L: ReportLabels, p: FamilySheets<P>): Promise<void> => f.writePivots(writer, p.pivots, L, p.regions)
  return {
    lookupReport: reportSheets<FamilySheets<P>>({
      prepare: (store) => prepare(store.cache, false),
      results: (writer, store, job, L, ctx, p) =>
        writeResultsSheet(
          writer,
          store,
          job,
          L,
          lookupResults<R>(store, job, L, ctx.zone, {
            columns: f.columns(L),
            fromResult: f.fromResult,
            fromCache: f.fromCache,
            values: (r) => f.values(r, L, p.regions),
            onRecord: (r) => p.pivots.add(r),
          }),
          ctx,
        ),
      after,
    }),
    recordsReport: reportSheets<FamilySheets<P>>({
      prepare: (store) => prepare(store.cache, f.jobRecordsDistinct),
      results: (writer, store, job, L, _ctx, p) => writeRecords(writer, f.jobRecords(store.cache, job.id), L, p),
      after,
    }),
    async writeDirectory(writer, cache, records, L) {
      const p = await prepare(cache, false)
      const n = await writeRecords(writer, records, L, p)
      await f.writePivots(writer, p.pivots, L, p.regions)
      return n
    },
  }
}
