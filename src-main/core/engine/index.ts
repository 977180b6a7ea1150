import { rmSync } from 'node:fs'
import { basename, join } from 'node:path'
import type { CoreContext } from '../context'
import { createServiceClient, type ServiceClient } from '../provider'
import type { Store, RowFilter } from '../store'
import { listSheets, openTable } from '../importers'
import type { JobKind } from '../../contract/job-kinds'
import { PRICE_POINTS, type Product } from '../model/products'
import { importRowsIntoJob, recheckStoredRows, PlanError, type RowImporter } from '../jobs/planner'

import { HOSPITAL_FILTER_FIELDS, checkFilterValue, type HospitalValueLists } from '../model/filter-values'
import { hospitalValueLists } from './value-lists'
import { schoolSearchRecords } from '../provider/school-search'
import { premiumRequiredText } from '../model/premium-text'
import { quotaExhaustedText } from '../model/plans'
import { ServiceError } from '../provider'
import { JobRunner } from '../jobs/job-runner'
import { createLocalCoordination, type HitCounter, type RateTurns } from '../coordination'
import { estimateCostRp, estimateSeconds, quotaLeft } from '../jobs/estimate'
import { cellText } from '../kinds/row-checks'
import { autoMap, fieldsOf, guessKind, kindModule } from '../kinds/registry'
import { directoryRow, keptDirectoryOptions, type DirectoryOptions } from '../kinds/directory'
import { directoryBaseFilters, directoryUnits } from '../kinds/directory-units'
import type { JobSettings } from '../model/job-settings'
import type { JobPlanView, ProgressView, SheetPreview, PlanProblem } from '../../contract/ipc'
import { progressView, rowView, summaryView } from './views'
import type { JobAction, JobFacts } from '../model/job-actions'
import type { OwnerIdentity } from '../model/lease-rules'
import { JobOwnedError } from './action-errors'
import { createJobOwnership } from './job-ownership'
import { newOwnerIdentity, processAlive } from './owner-identity'
import type { JobRecord } from '../store'
import type { DirectoryPlanRequest, Engine, JobLimits, PlanRequest, RowsFilter, StateChange, UsageView } from './types'
import { verdictGroups } from '../verdict'
import { loadRegionTree } from '../regions/region-tree'
import { shortfallWarnings } from '../jobs/plan-warnings'
import type { ReuseSummary } from '../kinds/face-match/pair-reuse'
import type { UnitEnv } from '../kinds/unit'
import { estimateDirectoryPages } from './directory-estimate'
import { accountOf } from './account-id'
import { coreText, detailText, type CoreTextLang } from '../texts/core-text'

export type { Engine, PlanRequest, DirectoryPlanRequest, StateChange, UsageView, JobLimits, RowsFilter } from './types'
export { accountOf } from './account-id'
export { PlanError } from '../jobs/planner'
export { ActionRefusedError, JobOwnedError } from './action-errors'
export { guessKind } from '../kinds/registry'

/** Where a job's requests go. `source` labels cached records ('sandbox' or the service host). */
export interface ServiceTarget {
  baseUrl: string
  apiKey?: string
  source: string
  sandbox: boolean
}

export interface EngineOptions {
  store: Store
  ctx: CoreContext
  /** settings.baseUrl '' (or settings.sandbox) means the embedded sandbox; adapters decide how to reach it */
  resolveTarget: (settings: JobSettings) => Promise<ServiceTarget>
  /** pictures pasted into cells are kept here so a resumed job can still send them */
  picturesDir: string
  /** progress snapshots per job at most this often (default 250 ms = 4/s, within the 10/s budget) */
  progressIntervalMs?: number
  /** the language of rekap's own words in views (a blocked job's reason): the app's; default English */
  textLang?: () => CoreTextLang
  random?: () => number
  maxRows?: number
  /** who this engine is in job leases (default: this process, a fresh instance id) */
  owner?: OwnerIdentity
  /** is a process of this host alive (default: kill(pid, 0) + /proc start time) */
  processAlive?: (pid: number, startedAt: number) => boolean
  /** how a plan's rows are imported (default in this thread; the app passes a worker thread's) */
  importRows?: RowImporter
}

interface CallsEstimate {
  callsNeeded: number
  cacheHits: number
  estimate: JobPlanView['estimate']
}

/** How long a plan that was never started (dry run, declined confirmation) is kept. */
export const UNSTARTED_PLAN_KEEP_MS = 7 * 24 * 3_600_000

const TYPICAL_LATENCY_MS: Record<Product, number> = { 'face-match': 800, hospitals: 150, schools: 150, regional: 150 }

export function createEngine(opts: EngineOptions): Engine {
  const { store, ctx } = opts
  const runners = new Map<string, { runner: JobRunner; done: Promise<ProgressView> }>()
  // rate, money, hits and pair reuse of the account: this desk's own, or the team's
  const coordination = ctx.coordination ?? createLocalCoordination(store, ctx.clock)
  const progressListeners = new Set<(p: ProgressView) => void>()
  const stateListeners = new Set<(s: StateChange) => void>()
  const lastEmit = new Map<string, number>()
  const pendingEmit = new Map<string, ReturnType<typeof setTimeout>>()
  const interval = opts.progressIntervalMs ?? 250
  const textLang = opts.textLang ?? ((): CoreTextLang => 'en')
  const now = (): number => ctx.clock.now()
  const owners = createJobOwnership({
    store,
    me: opts.owner ?? newOwnerIdentity(),
    env: () => ({ now: now(), processAlive: opts.processAlive ?? processAlive }),
    logger: ctx.logger,
  })

  const job = (id: string) => {
    const j = store.jobs.get(id)
    if (!j) throw new PlanError(coreText('plan.noJob', { job: id }))
    return j
  }

  /** The one gate every action passes BEFORE anything in the store changes. */
  function assertAllowed(jobId: string, action: JobAction): { j: JobRecord; facts: JobFacts } {
    const j = job(jobId)
    return { j, facts: owners.assertAllowed(j, action) }
  }

  function takeOwnership(jobId: string, action: JobAction): void {
    owners.take(job(jobId), action)
  }

  function releaseOwnership(jobId: string): void {
    owners.release(jobId)
  }

  /** Work between taking the lease and starting the runner: on an error the lease is given back. */
  function whileOwned(jobId: string, fn: () => void): void {
    try {
      fn()
    } catch (err) {
      releaseOwnership(jobId)
      throw err
    }
  }

  /**
   * retry-failed after the user fixed a file: rows that failed pre-flight are checked again with
   * the planner's rules; those that pass go in line with what to send (a duplicate of another
   * row reuses its result), the others stay failed with today's reason.
   */
  async function recheckLocalFailures(jobId: string): Promise<{ checked: number; passed: number }> {
    const rows = store.rows.localFailures(jobId)
    if (!rows.length) return { checked: 0, passed: 0 }
    const j = job(jobId)
    // the options the plan gave every row (kept with the job at planning), with today's value lists
    const kept = (j.plan as { directory?: DirectoryOptions } | null)?.directory
    const directory = await directoryOptions(j.kind, j.settings, keptDirectoryOptions(kept))
    const verdicts = await recheckStoredRows(j, rows, { picturesDir: opts.picturesDir, directory })
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

  function applyLimits(jobId: string, o: JobLimits): void {
    if (o.budgetRp === undefined && o.balanceRp === undefined) return
    const j = job(jobId)
    const settings = {
      ...j.settings,
      ...(o.budgetRp !== undefined ? { budgetRp: o.budgetRp } : {}),
      ...(o.balanceRp !== undefined ? { balanceRp: o.balanceRp } : {}),
    }
    store.jobs.update(jobId, { settings }, now())
  }

  /** Pause or cancel a job this engine runs: no new request starts; those in flight finish and are recorded. */
  function stopLocally(jobId: string, what: 'pause' | 'cancel'): void {
    runners.get(jobId)?.runner.stop({ kind: what })
    const cur = store.jobs.get(jobId)!.state
    if (what === 'pause' && (cur === 'running' || cur === 'blocked')) transition(jobId, 'paused', { reason: 'user' })
    if (what === 'cancel' && cur !== 'done' && cur !== 'cancelled') transition(jobId, 'cancelled', { reason: 'user' })
  }

  function snapshot(jobId: string): ProgressView {
    const j = job(jobId)
    const r = runners.get(jobId)?.runner
    const counts = store.rows.counts(jobId)
    return progressView(j, counts, { ratePerSec: r?.ratePerSec() ?? 0, now: now() }, owners.ownership(j, counts), textLang)
  }

  /** How long the last snapshot of each job took (its counts are trigger-kept: tens of µs whatever the size). */
  const snapshotCost = new Map<string, number>()

  function emitProgress(jobId: string, force = false): void {
    const since = now() - (lastEmit.get(jobId) ?? 0)
    // Should a snapshot ever cost real time (a slow disk), keep it under ~1/8 of the serving thread's time.
    const wait = Math.max(interval, 8 * (snapshotCost.get(jobId) ?? 0))
    if (!force && since < wait) {
      // Trailing edge: the last change of a burst is always shown.
      if (!pendingEmit.has(jobId)) {
        pendingEmit.set(jobId, setTimeout(() => (pendingEmit.delete(jobId), emitProgress(jobId, true)), wait - since))
      }
      return
    }
    const t = pendingEmit.get(jobId)
    if (t) (clearTimeout(t), pendingEmit.delete(jobId))
    lastEmit.set(jobId, now())
    const t0 = performance.now()
    const p = snapshot(jobId)
    snapshotCost.set(jobId, performance.now() - t0)
    for (const l of progressListeners) l(p)
  }

  function transition(jobId: string, to: JobRecord['state'], o: Parameters<Store['jobs']['transition']>[3] = {}): void {
    const j = store.jobs.transition(jobId, to, now(), o)
    const change: StateChange = { jobId, state: j.state, blockedReason: j.blockedReason, detail: detailText(j.stateDetail, textLang) }
    for (const l of stateListeners) l(change)
    emitProgress(jobId, true)
  }

  function limiterFor(target: ServiceTarget, product: Product, settings: JobSettings): RateTurns {
    return coordination.rate(accountOf(target), product, settings.rps[product])
  }

  /** The shared hit counter of one account and product (every job of the account draws on it). */
  function hitsOf(account: string, product: Product): HitCounter {
    return coordination.hits(account, product)
  }

  async function valueListsFor(settings: JobSettings, target: ServiceTarget): Promise<HospitalValueLists> {
    const { client } = await clientFor(settings, 'hospital-directory')
    return hospitalValueLists(store, client, { source: target.source, freshAfter: now() - settings.cacheFreshnessHours * 3_600_000, now: now() })
  }

  /**
   * What a plan, and a re-check of its rows, checks every row of a directory kind against: the
   * user's options and, for kinds that ask for them, the service's value lists (hospital filter
   * values are checked before any query is sent).
   */
  async function directoryOptions(kind: JobKind, settings: JobSettings, base: DirectoryOptions = {}, target?: ServiceTarget): Promise<DirectoryOptions> {
    if (!kindModule(kind).checksValueLists) return base
    return { ...base, valueLists: await valueListsFor(settings, target ?? (await opts.resolveTarget(settings))) }
  }

  async function clientFor(settings: JobSettings, kind: JobKind): Promise<{ client: ServiceClient; target: ServiceTarget }> {
    const target = await opts.resolveTarget(settings)
    const client = createServiceClient({
      baseUrl: target.baseUrl,
      apiKey: target.apiKey,
      authHeader: settings.authHeader,
      timeoutMs: kindModule(kind).requestTimeoutMs(settings),
      fetch: ctx.fetch,
    })
    return { client, target }
  }

  function planView(
    jobId: string,
    extra: { problems: PlanProblem[]; duplicates: number; account: string; calls: CallsEstimate; reused?: ReuseSummary; earlierRun?: JobPlanView['earlierRun'] },
  ): JobPlanView {
    const j = job(jobId)
    const c = store.rows.counts(jobId)
    const product = kindModule(j.kind).product
    const callsNeeded = extra.calls.callsNeeded
    const left = quotaLeft(j.settings.monthlyQuota[product], store.usage.hitsThisMonth(product, now(), extra.account))
    const costRp = estimateCostRp(product, callsNeeded)
    const s = j.settings
    const warnings = shortfallWarnings({
      product,
      plan: product === 'schools' ? s.schoolPlan : product === 'regional' ? s.regionalPlan : product === 'hospitals' ? s.hospitalPlan : null,
      hitsNeeded: callsNeeded,
      quotaLeft: left,
      costRp,
      pricePoints: PRICE_POINTS[product],
      spentRp: store.usage.chargedPoints(jobId),
      budgetRp: s.budgetRp,
      balanceRp: s.balanceRp,
    })
    return {
      jobId,
      kind: j.kind,
      rowsTotal: c.total,
      rowsOk: c.total - c.localFailures,
      rowsFailingLocally: c.localFailures,
      duplicates: extra.duplicates,
      problems: extra.problems,
      callsNeeded,
      cacheHits: extra.calls.cacheHits,
      estimatedCostRp: costRp,
      estimatedSeconds: estimateSeconds(callsNeeded, j.settings.rps[product], j.settings.concurrency, TYPICAL_LATENCY_MS[product]),
      quotaLeft: left,
      budgetRp: j.settings.budgetRp,
      sandbox: j.settings.sandbox,
      estimate: extra.calls.estimate,
      warnings,
      reused: { rows: extra.reused?.reused ?? 0, fromJobs: extra.reused?.fromJobs ?? [] },
      earlierRun: extra.earlierRun ?? null,
    }
  }

  /**
   * The calls (hits) a planned job still needs: one per row to send for lookups and face pairs,
   * pages for directory queries, the region tree's size for a regions job.
   */
  async function estimateCalls(jobId: string, target: ServiceTarget, duplicates: number, reused = 0): Promise<CallsEstimate> {
    const j = job(jobId)
    const c = store.rows.counts(jobId)
    const freshAfter = now() - j.settings.cacheFreshnessHours * 3_600_000
    const kind = kindModule(j.kind)
    const paging = kind.paging
    if (paging) {
      const product = kind.product
      const account = accountOf(target)
      const hits = hitsOf(account, product)
      let client: ServiceClient | null = null
      const probeEnv = (): UnitEnv | null => {
        if (!client) return null
        return {
          client,
          store,
          jobId,
          source: target.source,
          account,
          freshAfter,
          now,
          signal: new AbortController().signal,
          call: async (fn) => {
            if (!(await hits.tryStart(j.settings.monthlyQuota[product]))) throw new Error('no hit left for a probe')
            try {
              await limiterFor(target, product, j.settings).take(new AbortController().signal)
              return await fn(new AbortController().signal)
            } catch (e) {
              hits.unstart()
              throw e
            }
          },
        }
      }
      client = (await clientFor(j.settings, j.kind)).client
      const d = await estimateDirectoryPages(store, jobId, paging, { source: target.source, freshAfter, env: probeEnv })
      return { callsNeeded: d.pages, cacheHits: d.cacheHits, estimate: d.estimate }
    }
    const planned = kind.plannedCalls?.(store, jobId)
    if (planned) return { callsNeeded: planned.calls, cacheHits: 0, estimate: { unit: 'calls', basis: planned.basis, probed: 0 } }
    const cacheHits = countCacheHits(jobId, j.kind, j.settings, target.source)
    return {
      callsNeeded: Math.max(0, c.total - c.localFailures - duplicates - cacheHits - reused),
      cacheHits,
      estimate: { unit: 'calls', basis: 'rows', probed: 0 },
    }
  }

  /** Lookup rows a fresh cached record will answer for free (a lookup row's unit key is its code). */
  function countCacheHits(jobId: string, kind: JobKind, settings: JobSettings, source: string): number {
    const cached = kindModule(kind).rowsAnsweredFromCache
    if (!cached) return 0
    const freshAfter = now() - settings.cacheFreshnessHours * 3_600_000
    return cached(store, jobId, source, freshAfter)
  }

  /** Waits for this engine's previous runner of the job (stopping, requests finishing) to end. */
  async function previousRunnerEnded(jobId: string): Promise<void> {
    const existing = runners.get(jobId)
    if (existing) await existing.done
  }

  /** Runs a job this engine owns (the caller took the lease). */
  async function startRunner(jobId: string): Promise<ProgressView> {
    const j = job(jobId)
    let client: ServiceClient
    let target: ServiceTarget
    try {
      ;({ client, target } = await clientFor(j.settings, j.kind))
    } catch (err) {
      releaseOwnership(jobId)
      throw err
    }
    const product = kindModule(j.kind).product
    if (j.state !== 'running') transition(jobId, 'running', { reason: j.state === 'done' ? 'reopened' : undefined })
    const account = accountOf(target)
    const hits = hitsOf(account, product)
    hits.acquire()
    const runner = new JobRunner(store.jobs.get(jobId)!, {
      store,
      client,
      coordination,
      clock: ctx.clock,
      logger: ctx.logger,
      source: target.source,
      account,
      random: opts.random,
      onRowSettled: () => emitProgress(jobId),
      onCoordinationWait: (waiting, message) => {
        const cur = store.jobs.get(jobId)
        if (waiting && cur?.state === 'running') transition(jobId, 'blocked', { blockedReason: 'team-unreachable', detail: message })
        if (!waiting && cur?.state === 'blocked' && cur.blockedReason === 'team-unreachable') transition(jobId, 'running')
      },
    })
    const startedAt = now()
    owners.keepAlive(jobId, now, { lost: () => runner.stop({ kind: 'pause' }), request: (what) => stopLocally(jobId, what) })
    const done = runner
      .run()
      .then((stop) => {
        store.jobs.addActiveTime(jobId, now() - startedAt)
        const cur = store.jobs.get(jobId)!
        if (cur.state === 'running') {
          if (!stop) transition(jobId, 'done')
          else if (stop.kind === 'block') transition(jobId, 'blocked', { blockedReason: stop.reason, detail: stop.message })
          else if (stop.kind === 'pause') transition(jobId, 'paused', { reason: 'user' })
          else transition(jobId, 'cancelled', { reason: 'user' })
        }
        return snapshot(jobId)
      })
      .catch((err: Error) => {
        ctx.logger.log('error', `job ${jobId} stopped on an unexpected error: ${err.message}`)
        const cur = store.jobs.get(jobId)
        if (cur?.state === 'running') transition(jobId, 'paused', { reason: 'error', detail: err.message })
        return snapshot(jobId)
      })
      .finally(() => {
        hits.release()
        if (runners.get(jobId)?.runner === runner) runners.delete(jobId)
        releaseOwnership(jobId)
        // the last word: no owner, nothing in flight (a paused job's requests have landed)
        emitProgress(jobId, true)
      })
    runners.set(jobId, { runner, done })
    return snapshot(jobId)
  }

  function usageView(account: string, settings: JobSettings): UsageView {
    const products = (['schools', 'regional', 'hospitals'] as const).map((product) => {
      const quota = settings.monthlyQuota[product]
      const used = store.usage.hitsThisMonth(product, now(), account)
      return { product, quota, used, left: quotaLeft(quota, used) }
    })
    return { account: account.replace(/#.*/, ''), products }
  }

  const engine: Engine = {
    async inspect(file, o = {}) {
      const sheets = (await listSheets(file)).map((s) => s.name)
      const table = await openTable(file, { sheet: o.sheet, pictures: false })
      try {
        const preview: Array<Record<string, string>> = []
        for await (const row of table.rows()) {
          preview.push(Object.fromEntries(table.headers.map((h) => [h, cellText(row.values[h] ?? null)])))
          if (preview.length >= 10) break
        }
        const kind = o.kind ?? guessKind(table.headers)
        const mapped = kind ? autoMap(kind, table.headers) : { mapping: {}, missing: [] }
        const result: SheetPreview = {
          path: file,
          fileName: basename(file),
          sheets,
          sheet: table.sheet,
          headerRow: table.headerRow,
          headers: table.headers,
          preview,
          suggestedKind: kind,
          mapping: mapped.mapping,
          missing: mapped.missing,
          fields: kind ? fieldsOf(kind).map((f) => ({ name: f.field, required: f.required })) : [],
        }
        return result
      } finally {
        await table.close()
      }
    },

    async plan(req: PlanRequest) {
      const target = await opts.resolveTarget(req.settings)
      const directory = await directoryOptions(req.kind, req.settings, req.directory, target)
      const planned = await (opts.importRows ?? importRowsIntoJob)(store, { ...req, directory }, { picturesDir: opts.picturesDir, now, maxRows: opts.maxRows })
      // Pairs verified by earlier jobs are answered now, for free, before anything is counted or paid.
      const reused = kindModule(req.kind).reuseEarlierResults?.(store, planned.jobId, req.settings, now())
      const fingerprint = store.jobs.get(planned.jobId)?.inputFingerprint
      const earlierRun = fingerprint ? store.reuse.earlierRun(fingerprint, req.kind, planned.jobId) : null
      const calls = await estimateCalls(planned.jobId, target, planned.duplicates, reused?.reused ?? 0)
      const view = {
        ...planView(planned.jobId, { problems: planned.problems, duplicates: planned.duplicates, account: accountOf(target), calls, reused, earlierRun }),
        outsidePaths: planned.outsidePaths,
      }
      const kept = { ...view, problems: view.problems.length, outsidePaths: view.outsidePaths.length, directory: keptDirectoryOptions(req.directory) }
      store.jobs.update(planned.jobId, { plan: kept }, now())
      store.jobs.transition(planned.jobId, 'ready', now())
      return view
    },

    async planDirectory(req: DirectoryPlanRequest) {
      const target = await opts.resolveTarget(req.settings)
      const q = req.query
      const kind: JobKind = q.product === 'hospitals' ? 'hospital-directory' : 'school-directory'
      const base = directoryBaseFilters(q)
      if (kind === 'hospital-directory' && HOSPITAL_FILTER_FIELDS.some((f) => base[f])) {
        const lists = await valueListsFor(req.settings, target)
        for (const f of HOSPITAL_FILTER_FIELDS) {
          if (!base[f]) continue
          const c = checkFilterValue(f, base[f], lists)
          if (!c.ok) throw new PlanError(c.text)
          base[f] = c.value
        }
      }
      const clientFilters = kind === 'hospital-directory' && q.services?.trim() ? { services: q.services.trim() } : undefined
      // the service's queries for it (the export's coverage check reads a query the same way)
      const units = directoryUnits(q, base)
      if (!units) throw new PlanError(coreText('plan.schoolSyncNeedsArea', {}))
      const j = store.jobs.create({ kind, inputName: null, settings: req.settings, mapping: {}, headers: Object.keys(units[0] ?? {}) }, now())
      store.rows.insertMany(
        j.id,
        units.map((filters, i) =>
          directoryRow(i + 1, { ...filters, ...(clientFilters ? { services: clientFilters.services } : {}) }, filters, undefined, clientFilters),
        ),
        now(),
      )
      const calls = await estimateCalls(j.id, target, 0)
      const view = planView(j.id, { problems: [], duplicates: 0, account: accountOf(target), calls })
      store.jobs.update(j.id, { plan: view }, now())
      store.jobs.transition(j.id, 'ready', now())
      return view
    },

    async start(jobId, o = {}) {
      await previousRunnerEnded(jobId)
      const action: JobAction = ['draft', 'ready'].includes(job(jobId).state) ? 'start' : 'resume'
      const { j } = assertAllowed(jobId, action)
      takeOwnership(jobId, action)
      whileOwned(jobId, () => {
        applyLimits(jobId, o)
        if (j.state === 'draft') transition(jobId, 'ready')
      })
      return startRunner(jobId)
    },

    async settled(jobId) {
      const r = runners.get(jobId)
      return r ? r.done : snapshot(jobId)
    },

    async pause(jobId) {
      return stopOrAsk(jobId, 'pause')
    },

    async cancel(jobId) {
      return stopOrAsk(jobId, 'cancel')
    },

    async retryFailed(jobId, o = {}) {
      await previousRunnerEnded(jobId)
      assertAllowed(jobId, 'retryFailed')
      takeOwnership(jobId, 'retryFailed')
      try {
        applyLimits(jobId, o)
        const rechecked = await recheckLocalFailures(jobId)
        const n = store.rows.resetFailed(jobId)
        store.jobs.bumpAttempt(jobId)
        ctx.logger.log('info', `job ${jobId}: ${n} failed rows back in line; ${rechecked.passed} of ${rechecked.checked} pre-flight failures pass now`)
      } catch (err) {
        releaseOwnership(jobId)
        throw err
      }
      return startRunner(jobId)
    },

    async resendUncertain(jobId, o = {}) {
      await previousRunnerEnded(jobId)
      assertAllowed(jobId, 'resendUncertain')
      takeOwnership(jobId, 'resendUncertain')
      whileOwned(jobId, () => {
        applyLimits(jobId, o)
        store.rows.resendUncertain(jobId)
      })
      return startRunner(jobId)
    },

    actions(jobId) {
      const j = job(jobId)
      return owners.ownership(j, store.rows.counts(jobId)).actions
    },

    assertAllowed(jobId, action) {
      assertAllowed(jobId, action)
    },

    progress: snapshot,

    async schoolSearch(settings, query) {
      const target = await opts.resolveTarget(settings)
      const account = accountOf(target)
      const hits = hitsOf(account, 'schools')
      if (!(await hits.tryStart(settings.monthlyQuota.schools))) {
        throw new PlanError(quotaExhaustedText('schools', settings.schoolPlan, settings.monthlyQuota.schools ?? 0, hits.used()), 3)
      }
      const { client } = await clientFor(settings, 'school-lookup')
      try {
        const answer = await client.schoolSearch(query)
        store.usage.addHits('schools', 1, now(), account)
        return { rows: schoolSearchRecords(answer), premiumRequired: null }
      } catch (err) {
        hits.unstart()
        if (err instanceof ServiceError && err.kind === 'premium') return { rows: [], premiumRequired: premiumRequiredText('school-search', err.serviceMessage) }
        throw err
      }
    },

    async valueLists(settings) {
      return valueListsFor(settings, await opts.resolveTarget(settings))
    },

    usage(account, settings) {
      return usageView(account, settings)
    },

    stateHitsUsed(account, settings, used) {
      for (const [product, n] of Object.entries(used) as Array<[Product, number]>) {
        // local: written at once; a team's shared count is set in the team store
        void hitsOf(account, product).state(n)
      }
      return usageView(account, settings)
    },

    listJobs() {
      return store.jobs.list().map((j) => {
        const counts = store.rows.counts(j.id)
        return summaryView(j, counts, owners.ownership(j, counts))
      })
    },

    rows(jobId, offset, limit, { verdict, ...rest }: RowsFilter = {}) {
      const j = job(jobId)
      // the verdict each row shows (views.ts rowView), band included, selected by the same rule
      const filter: RowFilter = verdict ? { ...rest, groups: { of: verdictGroups(verdict), band: j.settings.reviewBand } } : rest
      return {
        total: store.rows.countWhere(jobId, filter),
        rows: store.rows.page(jobId, { ...filter, offset, limit }).map((r) => rowView(j, r)),
      }
    },

    onProgress(l) {
      progressListeners.add(l)
      return () => progressListeners.delete(l)
    },

    onState(l) {
      stateListeners.add(l)
      return () => stateListeners.delete(l)
    },

    discardStalePlans() {
      const ids = store.jobs.deleteUnstartedPlans(now() - UNSTARTED_PLAN_KEEP_MS)
      for (const id of ids) rmSync(join(opts.picturesDir, id), { recursive: true, force: true })
      return ids
    },

    interruptedJobs() {
      return owners.interrupted(store.jobs.list())
    },

    async close() {
      for (const { runner } of runners.values()) runner.stop({ kind: 'pause' })
      await Promise.all([...runners.values()].map((r) => r.done))
      for (const t of pendingEmit.values()) clearTimeout(t)
      owners.releaseAll()
    },
  }

  /**
   * Pause/cancel from anywhere. This engine's own runner stops at once; a job another live
   * process runs gets a request its owner obeys within a heartbeat; a job nobody runs is
   * changed directly, by briefly owning it (so its orphaned in-flight rows are recovered first).
   */
  async function stopOrAsk(jobId: string, what: 'pause' | 'cancel'): Promise<ProgressView> {
    const { facts } = assertAllowed(jobId, what)
    if (runners.has(jobId)) {
      stopLocally(jobId, what)
      return snapshot(jobId)
    }
    if (facts.holder === 'live' && owners.ask(jobId, what, now())) return snapshot(jobId)
    try {
      owners.take(job(jobId), what)
    } catch (err) {
      // another process took it between the check and now: ask that one
      if (err instanceof JobOwnedError && owners.ask(jobId, what, now())) return snapshot(jobId)
      throw err
    }
    try {
      const cur = job(jobId).state
      if (what === 'pause' && (cur === 'running' || cur === 'blocked')) transition(jobId, 'paused', { reason: 'user' })
      if (what === 'cancel' && cur !== 'done' && cur !== 'cancelled') transition(jobId, 'cancelled', { reason: 'user' })
    } finally {
      if (!runners.has(jobId)) releaseOwnership(jobId)
    }
    return snapshot(jobId)
  }

  return engine
}

export function picturesDirFor(dataDir: string): string {
  return join(dataDir, 'pictures')
}
