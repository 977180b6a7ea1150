import type { PlanRequestArgs, PlannedTable } from '../jobs/planner'
import type { JobReportOptions, ReportResult } from '../export'
import type { CoreText } from '../texts/core-text'

/**
 * Messages between the process that serves the UI and its heavy-work thread: workbook parsing
 * and inflation (a plan) and report writing run there, each on its own connection to the store's
 * SQLite file, so the serving thread's event loop stays free.
 */
export type HeavyTask =
  | { kind: 'plan'; dbFile: string; req: PlanRequestArgs; picturesDir: string; now: number; maxRows?: number }
  | { kind: 'job-report'; dbFile: string; jobId: string; opts: JobReportOptions }

export type HeavyResult = PlannedTable | ReportResult

export type FromHeavyWorker =
  | { type: 'ready' }
  | { type: 'progress'; rows: number }
  | { type: 'done'; result: HeavyResult }
  | { type: 'error'; name: string; message: string; exitCode?: number; text?: CoreText | null }
