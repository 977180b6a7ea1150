import { rmSync } from 'node:fs'
import { join } from 'node:path'
import type { ProgressView } from '../../contract/ipc'
import type { CoreContext } from '../context'
import type { JobRecord, Store } from '../store'
import type { JobRunner } from '../jobs/job-runner'
import { PlanError } from '../jobs/plan-error'
import type { JobAction, JobFacts } from '../model/job-actions'
import { coreText, type CoreTextLang } from '../texts/core-text'
import type { EngineOptions } from './engine-options'
import { createJobOwnership, type JobOwnership } from './job-ownership'
import { createPlanHolding, type PlanHolding } from './plan-holding'
import { newOwnerIdentity, processAlive } from './owner-identity'
import { createProgressFeed, type ProgressFeed } from './progress-feed'
import { createServiceAccess, type ServiceAccess } from './service-access'
import { progressView } from './views'

/** A job this engine runs: its runner and the snapshot it ends with. */
export interface RunningJob {
  runner: JobRunner
  done: Promise<ProgressView>
}

/**
 * What every use case of the engine shares: the store, the clock, the jobs this engine runs,
 * who owns which job, the listeners, and the way to the service. Built once per engine.
 */
export interface EngineCore {
  store: Store
  ctx: CoreContext
  opts: EngineOptions
  now(): number
  /** the job, or a PlanError naming it */
  job(id: string): JobRecord
  /** the one gate every action passes BEFORE anything in the store changes */
  assertAllowed(jobId: string, action: JobAction): { j: JobRecord; facts: JobFacts }
  runners: Map<string, RunningJob>
  owners: JobOwnership
  /** the plans this engine made: kept from other desks' new plans of the same workbook */
  plans: PlanHolding
  feed: ProgressFeed
  access: ServiceAccess
  textLang: () => CoreTextLang
  snapshot(jobId: string): ProgressView
  /** the pictures kept for plans just deleted from the store (never started: nothing else refers to them) */
  discardPlans(ids: string[]): void
  /** aborted when the engine closes: every plan's stop, so its requests still waiting for their turn are not sent */
  closed: AbortSignal
  markClosed(): void
}

export function createEngineCore(opts: EngineOptions): EngineCore {
  const { store, ctx } = opts
  const now = (): number => ctx.clock.now()
  const textLang = opts.textLang ?? ((): CoreTextLang => 'en')
  const runners = new Map<string, RunningJob>()
  const me = opts.owner ?? newOwnerIdentity()
  const env = () => ({ now: now(), processAlive: opts.processAlive ?? processAlive })
  const owners = createJobOwnership({ store, me, env, logger: ctx.logger })
  const plans = createPlanHolding({ store, me, env })
  const closing = new AbortController()
  const job = (id: string): JobRecord => {
    const j = store.jobs.get(id)
    if (!j) throw new PlanError(coreText('plan.noJob', { job: id }))
    return j
  }
  const snapshot = (jobId: string): ProgressView => {
    const j = job(jobId)
    const r = runners.get(jobId)?.runner
    const counts = store.rows.counts(jobId)
    return progressView(j, counts, { ratePerSec: r?.ratePerSec() ?? 0, now: now() }, owners.ownership(j, counts), textLang)
  }
  return {
    store,
    ctx,
    opts,
    now,
    job,
    assertAllowed(jobId, action) {
      const j = job(jobId)
      // the legal actions include the watched file's claim (a job from a watched folder sends only
      // while this computer holds it: watched-run-rule.ts), so what views offer is what passes here
      return { j, facts: owners.assertAllowed(j, action) }
    },
    runners,
    owners,
    plans,
    feed: createProgressFeed({ store, now, intervalMs: opts.progressIntervalMs ?? 250, textLang, snapshot }),
    access: createServiceAccess({ store, ctx, now, resolveTarget: opts.resolveTarget }),
    textLang,
    snapshot,
    discardPlans(ids) {
      for (const id of ids) rmSync(join(opts.picturesDir, id), { recursive: true, force: true })
    },
    closed: closing.signal,
    markClosed: () => closing.abort(new Error('the engine closed')),
  }
}
