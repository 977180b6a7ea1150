import type { Store } from '../store'
import type { RowView } from '../../contract/ipc'
import { jobFigures } from '../reports/job-figures'
import { serviceHost } from '../reports/summary-sheet'

/** The schema id a record names; bump with any change a reader would notice (docs/run-record.schema.json). */
export const RUN_RECORD_SCHEMA = 'rekap.run-record/1'

/** A page of a job's rows, as the engine gives them to the app (the one row view, verdict included). */
export type RowPager = (offset: number, limit: number) => { total: number; rows: RowView[] }

export interface RunRecordFailure {
  rowNo: number
  /** the row in the workbook (header row counted), null for rows without one (directory pages) */
  sourceRow: number | null
  column: string | null
  code: string | null
  reason: string
}

/**
 * One job as another system reads it (a pipeline, a dashboard): what ran, on what, with which
 * settings (an explicit list: never the key), what it decided and cost, and where the report is.
 * Its totals come from `jobFigures`, the same function the report's summary states them with.
 */
export interface RunRecord {
  schema: typeof RUN_RECORD_SCHEMA
  jobId: string
  kind: string
  state: string
  blockedReason: string | null
  input: { name: string | null; fingerprint: string | null; sheet: string | null }
  settings: {
    serviceHost: string
    sandbox: boolean
    hospitalPlan: string
    schoolPlan: string
    regionalPlan: string
    budgetRp: number | null
    balanceRp: number | null
    reviewBand: [number, number] | null
    reuseDays: number
    concurrency: number
  }
  counts: { total: number; done: number; failed: number; uncertain: number; pending: number; localFailures: number }
  verdicts: Record<string, number>
  calls: number
  charges: { rows: number; points: number; rupiah: number }
  reuse: { fromEarlierJobs: number }
  timing: { createdAt: string; startedAt: string | null; finishedAt: string | null; activeSeconds: number }
  report: { path: string; digest: string | null } | null
  failures: RunRecordFailure[]
}

const PAGE = 500

function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString()
}

/** Every row of the job, a page at a time, through the engine's one row view. */
export function* allRows(page: RowPager): Generator<RowView> {
  for (let offset = 0; ; offset += PAGE) {
    const p = page(offset, PAGE)
    yield* p.rows
    if (p.rows.length < PAGE || offset + PAGE >= p.total) return
  }
}

export function buildRunRecord(
  store: Store,
  jobId: string,
  rows: RowPager,
  report: { path: string; digest: string | null } | null,
): RunRecord {
  const job = store.jobs.get(jobId)
  if (!job) throw new Error(`no job ${jobId}`)
  const f = jobFigures(store, job)
  const s = job.settings
  const failures: RunRecordFailure[] = []
  let reused = 0
  for (const r of allRows(rows)) {
    if (r.reusedFrom) reused++
    if (r.state === 'failed') {
      failures.push({ rowNo: r.rowNo, sourceRow: r.sourceRow, column: r.errorColumn, code: r.errorCode, reason: r.error ?? r.verdict })
    }
  }
  const verdicts: Record<string, number> = {}
  for (const [v, n] of Object.entries(f.outcomes)) if (n) verdicts[v] = n
  return {
    schema: RUN_RECORD_SCHEMA,
    jobId: job.id,
    kind: job.kind,
    state: job.state,
    blockedReason: job.blockedReason,
    input: { name: job.inputName, fingerprint: job.inputFingerprint, sheet: job.sheet },
    settings: {
      serviceHost: s.sandbox ? 'sandbox' : serviceHost(s.baseUrl),
      sandbox: s.sandbox,
      hospitalPlan: s.hospitalPlan,
      schoolPlan: s.schoolPlan,
      regionalPlan: s.regionalPlan,
      budgetRp: s.budgetRp,
      balanceRp: s.balanceRp,
      reviewBand: s.reviewBand,
      reuseDays: s.reuseDays,
      concurrency: s.concurrency,
    },
    counts: {
      total: f.counts.total,
      done: f.counts.done,
      failed: f.counts.failed,
      uncertain: f.counts.uncertain,
      pending: f.counts.pending + f.counts.inFlight,
      localFailures: f.counts.localFailures,
    },
    verdicts,
    calls: f.attempts,
    charges: { rows: f.counts.charged, points: f.ledgerPoints, rupiah: f.ledgerPoints },
    reuse: { fromEarlierJobs: reused },
    timing: {
      createdAt: new Date(job.createdAt).toISOString(),
      startedAt: iso(job.startedAt),
      finishedAt: iso(job.finishedAt),
      activeSeconds: Math.round(job.activeMs / 1000),
    },
    report,
    failures,
  }
}
