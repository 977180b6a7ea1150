import type { Store, HospitalQuery, SchoolQuery } from '../store'
import { diskFullAt } from '../paths/disk-full'
import { REKAP_VERSION } from '../version'
import { labelsFor, type ReportLang } from '../reports/labels'
import { THREAD_MIN_ROWS } from '../reports/xlsx/zip-thread'
import { openReport, type ReportFormat, type ReportWriter } from '../reports/report-output'
import { openReportReader } from '../store/report-reader'
import { auditLines, digestSkipLabels, writeSummarySheet, type SummaryLine } from '../reports/summary-sheet'
import { localReportSigner, signDigest, type ReportSigner } from '../reports/report-signing'
import { ContentDigest, formatSheetDigests, type DigestResult } from '../reports/report-digest'
import { digestingWriter } from '../reports/digesting-writer'
import { writeHospitalDirectory } from '../kinds/hospital-records/report'
import { writeSchoolDirectory } from '../kinds/school-records/report'
import { loadRegionNames } from '../reports/region-names'
import { readableFilters } from '../reports/directory-filters'
import { cachedSchoolsLackPremiumFields } from '../store/premium-fields'
import { formatFromName, type ReportResult } from '../reports/report-result'
import { reportZone } from '../reports/time-zone'

export type DirectoryReportOptions =
  | ({ product: 'hospitals'; query?: HospitalQuery } & DirectoryReportCommon)
  | ({ product: 'schools'; query?: SchoolQuery } & DirectoryReportCommon)

interface DirectoryReportCommon {
  out: string
  lang?: ReportLang
  format?: ReportFormat
  now?: number
  rekapVersion?: string
  /** who signs the digest: the data file's key by default, a team's when given, null for none (see writeJobReport) */
  signer?: ReportSigner | null
  /** IANA zone the summary's times are in and named by (default Asia/Jakarta, WIB): the Settings zone, or --tz */
  timeZone?: string
  /** write the records on a zip thread (xlsx): default when the cache holds THREAD_MIN_ROWS records or more */
  thread?: boolean
}

/**
 * An offline directory report straight from the local cache (the desktop's Directory screen):
 * summary, records, pivots. No job, no calls, so no errors sheet and no money.
 */
export async function writeDirectoryReport(store: Store, opts: DirectoryReportOptions): Promise<ReportResult> {
  const L = labelsFor(opts.lang)
  const S = L.summary
  // whole seconds: the summary states the time exactly, and `rekap verify` re-makes the report at it
  const now = Math.floor((opts.now ?? Date.now()) / 1000) * 1000
  const format = opts.format ?? formatFromName(opts.out)
  // the chosen zone, named, as a job's report: not the zone of the process that writes it
  const zone = reportZone(opts.timeZone)
  const signer = format === 'xlsx' ? (opts.signer === undefined ? localReportSigner(store.file) : opts.signer) : null
  const reader = openReportReader(store)
  const meta = reader.cache.stats(opts.product)
  // the cached records bound the query's: a large cache's rows are written on the zip thread
  const writer = openReport(opts.out, format, { lang: L.lang, thread: format === 'xlsx' && (opts.thread ?? meta.n >= THREAD_MIN_ROWS) })
  try {
    const notes = [L.notes.recordsFromCache]
    if (opts.product === 'schools' && cachedSchoolsLackPremiumFields(reader, opts.query ?? {})) notes.push(L.notes.premium)
    const storeId = reader.meta.storeId()
    const summary = (audit: DigestResult | null): SummaryLine[] => [
      // no job: what was asked of the cache and how old its records are, not a job's start and end
      { label: S.sectionDirectory },
      { label: S.kind, value: L.kinds[opts.product === 'hospitals' ? 'hospitals-offline' : 'schools-offline'] },
      { label: S.query, value: readableFilters(opts.query ?? {}, L, regions) },
      { label: S.source, value: meta.sources ?? S.none },
      { label: S.oldestFetched, value: meta.oldest ? zone.wall(meta.oldest) : S.none },
      { label: S.newestFetched, value: meta.newest ? zone.wall(meta.newest) : S.none },
      { label: S.timeZone, value: `${zone.fullName} (${zone.offsetLabel(now)})` },
      { label: S.sectionNotes },
      ...notes.map((n) => ({ label: '', value: n })),
      { label: S.rekapVersion, value: opts.rekapVersion ?? REKAP_VERSION },
      { label: S.reportMade, value: zone.wall(now) },
      // the same integrity lines as a job's report (no job, so no job fingerprint): `rekap verify` checks them
      // the exact query, for `rekap verify` to run again on the cache (the Filter line is for people)
      ...(format === 'xlsx'
        ? [
            { label: L.audit.query, value: JSON.stringify(opts.query ?? {}) },
            ...auditLines(L, now, {
              storeId,
              digest: audit?.digest ?? null,
              sheetDigests: audit ? formatSheetDigests(audit.sheets) : null,
              signature: audit && signer ? signDigest(signer, audit.digest) : null,
            }),
          ]
        : []),
    ]
    const regions = await loadRegionNames(reader.cache)
    const records = (w: ReportWriter): Promise<number> =>
      opts.product === 'hospitals'
        ? writeHospitalDirectory(w, reader.cache, reader.cache.iterateHospitals(opts.query ?? {}), L)
        : writeSchoolDirectory(w, reader.cache, reader.cache.iterateSchools(opts.query ?? {}), L)
    let rows: number
    if (format === 'xlsx' && writer.reserveFirst) {
      // as a job's report: records and pivots are written (and digested) first, the summary that
      // states their digest last, into the workbook's first place
      writer.reserveFirst()
      const digest = new ContentDigest(digestSkipLabels(L))
      rows = await records(digestingWriter(writer, digest, { forward: true }))
      await writeSummarySheet(digestingWriter(writer, digest, { forward: false }), L, summary(null))
      digest.moveLastToFront()
      const first: ReportWriter = { ...writer, sheet: (name, columns, o) => writer.sheet(name, columns, { ...o, first: true }) }
      await writeSummarySheet(first, L, summary(digest.result()))
    } else {
      await writeSummarySheet(writer, L, summary(null))
      rows = await records(writer)
    }
    const sheets = await writer.finish()
    return { out: opts.out, rows, sheets }
  } catch (err) {
    writer.abort()
    // the partial file is gone: a full disk is said as such, naming the report
    throw diskFullAt(err, opts.out)
  } finally {
    reader.close()
  }
}
