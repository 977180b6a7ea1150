/**
 * The jobs side of the IPC contract (ipc.ts): sheet preview, plan, progress, job list and row views.
 */
import type { JobKindView } from './values'
import type { ReviewDecisionView, VerdictView } from './review-views'

export interface SheetPreview {
  path: string
  fileName: string
  sheets: string[]
  sheet: string
  headerRow: number
  headers: string[]
  /** the first rows, as text, for the preview table */
  preview: Array<Record<string, string>>
  suggestedKind: JobKindView | null
  mapping: Record<string, string>
  missing: string[]
  /** fields of the chosen kind, required ones first */
  fields: Array<{ name: string; required: boolean }>
}

export interface PlanProblem {
  row: number
  column: string | null
  code: string
  /** the importer's or the check's own words, in English */
  message: string
  /**
   * the reason after the location as a core text (code + parameters, core/texts/cell-reason-*.ts)
   * when rekap has one: the CLI says it wholly in its language
   */
  reason?: { code: string; params: Record<string, unknown> }
}

/** A shortfall the plan sees before anything is sent, with the user's choices. */
export interface PlanWarningView {
  code: 'quota-shortfall' | 'budget-shortfall' | 'balance-shortfall'
  /** hits (quota) or Rp (budget, balance) the job may need */
  needed: number
  /** hits or Rp left */
  available: number
  /** calls that fit in what is left */
  fits: number
  /** quota: the next bigger plan, when there is one */
  raiseTo: string | null
  /** English text for JSON readers; the app and the CLI word it in the user's language */
  message: string
  choices: Array<'raise' | 'split' | 'run-what-fits'>
}

/** How the calls of a job were estimated. */
export interface PlanEstimateView {
  /** directory jobs are counted in pages (100 records each), the others in calls per row */
  unit: 'calls' | 'pages'
  /** rows: one call per row; cache: page counts of queries fetched before; first-page: one cheap
   *  request per query read paging.total_page; sample: some queries probed, the rest extrapolated;
   *  region-tree: a regions job's calls counted on the local copy of the region tree */
  basis: 'rows' | 'cache' | 'first-page' | 'sample' | 'unknown' | 'region-tree'
  /** queries whose first page was fetched to count the pages (that page is kept, not fetched again) */
  probed: number
}

export interface JobPlanView {
  jobId: string
  kind: JobKindView
  rowsTotal: number
  rowsOk: number
  rowsFailingLocally: number
  duplicates: number
  problems: PlanProblem[]
  /** photo paths outside the workbook's folder that the user allowed: listed so they are never silent */
  outsidePaths?: PlanProblem[]
  /** cells the importer doubts but sends (a NIK Excel may have rounded): listed so they are never silent */
  cellWarnings?: PlanProblem[]
  callsNeeded: number
  cacheHits: number
  estimatedCostRp: number
  estimatedSeconds: number
  quotaLeft: number | null
  budgetRp: number | null
  sandbox: boolean
  estimate: PlanEstimateView
  warnings: PlanWarningView[]
  /** face pairs already verified in earlier jobs (within the reuse window): done now, for free */
  reused: { rows: number; fromJobs: string[] }
  /**
   * the same workbook (same SHA-256) was planned before as this job: its state as a user sees it
   * (`interrupted` included) and what may be done to it now (core/model/job-actions.ts decides)
   */
  earlierRun: { jobId: string; state: JobStateView; createdAt: number; finishedAt: number | null; actions: JobActionView[] } | null
}

/** 'interrupted' is derived: the store says running but no live process owns the job (it died) */
export type JobStateView = 'draft' | 'ready' | 'running' | 'interrupted' | 'paused' | 'blocked' | 'done' | 'cancelled'
/** What may be done to a job now (core/model/job-actions.ts decides; the renderer only shows these) */
export type JobActionView = 'start' | 'resume' | 'pause' | 'cancel' | 'retryFailed' | 'resendUncertain' | 'export'

/** The process running a job (its lease), when one does */
export interface JobOwnerView {
  pid: number
  host: string
  since: number
  /** this process (the app or CLI showing it) */
  self: boolean
  /** a pause or cancel asked of that process and not yet obeyed */
  request: 'pause' | 'cancel' | null
}
export type BlockedReasonView = 'needs-top-up' | 'quota-exhausted' | 'auth-failed' | 'offline' | 'team-unreachable'

export interface CountsView {
  total: number
  pending: number
  inFlight: number
  done: number
  failed: number
  uncertain: number
  charged: number
  costPoints: number
  outcomes: Partial<Record<'match' | 'no-match' | 'found' | 'not-found' | 'failed' | 'records', number>>
}

export interface ProgressView {
  jobId: string
  kind: JobKindView
  state: JobStateView
  blockedReason: BlockedReasonView | null
  stateDetail: string | null
  counts: CountsView
  ratePerSec: number
  etaSeconds: number | null
  spentRp: number
  budgetRp: number | null
  balanceRp: number | null
  at: number
  actions: JobActionView[]
  /**
   * Why start, resume, retry and re-send are not in `actions` though the state allows them: a job
   * from a watched folder whose file another computer holds (or nobody), with how the work goes on.
   * In the view's language; null otherwise.
   */
  notRunHere: string | null
  owner: JobOwnerView | null
}

export interface JobSummaryView {
  id: string
  kind: JobKindView
  state: JobStateView
  blockedReason: BlockedReasonView | null
  inputName: string | null
  createdAt: number
  finishedAt: number | null
  counts: CountsView
  /** running in the store but no process was working on it: offer resume */
  interrupted: boolean
  sandbox: boolean
  actions: JobActionView[]
  /** as ProgressView.notRunHere */
  notRunHere: string | null
  /** notRunHere in a few words, for History's row (who holds the file); null with it */
  notRunHereShort: string | null
}

export interface RowView {
  rowNo: number
  sourceRow: number | null
  state: 'pending' | 'in-flight' | 'done' | 'failed' | 'uncertain'
  input: Record<string, unknown>
  outcome: string | null
  /** the one verdict (core/verdict.ts); the screens show VERDICT_WORDS[lang][verdict] */
  verdict: VerdictView
  confidence: number | null
  charged: boolean
  costRp: number
  error: string | null
  /** machine code of the error (the renderer shows a translated short reason for known ones) */
  errorCode: string | null
  errorColumn: string | null
  attempts: number
  finishedAt: number | null
  /** the earlier job row whose verified answer this row took for free */
  reusedFrom: { jobId: string; rowNo: number } | null
  /** the review decision that stands for this row (the latest, by anyone, from any process), if any */
  review?: { decision: ReviewDecisionView; reviewer: string } | null
}
