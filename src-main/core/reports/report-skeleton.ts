import type { Store, JobRecord } from '../store'
import type { ReportContext } from '../kinds/kind'
import type { ReportLabels } from './labels'
import type { ReportWriter } from './report-output'
import { writeErrorsSheet } from './errors-sheet'

/**
 * The sheets after the summary, in the order every kind writes them: the results (which may feed
 * what comes after: pivots count the records as they are written), the errors, then the kind's
 * own closing sheets (pivots, the region tree).
 */
export interface KindReportParts<P> {
  /** made before the results: what they feed and the closing sheets read (region names, pivots) */
  prepare?(store: Store, job: JobRecord): P | Promise<P>
  /** the results sheet; returns its row count */
  results(writer: ReportWriter, store: Store, job: JobRecord, L: ReportLabels, ctx: ReportContext, prepared: P): Promise<number>
  /** sheets after the errors */
  after?(writer: ReportWriter, store: Store, job: JobRecord, L: ReportLabels, prepared: P, ctx: ReportContext): Promise<unknown>
}

export type WriteReportSheets = (writer: ReportWriter, store: Store, job: JobRecord, L: ReportLabels, ctx: ReportContext) => Promise<number>

/** A kind's `writeReportSheets` from its parts: results, errors, closing sheets. Written once for every kind. */
export function reportSheets<P = null>(parts: KindReportParts<P>): WriteReportSheets {
  return async (writer, store, job, L, ctx) => {
    const prepared = (parts.prepare ? await parts.prepare(store, job) : null) as P
    const n = await parts.results(writer, store, job, L, ctx, prepared)
    await writeErrorsSheet(writer, store, job.id, L)
    await parts.after?.(writer, store, job, L, prepared, ctx)
    return n
  }
}
