/**
 * The report functions the export commands call, as a port: the composition root passes
 * core/export's real writers. Each writes one file at `out` and resolves when it is complete.
 */
import type { DirectoryQuery, Lang } from '../contract/ipc'
import type { Store } from '../core/store'

export interface ReportWriters {
  writeJobReport(store: Store, jobId: string, opts: { out: string; lang: Lang; format: 'xlsx' | 'csv'; timeZone?: string }): Promise<unknown>
  writeAnnotatedCopy(store: Store, jobId: string, opts: { out: string; lang: Lang }): Promise<unknown>
  /** `source`: only records fetched from it, as the browser shows them ('sandbox' or the service host) */
  writeDirectoryReport(store: Store, query: DirectoryQuery, opts: { out: string; lang: Lang; source?: string; timeZone?: string; now?: number }): Promise<unknown>
}
