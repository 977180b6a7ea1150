import type { ProgressView } from '../../contract/ipc'
import { namedDiskFull } from '../paths/disk-full'
import { stoppedReason, storeFailureText } from './stopped-reason'
import { coreText } from '../texts/core-text'
import type { ServiceClient } from '../provider'
import { JobRunner } from '../jobs/job-runner'
import { recheckStoredRows } from '../jobs/planner'
import { kindModule } from '../kinds/registry'
import { keptDirectoryOptions, type DirectoryOptions } from '../kinds/directory'
import type { JobAction } from '../model/job-actions'
import { stopTarget, type StopRequest } from '../model/job-state'
import { accountId } from './account-id'
import { ActionRefusedError, JobOwnedError } from './action-errors'
import type { EngineCore } from './engine-core'
import type { ServiceTarget } from './engine-options'
import type { JobLimits, StartOptions } from './types'
import { holdWatchedClaim, type WatchedClaimHold } from '../unattended/watched-claim-gate'

/** How often a running job's active time is added to the store (the most a killed process's report misses). */
const ACTIVE_STEP_MS = 2_000

/** Work between taking the lease and starting the runner: on an error the lease is given back. */
async function whileOwned(core: EngineCore, jobId: string, fn: () => void | Promise<void>): Promise<void> {
  const { owners } = core
  try {
    await fn()
  } catch (err) {
    owners.release(jobId)
    throw err
  }
}

/** Waits for this engine's previous runner of the job (stopping, requests finishing) to end, then takes the lease. */
async function own(core: EngineCore, jobId: string, action: JobAction): Promise<void> {
  const { owners, runners } = core
  const existing = runners.get(jobId)
  if (existing) await existing.done
  core.assertAllowed(jobId, action)
  owners.take(core.job(jobId), action)
}

function applyLimits(core: EngineCore, jobId: string, o: JobLimits): void {
  const { store, now } = core
  if (o.budgetRp === undefined && o.balanceRp === undefined) return
  const j = core.job(jobId)
  const settings = {
    ...j.settings,
    ...(o.budgetRp !== undefined ? { budgetRp: o.budgetRp } : {}),
    ...(o.balanceRp !== undefined ? { balanceRp: o.balanceRp } : {}),
  }
  store.jobs.update(jobId, { settings }, now())
}

/**
 * retry-failed after the user fixed a file: rows that failed pre-flight are checked again with
 * the planner's rules; those that pass go in line with what to send (a duplicate of another
 * row reuses its result), the others stay failed with today's reason.
 */
async function recheckLocalFailures(core: EngineCore, jobId: string): Promise<{ checked: number; passed: number }> {
  const { store, now } = core
  const rows = store.rows.localFailures(jobId)
  if (!rows.length) return { checked: 0, passed: 0 }
  const j = core.job(jobId)
  // the options the plan gave every row (kept with the job at planning), with today's value lists
  const kept = (j.plan as { directory?: DirectoryOptions } | null)?.directory
  const directory = await core.access.directoryOptions(j.kind, j.settings, keptDirectoryOptions(kept))
  const verdicts = await recheckStoredRows(j, rows, { picturesDir: core.opts.picturesDir, directory })
  let passed = 0
  for (const v of verdicts) {
    if (v.localFailure) {
      store.rows.recheckedFailed(jobId, v.rowNo, v.localFailure, now())
      continue
    }
    const unitKey = v.unitKey ?? null
    store.rows.recheckedPassed(jobId, v.rowNo, { payload: v.payload, unitKey, duplicateOf: unitKey ? store.rows.originalOf(jobId, unitKey, v.rowNo) : null })
    passed++
  }
  return { checked: rows.length, passed }
}

/** Moves a job a user paused or cancelled to the state the state machine gives it (if any). */
function applyStop(core: EngineCore, jobId: string, what: StopRequest): void {
  const { feed } = core
  const to = stopTarget(core.job(jobId).state, what)
  if (to) feed.transition(jobId, to, { reason: 'user' })
}

/** Pause or cancel a job this engine runs: no new request starts; those in flight finish and are recorded. */
function stopLocally(core: EngineCore, jobId: string, what: StopRequest): void {
  const { runners } = core
  runners.get(jobId)?.runner.stop({ kind: what })
  applyStop(core, jobId, what)
}

/** The state a runner leaves a still-running job in, from why it stopped. */
function settle(core: EngineCore, jobId: string, stop: Awaited<ReturnType<JobRunner['run']>>): void {
  const { store, feed } = core
  if (store.jobs.get(jobId)!.state !== 'running') return
  if (!stop) feed.transition(jobId, 'done')
  else if (stop.kind === 'block') feed.transition(jobId, 'blocked', { blockedReason: stop.reason, detail: stop.message })
  else if (stop.kind === 'pause' && stop.detail) feed.transition(jobId, 'paused', { reason: 'held-back', detail: stop.detail })
  else feed.transition(jobId, stop.kind === 'pause' ? 'paused' : 'cancelled', { reason: 'user' })
}

/**
 * What is asked before each request: the watcher's own check, or for a person's run of a watched job
 * its claim held as a watcher holds it (watched-claim-gate.ts). A claim no longer this computer's
 * (changed since the gate looked) refuses the run, the lease given back.
 */
function requestGuard(core: EngineCore, jobId: string, holdBack?: StartOptions['holdBack']): Pick<WatchedClaimHold, 'holdBack' | 'release'> | null {
  if (holdBack) return { holdBack, release: () => undefined }
  let held: ReturnType<typeof holdWatchedClaim>
  try {
    held = holdWatchedClaim(core.store, core.job(jobId))
  } catch (err) {
    // the claim could not be taken back (the share out of reach): nothing runs
    core.owners.release(jobId)
    throw err
  }
  if (held && 'refusal' in held) {
    core.owners.release(jobId)
    throw new ActionRefusedError(jobId, 'resume', held.refusal)
  }
  return held
}

/** Runs a job this engine owns (the caller took the lease). */
async function startRunner(core: EngineCore, jobId: string, holdBack?: StartOptions['holdBack']): Promise<ProgressView> {
  const { store, ctx, now, owners, runners, feed } = core
  const j = core.job(jobId)
  let client: ServiceClient
  let target: ServiceTarget
  try {
    ;({ client, target } = await core.access.clientFor(j.settings, j.kind))
  } catch (err) {
    owners.release(jobId)
    throw err
  }
  const guard = requestGuard(core, jobId, holdBack)
  const product = kindModule(j.kind).product
  if (j.state !== 'running') feed.transition(jobId, 'running', { reason: j.state === 'done' ? 'reopened' : undefined })
  const account = accountId(target, core.ctx.accountSecret?.())
  const hits = core.access.hitsOf(account, product)
  hits.acquire()
  // Active time is stored as it passes (at most every ACTIVE_STEP_MS, when a row settles), not only
  // when the runner ends: a process killed after an hour's work left the report saying "0 s".
  let counted = now()
  const countActive = (): void => {
    const t = now()
    store.jobs.addActiveTime(jobId, t - counted)
    counted = t
  }
  const runner = new JobRunner(store.jobs.get(jobId)!, {
    store,
    client,
    coordination: core.access.coordination,
    clock: ctx.clock,
    logger: ctx.logger,
    source: target.source,
    account,
    random: core.opts.random,
    holdBack: guard?.holdBack,
    onRowSettled: () => {
      if (now() - counted >= ACTIVE_STEP_MS) countActive()
      feed.emitProgress(jobId)
    },
    onCoordinationWait: (waiting, message) => {
      const cur = store.jobs.get(jobId)
      if (waiting && cur?.state === 'running') feed.transition(jobId, 'blocked', { blockedReason: 'team-unreachable', detail: message })
      if (!waiting && cur?.state === 'blocked' && cur.blockedReason === 'team-unreachable') feed.transition(jobId, 'running')
    },
  })
  owners.keepAlive(jobId, now, { lost: () => runner.stop({ kind: 'pause' }), request: (what) => stopLocally(core, jobId, what) })
  const done = runner
    .run()
    .then((stop) => {
      countActive()
      settle(core, jobId, stop)
      return core.snapshot(jobId)
    })
    .catch((err: Error) => {
      pauseOnError(core, jobId, err)
      return core.snapshot(jobId)
    })
    .finally(() => {
      guard?.release()
      hits.release()
      if (runners.get(jobId)?.runner === runner) runners.delete(jobId)
      owners.release(jobId)
      // the last word: no owner, nothing in flight (a paused job's requests have landed)
      feed.emitProgress(jobId, true)
    })
  runners.set(jobId, { runner, done })
  return core.snapshot(jobId)
}

/** A runner that failed: said in the reader's words where rekap knows the cause, and the job paused if the store lets it. */
function pauseOnError(core: EngineCore, jobId: string, err: Error): void {
  const { store, ctx, feed } = core
  // a full disk is no bug: said as such, naming the data file (the command's own last line says it in its language)
  const full = namedDiskFull(err, store.file)
  // the data file's refusal is said in the reader's words (what happened, what resuming does); SQLite's own for --verbose
  const refused = full ? null : storeFailureText(err, store.file)
  if (refused) {
    ctx.logger.log('error', coreText('log.jobPaused', { job: jobId, why: refused }))
    ctx.logger.log('debug', `job ${jobId}: ${err.message}`)
  } else ctx.logger.log('error', full ? `job ${jobId} stopped: ${full.message}` : `job ${jobId} stopped on an unexpected error: ${err.message}`)
  try {
    const cur = store.jobs.get(jobId)
    if (cur?.state === 'running') feed.transition(jobId, 'paused', { reason: 'error', detail: stoppedReason(err, store.file) })
  } catch (again) {
    // the store still refuses (busy past the timeout again): the job stays `running` with no
    // owner once this process lets go, which every reader shows as interrupted, to resume
    const why = storeFailureText(again, store.file)
    if (why) {
      ctx.logger.log('error', coreText('log.pauseNotStored', { job: jobId, why }))
      ctx.logger.log('debug', `job ${jobId}: ${(again as Error).message}`)
    } else ctx.logger.log('error', `job ${jobId}: its pause could not be stored either: ${(again as Error).message}`)
  }
}

/**
 * Pause/cancel from anywhere. This engine's own runner stops at once; a job another live
 * process runs gets a request its owner obeys within a heartbeat; a job nobody runs is
 * changed directly, by briefly owning it (so its orphaned in-flight rows are recovered first).
 */
async function stopOrAsk(core: EngineCore, jobId: string, what: StopRequest): Promise<ProgressView> {
  const { now, owners, runners } = core
  const { facts } = core.assertAllowed(jobId, what)
  if (runners.has(jobId)) {
    stopLocally(core, jobId, what)
    return core.snapshot(jobId)
  }
  if (facts.holder === 'live' && owners.ask(jobId, what, now())) return core.snapshot(jobId)
  try {
    owners.take(core.job(jobId), what)
  } catch (err) {
    // another process took it between the check and now: ask that one
    if (err instanceof JobOwnedError && owners.ask(jobId, what, now())) return core.snapshot(jobId)
    throw err
  }
  try {
    applyStop(core, jobId, what)
  } finally {
    if (!runners.has(jobId)) owners.release(jobId)
  }
  return core.snapshot(jobId)
}

/**
 * Start, resume, retry, re-send, pause and cancel: every action passes the ownership gate
 * before the store changes, takes the job's lease, and gives it back if anything fails
 * before the runner starts.
 */
export function createRunControl(core: EngineCore) {
  const { store, ctx, owners, runners, feed } = core
  return {
    async start(jobId: string, o: StartOptions = {}): Promise<ProgressView> {
      const existing = runners.get(jobId)
      if (existing) await existing.done
      const action: JobAction = ['draft', 'ready'].includes(core.job(jobId).state) ? 'start' : 'resume'
      core.assertAllowed(jobId, action)
      owners.take(core.job(jobId), action)
      await whileOwned(core, jobId, () => applyLimits(core, jobId, o))
      return startRunner(core, jobId, o.holdBack)
    },

    async retryFailed(jobId: string, o: JobLimits = {}): Promise<ProgressView> {
      await own(core, jobId, 'retryFailed')
      await whileOwned(core, jobId, async () => {
        applyLimits(core, jobId, o)
        const rechecked = await recheckLocalFailures(core, jobId)
        const n = await store.rows.resetFailed(jobId)
        store.jobs.bumpAttempt(jobId)
        ctx.logger.log('info', `job ${jobId}: ${n} failed rows back in line; ${rechecked.passed} of ${rechecked.checked} pre-flight failures pass now`)
      })
      return startRunner(core, jobId)
    },

    async resendUncertain(jobId: string, o: JobLimits = {}): Promise<ProgressView> {
      await own(core, jobId, 'resendUncertain')
      await whileOwned(core, jobId, () => {
        applyLimits(core, jobId, o)
        store.rows.resendUncertain(jobId)
      })
      return startRunner(core, jobId)
    },

    pause: (jobId: string): Promise<ProgressView> => stopOrAsk(core, jobId, 'pause'),
    cancel: (jobId: string): Promise<ProgressView> => stopOrAsk(core, jobId, 'cancel'),

    async settled(jobId: string): Promise<ProgressView> {
      const r = runners.get(jobId)
      return r ? r.done : core.snapshot(jobId)
    },

    async close(): Promise<void> {
      // plans too: their value lists and probes waiting for a turn are not sent (the store is about to close)
      core.markClosed()
      for (const { runner } of runners.values()) runner.stop({ kind: 'pause' })
      await Promise.all([...runners.values()].map((r) => r.done))
      feed.close()
      owners.releaseAll()
      core.plans.releaseAll()
    },
  }
}
