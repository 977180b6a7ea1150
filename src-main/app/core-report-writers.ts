/**
 * The export commands' writers, loaded from core/reports on first use (exceljs and the report
 * code stay out of the startup path of the window).
 */
import type { ReportWriters } from './report-writers'

const load = () => import('../core/reports')

export const coreReportWriters: ReportWriters = {
  writeJobReport: async (store, jobId, opts) => (await load()).writeJobReport(store, jobId, opts),
  writeAnnotatedCopy: async (store, jobId, opts) => (await load()).writeAnnotatedCopy(store, jobId, opts),
  writeDirectoryReport: async (store, query, opts) => (await load()).writeDirectoryReport(store, query, opts),
}
