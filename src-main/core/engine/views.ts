import type { JobRecord, RowCounts, JobRow, RowResult } from '../store'
import type { CountsView, JobSummaryView, ProgressView, RowView } from '../../contract/ipc'
import { labelFor } from './outcome-label'

/** Store records -> the contract's views. Pure. */
export function countsView(c: RowCounts): CountsView {
  return {
    total: c.total,
    pending: c.pending,
    inFlight: c.inFlight,
    done: c.done,
    failed: c.failed,
    uncertain: c.uncertain,
    charged: c.charged,
    costPoints: c.costPoints,
    outcomes: c.outcomes,
  }
}

export function progressView(
  job: JobRecord,
  counts: RowCounts,
  live: { ratePerSec: number; now: number; interrupted?: boolean },
): ProgressView {
  const remaining = counts.pending + counts.inFlight
  return {
    jobId: job.id,
    kind: job.kind,
    state: job.state,
    blockedReason: job.blockedReason,
    stateDetail: job.stateDetail,
    counts: countsView(counts),
    ratePerSec: Math.round(live.ratePerSec * 100) / 100,
    etaSeconds: remaining === 0 ? 0 : live.ratePerSec > 0 ? Math.ceil(remaining / live.ratePerSec) : null,
    spentRp: counts.costPoints,
    budgetRp: job.settings.budgetRp,
    balanceRp: job.settings.balanceRp === null ? null : Math.max(0, job.settings.balanceRp - counts.costPoints),
    at: live.now,
  }
}

export function summaryView(job: JobRecord, counts: RowCounts): JobSummaryView {
  return {
    id: job.id,
    kind: job.kind,
    state: job.state,
    blockedReason: job.blockedReason,
    inputName: job.inputName,
    createdAt: job.createdAt,
    finishedAt: job.finishedAt,
    counts: countsView(counts),
    interrupted: job.state === 'paused' && job.stateDetail === 'interrupted',
    sandbox: job.settings.sandbox,
  }
}

export function rowView(job: JobRecord, r: JobRow & { result: (RowResult & { at: number }) | null }): RowView {
  return {
    rowNo: r.rowNo,
    sourceRow: r.sourceRow,
    state: r.state,
    input: r.input,
    outcome: r.result?.outcome ?? null,
    label: labelFor(job, r.state, r.result),
    confidence: r.result?.confidence ?? null,
    charged: r.charged,
    costRp: r.costPoints,
    error: r.errorMessage,
    errorCode: r.errorCode,
    errorColumn: r.errorColumn,
    attempts: r.attempts,
    finishedAt: r.finishedAt,
  }
}
