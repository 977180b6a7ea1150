import type { Store, HospitalQuery, SchoolQuery } from '../store'
import { REKAP_VERSION } from '../version'
import { labelsFor, type ReportLang } from './labels'
import { openReport, type ReportFormat } from './report-output'
import { openReportReader } from './report-reader'
import { writeSummarySheet, type SummaryLine } from './summary-sheet'
import { HospitalPivots, writeHospitalPivots, writeHospitalRecords } from './hospital-report'
import { SchoolPivots, writeSchoolPivots, writeSchoolRecords } from './school-report'
import { loadRegionNames } from './region-names'
import { cachedSchoolsLackPremiumFields } from './premium-fields'
import { formatFromName, type ReportResult } from './report-result'
import { utcOffsetLabel, wallClockDate } from './report-time'

export type DirectoryReportOptions =
  | { product: 'hospitals'; query?: HospitalQuery; out: string; lang?: ReportLang; format?: ReportFormat; now?: number; rekapVersion?: string }
  | { product: 'schools'; query?: SchoolQuery; out: string; lang?: ReportLang; format?: ReportFormat; now?: number; rekapVersion?: string }

/**
 * An offline directory report straight from the local cache (the desktop's Directory screen):
 * summary, records, pivots. No job, no calls, so no errors sheet and no money.
 */
export async function writeDirectoryReport(store: Store, opts: DirectoryReportOptions): Promise<ReportResult> {
  const L = labelsFor(opts.lang)
  const S = L.summary
  const now = opts.now ?? Date.now()
  const reader = openReportReader(store)
  const writer = openReport(opts.out, opts.format ?? formatFromName(opts.out))
  try {
    const table = opts.product === 'hospitals' ? 'hospitals_cache' : 'schools_cache'
    const meta = reader.db
      .prepare(`SELECT COUNT(*) AS n, MIN(fetched_at) AS oldest, MAX(fetched_at) AS newest, GROUP_CONCAT(DISTINCT source) AS sources FROM ${table}`)
      .get() as { n: number; oldest: number | null; newest: number | null; sources: string | null }
    const notes = [L.notes.recordsFromCache]
    if (opts.product === 'schools' && cachedSchoolsLackPremiumFields(reader, opts.query ?? {})) notes.push(L.notes.premium)
    const lines: SummaryLine[] = [
      { label: S.sectionJob },
      { label: S.kind, value: L.kinds[opts.product === 'hospitals' ? 'hospitals-offline' : 'schools-offline'] },
      { label: S.query, value: JSON.stringify(opts.query ?? {}) },
      { label: S.source, value: meta.sources ?? S.none },
      { label: S.started, value: meta.oldest ? wallClockDate(meta.oldest) : S.none },
      { label: S.finished, value: meta.newest ? wallClockDate(meta.newest) : S.none },
      { label: S.timeZone, value: utcOffsetLabel(now) },
      { label: S.sectionNotes },
      ...notes.map((n) => ({ label: '', value: n })),
      { label: S.rekapVersion, value: opts.rekapVersion ?? REKAP_VERSION },
      { label: S.reportMade, value: wallClockDate(now) },
    ]
    await writeSummarySheet(writer, L, lines)
    const regions = await loadRegionNames(reader.cache)
    let rows: number
    if (opts.product === 'hospitals') {
      const pivots = new HospitalPivots()
      rows = await writeHospitalRecords(writer, reader.cache.iterateHospitals(opts.query ?? {}), L, regions, pivots)
      await writeHospitalPivots(writer, pivots, L, regions)
    } else {
      const pivots = new SchoolPivots()
      rows = await writeSchoolRecords(writer, reader.cache.iterateSchools(opts.query ?? {}), L, regions, pivots)
      await writeSchoolPivots(writer, pivots, L, regions)
    }
    const sheets = await writer.finish()
    return { out: opts.out, rows, sheets }
  } catch (err) {
    writer.abort()
    throw err
  } finally {
    reader.close()
  }
}
