import type { JobRecord, RowCounts, JobRow, RowResult } from '../store'
import type { CountsView, JobOwnerView, JobStateView, JobSummaryView, ProgressView, RowView } from '../../contract/ipc'
import type { JobAction } from '../model/job-actions'
import { shownState, type Lease, type LeaseHolder } from '../model/lease-rules'
import { rowVerdict } from '../verdict'
import { parseReusedKey } from '../store/reuse-repo'
import { parseMachine } from '../model/machine-id'
import { kindModule } from '../kinds/registry'
import { detailText, renderCoreText, type CoreText, type CoreTextLang } from '../texts/core-text'
import { shortRefusal } from '../unattended/watched-run-rule'

/** Who owns a job and what may be done to it now, as the engine judged it for a view. */
export interface Ownership {
  holder: LeaseHolder
  lease: Lease | null
  actions: JobAction[]
  /** why start, resume, retry and re-send are not among them though the job's state allows them (a watched file's claim) */
  claimRefusal: CoreText | null
}

/** The state a user sees: `running` with no live owner is shown as `interrupted`. */
export function stateView(job: JobRecord, o: Ownership): JobStateView {
  return shownState(job.state, o.holder)
}

function ownerView(o: Ownership): JobOwnerView | null {
  if (!o.lease || (o.holder !== 'self' && o.holder !== 'live')) return null
  return { pid: o.lease.pid, host: parseMachine(o.lease.host).host, since: o.lease.acquiredAt, self: o.holder === 'self', request: o.lease.request }
}

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
  live: { ratePerSec: number; now: number },
  own: Ownership,
  /** the language of rekap's own reasons in stateDetail (the app's; English for the CLI's --json) */
  lang: CoreTextLang | (() => CoreTextLang) = 'en',
): ProgressView {
  const remaining = counts.pending + counts.inFlight
  return {
    jobId: job.id,
    kind: job.kind,
    state: stateView(job, own),
    blockedReason: job.blockedReason,
    // rekap's own reasons are kept as texts, said here in the engine's language for views
    stateDetail: detailText(job.stateDetail, lang),
    counts: countsView(counts),
    ratePerSec: Math.round(live.ratePerSec * 100) / 100,
    etaSeconds: remaining === 0 ? 0 : live.ratePerSec > 0 ? Math.ceil(remaining / live.ratePerSec) : null,
    spentRp: counts.costPoints,
    budgetRp: job.settings.budgetRp,
    balanceRp: job.settings.balanceRp === null ? null : Math.max(0, job.settings.balanceRp - counts.costPoints),
    at: live.now,
    actions: own.actions,
    notRunHere: notRunHereText(own, lang),
    owner: ownerView(own),
  }
}

function notRunHereText(own: Ownership, lang: CoreTextLang | (() => CoreTextLang)): string | null {
  return own.claimRefusal && renderCoreText(own.claimRefusal, typeof lang === 'function' ? lang() : lang)
}

export function summaryView(job: JobRecord, counts: RowCounts, own: Ownership, lang: CoreTextLang | (() => CoreTextLang) = 'en'): JobSummaryView {
  const state = stateView(job, own)
  return {
    id: job.id,
    kind: job.kind,
    state,
    blockedReason: job.blockedReason,
    inputName: job.inputName,
    createdAt: job.createdAt,
    finishedAt: job.finishedAt,
    counts: countsView(counts),
    interrupted: state === 'interrupted',
    sandbox: job.settings.sandbox,
    actions: own.actions,
    notRunHere: notRunHereText(own, lang),
    notRunHereShort: own.claimRefusal && renderCoreText(shortRefusal(own.claimRefusal), typeof lang === 'function' ? lang() : lang),
  }
}

export function rowView(job: JobRecord, r: JobRow & { result: (RowResult & { at: number }) | null }): RowView {
  return {
    rowNo: r.rowNo,
    sourceRow: r.sourceRow,
    state: r.state,
    input: r.input,
    outcome: r.result?.outcome ?? null,
    verdict: rowVerdict(r.state, r.result, job.settings.reviewBand),
    confidence: r.result?.confidence ?? null,
    charged: r.charged,
    costRp: r.costPoints,
    error: r.errorMessage,
    errorCode: r.errorCode,
    errorColumn: r.errorColumn,
    attempts: r.attempts,
    finishedAt: r.finishedAt,
    reusedFrom: kindModule(job.kind).reusable ? parseReusedKey(r.result?.recordKey) : null,
  }
}
