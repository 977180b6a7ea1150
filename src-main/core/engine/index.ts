/**
 * The engine: what the CLI, the Electron IPC handlers and the browser-mode server call. A thin
 * facade; each use case lives in its own module over the shared EngineCore:
 * planning (plan-jobs.ts, plan-estimate.ts), run control (run-control.ts), usage and quota
 * (usage.ts), progress (progress-feed.ts), the way to the service (service-access.ts).
 */
import { adoptLegacyAccount } from './account-id'
import { join } from 'node:path'
import type { RowFilter } from '../store'
import { verdictGroups } from '../verdict'
import { createEngineCore } from './engine-core'
import type { EngineOptions } from './engine-options'
import { inspectSheet, planDirectoryQuery, planSheet } from './plan-jobs'
import { createRunControl } from './run-control'
import type { Engine, RowsFilter } from './types'
import { regencySuggestions } from './regency-suggestions'
import { schoolSearch, stateHitsUsed, usageView } from './usage'
import { rowView, summaryView } from './views'
import { shownHospitalValueLists } from './value-lists'

export type { Engine, PlanRequest, DirectoryPlanRequest, StateChange, UsageView, JobLimits, RowsFilter } from './types'
export type { EngineOptions, ServiceTarget } from './engine-options'
export { accountId } from './account-id'
export { PlanError } from '../jobs/plan-error'
export { ActionRefusedError, JobOwnedError } from './action-errors'
export { guessKind } from '../kinds/registry'

/** How long a plan that was never started (dry run, declined confirmation) is kept. */
export const UNSTARTED_PLAN_KEEP_MS = 7 * 24 * 3_600_000

export function createEngine(given: EngineOptions): Engine {
  // every target the engine works with carries its counts over from the legacy account id once
  const opts: EngineOptions = {
    ...given,
    resolveTarget: async (settings) => {
      const target = await given.resolveTarget(settings)
      adoptLegacyAccount(given.store, target)
      return target
    },
  }
  const core = createEngineCore(opts)
  const { store, owners, feed } = core
  const run = createRunControl(core)
  return {
    inspect: (file, o) => inspectSheet(file, o),
    plan: (req) => planSheet(core, req),
    planDirectory: (req) => planDirectoryQuery(core, req),
    start: run.start,
    settled: run.settled,
    pause: run.pause,
    cancel: run.cancel,
    retryFailed: run.retryFailed,
    resendUncertain: run.resendUncertain,
    actions: (jobId) => owners.ownership(core.job(jobId), store.rows.counts(jobId)).actions,
    assertAllowed: (jobId, action) => void core.assertAllowed(jobId, action),
    progress: core.snapshot,
    schoolSearch: (settings, query) => schoolSearch(core, settings, query),
    valueLists: async (settings) => {
      const t = await opts.resolveTarget(settings)
      return shownHospitalValueLists(core.store, t.source, await core.access.askValueLists(settings, t, new AbortController().signal))
    },
    regencySuggestions: (settings, query) => regencySuggestions(core, settings, query),
    usage: (account, settings) => usageView(core, account, settings),
    stateHitsUsed: (account, settings, used) => stateHitsUsed(core, account, settings, used),
    listJobs: () =>
      store.jobs.list().map((j) => {
        const counts = store.rows.counts(j.id)
        return summaryView(j, counts, owners.ownership(j, counts), core.textLang)
      }),
    rows(jobId, offset, limit, { verdict, ...rest }: RowsFilter = {}) {
      const j = core.job(jobId)
      // the verdict each row shows (views.ts rowView), band included, selected by the same rule
      const filter: RowFilter = verdict ? { ...rest, groups: { of: verdictGroups(verdict), band: j.settings.reviewBand } } : rest
      return { total: store.rows.countWhere(jobId, filter), rows: store.rows.page(jobId, { ...filter, offset, limit }).map((r) => rowView(j, r)) }
    },
    onProgress: (l) => feed.onProgress(l),
    onState: (l) => feed.onState(l),
    discardStalePlans() {
      const ids = store.jobs.deleteUnstartedPlans(core.now() - UNSTARTED_PLAN_KEEP_MS)
      core.discardPlans(ids)
      return ids
    },
    interruptedJobs: () => owners.interrupted(store.jobs.list()),
    close: run.close,
  }
}

export function picturesDirFor(dataDir: string): string {
  return join(dataDir, 'pictures')
}
