/**
 * The export commands' writers, loaded from core/reports on first use (exceljs and the report
 * code stay out of the startup path of the window). A report's own refusal (e.g. "an annotated
 * copy needs an .xlsx input") reaches the user as a conflict, not as a crash.
 */
import type { DirectoryQuery } from '../contract/ipc'
import { REKAP_VERSION } from '../core/version'
import { AppError, wordsOf } from './app-error'
import type { ReportWriters } from './report-writers'
import { HeavyWorkError, isFileStore, type HeavyWork } from '../core/workers/heavy-work'

const load = () => import('../core/export')

async function refusalsAsConflicts<T>(work: () => Promise<T>): Promise<T> {
  const { ReportError } = await load()
  try {
    return await work()
  } catch (err) {
    if (err instanceof ReportError) throw new AppError('conflict', wordsOf(err))
    throw err
  }
}

/** The contract's directory query as the directory report takes it (the app and `rekap directory export`). */
export function reportQuery(q: DirectoryQuery, source?: string) {
  const { product, ...filters } = q
  return { product, query: { ...filters, source } }
}

export const coreReportWriters: ReportWriters = reportWritersWith(null)

/**
 * The writers, with a job's report (the one that grows with the job: 100,000 rows and more)
 * written in a heavy-work thread when one is given and the store is a file.
 */
export function reportWritersWith(heavy: HeavyWork | null): ReportWriters {
  return {
    writeJobReport: (store, jobId, opts) =>
      refusalsAsConflicts(async () => {
        const o = { ...opts, rekapVersion: REKAP_VERSION }
        if (!heavy || !isFileStore(store)) return (await load()).writeJobReport(store, jobId, o)
        try {
          return await heavy.run({ kind: 'job-report', dbFile: store.file, jobId, opts: o })
        } catch (err) {
          // the thread's refusal, told like the same refusal in this thread
          if (err instanceof HeavyWorkError && err.originalName === 'ReportError') throw new (await load()).ReportError(err.message)
          throw err
        }
      }),
    writeAnnotatedCopy: (store, jobId, opts) => refusalsAsConflicts(async () => (await load()).writeAnnotatedCopy(store, jobId, opts)),
    writeDirectoryReport: (store, query, opts) =>
      refusalsAsConflicts(async () => (await load()).writeDirectoryReport(store, { ...reportQuery(query, opts.source), out: opts.out, lang: opts.lang, rekapVersion: REKAP_VERSION, timeZone: opts.timeZone, now: opts.now })),
  }
}
