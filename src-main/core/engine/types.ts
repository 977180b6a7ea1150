/**
 * The engine's public face: what the CLI, the Electron IPC handlers and the browser-mode
 * server call. Views are the contract's, so an adapter only validates and forwards.
 */
import type { PlanRequestArgs } from '../jobs/planner'
import type {
  JobPlanView,
  JobSummaryView,
  ProgressView,
  RowView,
  SheetPreview,
  DirectoryQuery,
  RegionView,
} from '../../contract/ipc'
import type { JobKind } from '../../contract/job-kinds'
import type { JobSettings } from '../model/job-settings'
import type { JobAction } from '../model/job-actions'
import type { RowFilter } from '../store'
import type { Verdict } from '../verdict'
import type { DirectoryOptions } from '../kinds/directory'
import type { HospitalValueLists } from '../model/filter-values'
import type { CoreText } from '../texts/core-text'

/** The rows filter of the app and the CLI: the store's, with a verdict instead of outcome groups. */
export type RowsFilter = Omit<RowFilter, 'groups'> & { verdict?: Verdict }

/**
 * A plan of a sheet: the fields the planner reads (one list, `PlanRequestArgs` in core/jobs/planner)
 * and what only the engine acts on.
 */
export interface PlanRequest extends PlanRequestArgs {
  /** called once the job row exists, before its rows are read and checked (the CLI's first line) */
  onJobCreated?: (jobId: string) => void
  /**
   * A dry run: nothing at all goes to the service (no first-page probes, no value-list requests);
   * directory pages are estimated from the cache, else as unknown.
   */
  sendNothing?: boolean
  /**
   * Aborted: the plan sends no more (a directory's page probes stop; one on the wire is answered
   * and kept) and is stored from what it has (the rest estimated as queries past the probe limit
   * are). A watcher's stop, the app closing.
   */
  signal?: AbortSignal
}

export interface DirectoryPlanRequest {
  query: DirectoryQuery
  settings: JobSettings
}

/** A new budget or a stated balance (after a top-up), kept in the job's settings when it (re)starts. */
export interface JobLimits {
  budgetRp?: number | null
  balanceRp?: number | null
}

/** How a caller starts a job: its limits and, a watcher, a check before each request (JobRunner's holdBack). */
export interface StartOptions extends JobLimits {
  /** a reason (stored text) to pause instead of sending the next request; null: go on */
  holdBack?: () => string | null
}

export interface StateChange {
  jobId: string
  state: ProgressView['state']
  blockedReason: ProgressView['blockedReason']
  detail: string | null
}

/** This month's hits of the account a settings snapshot talks to, per product with a quota. */
export interface UsageView {
  /** the service host ('sandbox' for the embedded one); never the key */
  account: string
  products: Array<{ product: 'schools' | 'regional' | 'hospitals'; quota: number | null; used: number; left: number | null }>
}

export interface Engine {
  /** Sheets, header row, preview and the auto-guessed mapping of a spreadsheet. */
  inspect(file: string, opts?: { sheet?: string; kind?: JobKind }): Promise<SheetPreview>
  /** Imports every row, runs the pre-flight, stores a `ready` job; nothing is sent. */
  plan(req: PlanRequest): Promise<JobPlanView>
  /** A directory sync job (hospital-directory / school-directory) from filters, `ready`. */
  planDirectory(req: DirectoryPlanRequest): Promise<JobPlanView>
  /** Starts or resumes a job in the background; returns at once with the first snapshot. */
  start(jobId: string, opts?: StartOptions): Promise<ProgressView>
  /** Resolves when the job's runner stops: done, blocked, paused or cancelled. */
  settled(jobId: string): Promise<ProgressView>
  /**
   * Stops sending new requests at once; requests in flight finish and are recorded. If another
   * process owns the job this is a request it obeys within a second; if nobody does, it applies directly.
   */
  pause(jobId: string): Promise<ProgressView>
  cancel(jobId: string): Promise<ProgressView>
  /** Failed rows go back to pending and the job runs again as a new attempt. */
  retryFailed(jobId: string, opts?: JobLimits): Promise<ProgressView>
  /** The user accepts that uncertain paid rows may be charged twice; they are re-sent. */
  resendUncertain(jobId: string, opts?: JobLimits): Promise<ProgressView>
  progress(jobId: string): ProgressView
  /** Hits used this month by the account these settings talk to, against the plans' quotas. */
  /** The hospital filter values the service publishes (types, classes, ownership, BLU status), cached. */
  valueLists(settings: JobSettings): Promise<HospitalValueLists>
  /** schools/search (premium): the records, or without premium the 403 in plain words */
  schoolSearch(settings: JobSettings, query: string): Promise<{ rows: Array<Record<string, unknown>>; premiumRequired: string | null; premiumText?: CoreText }>
  /**
   * Regency suggestions for typed text: the service's autocomplete, paced and counted as a
   * regional hit like any other request; the local region tree when the service cannot answer.
   */
  regencySuggestions(settings: JobSettings, query: string): Promise<{ source: 'service' | 'local'; items: RegionView[] }>
  usage(account: string, settings: JobSettings): Promise<UsageView>
  /** The user states the hits the account (see accountId) has already used this month (other machines, the dashboard). */
  /** In a team, the team's count is never lowered: a lower statement is refused (PlanError, team.hitsNotLowered). */
  stateHitsUsed(account: string, settings: JobSettings, used: Partial<Record<'schools' | 'regional' | 'hospitals' | 'face-match', number>>): Promise<UsageView>
  listJobs(): JobSummaryView[]
  /** A page of rows; `verdict` selects rows by the one verdict rule (the label each row shows). */
  rows(jobId: string, offset: number, limit: number, filter?: RowsFilter): { total: number; rows: RowView[] }
  /** Throttled (<= 10/s per job) progress snapshots. */
  onProgress(listener: (p: ProgressView) => void): () => void
  /** Every state transition, after it is written to the store. */
  onState(listener: (s: StateChange) => void): () => void
  /**
   * Plans never started (a dry run, a declined confirmation) stay resumable for a week, listed
   * as `ready`; after that they are deleted. Returns the ids removed.
   */
  discardStalePlans(): string[]
  /** Jobs the store says are running but no live process owns (shown `interrupted`); nothing is changed. */
  interruptedJobs(): string[]
  /** The actions legal now for a job (core/model/job-actions.ts), as the CLI and the renderer offer them. */
  actions(jobId: string): JobAction[]
  /** Throws ActionRefusedError (JobOwnedError if another process owns it) unless `action` is legal now. */
  assertAllowed(jobId: string, action: JobAction): void
  close(): Promise<void>
}
