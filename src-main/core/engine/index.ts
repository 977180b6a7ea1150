import { basename, join } from 'node:path'
import type { CoreContext } from '../context'
import { createServiceClient, type ServiceClient } from '../provider'
import type { Store, RowFilter } from '../store'
import { listSheets, openTable, autoMap, fieldsOf } from '../importers'
import type { JobKind } from '../../contract/job-kinds'
import { KIND_PRODUCT } from '../jobs/kind-product'
import { PRICE_POINTS, type Product } from '../model/products'
import { importRowsIntoJob, PlanError, type DirectoryPayload } from '../jobs/planner'
import { JobRunner } from '../jobs/job-runner'
import { RateLimiter } from '../jobs/rate-limiter'
import { estimateCostRp, estimateSeconds, quotaLeft } from '../jobs/estimate'
import { cellText } from '../jobs/row-checks'
import type { JobSettings } from '../model/job-settings'
import type { JobPlanView, ProgressView, SheetPreview, PlanProblem } from '../../contract/ipc'
import { progressView, rowView, summaryView } from './views'
import type { DirectoryPlanRequest, Engine, PlanRequest, StateChange, UsageView } from './types'
import { loadRegionTree } from '../regions/region-tree'
import { AccountHits } from '../jobs/account-hits'
import { accountOf } from './account-id'

export type { Engine, PlanRequest, DirectoryPlanRequest, StateChange, UsageView } from './types'
export { accountOf } from './account-id'
export { PlanError } from '../jobs/planner'

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
  random?: () => number
  maxRows?: number
}

const TYPICAL_LATENCY_MS: Record<Product, number> = { 'face-match': 800, hospitals: 150, schools: 150, regional: 150 }

export function createEngine(opts: EngineOptions): Engine {
  const { store, ctx } = opts
  const runners = new Map<string, { runner: JobRunner; done: Promise<ProgressView> }>()
  const limiters = new Map<string, RateLimiter>()
  const accountHits = new Map<string, AccountHits>()
  const progressListeners = new Set<(p: ProgressView) => void>()
  const stateListeners = new Set<(s: StateChange) => void>()
  const lastEmit = new Map<string, number>()
  const pendingEmit = new Map<string, ReturnType<typeof setTimeout>>()
  const interval = opts.progressIntervalMs ?? 250
  const now = (): number => ctx.clock.now()

  const job = (id: string) => {
    const j = store.jobs.get(id)
    if (!j) throw new PlanError(`no job ${id}; list them with \`rekap jobs\``)
    return j
  }

  function snapshot(jobId: string): ProgressView {
    const j = job(jobId)
    const r = runners.get(jobId)?.runner
    return progressView(j, store.rows.counts(jobId), { ratePerSec: r?.ratePerSec() ?? 0, now: now() })
  }

  /** How long the last snapshot of each job took: big jobs are counted less often. */
  const snapshotCost = new Map<string, number>()

  function emitProgress(jobId: string, force = false): void {
    const since = now() - (lastEmit.get(jobId) ?? 0)
    // A snapshot counts every row; keep that under ~1/8 of the time (75 ms for 100,000 rows -> every 600 ms).
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

  function transition(jobId: string, to: ProgressView['state'], o: Parameters<Store['jobs']['transition']>[3] = {}): void {
    const j = store.jobs.transition(jobId, to, now(), o)
    const change: StateChange = { jobId, state: j.state, blockedReason: j.blockedReason, detail: j.stateDetail }
    for (const l of stateListeners) l(change)
    emitProgress(jobId, true)
  }

  function limiterFor(target: ServiceTarget, product: Product, settings: JobSettings): RateLimiter {
    const key = `${target.baseUrl}|${product}`
    let l = limiters.get(key)
    if (!l) limiters.set(key, (l = new RateLimiter(settings.rps[product], ctx.clock)))
    else l.setTarget(settings.rps[product])
    return l
  }

  /** The shared hit counter of one account and product (every job of the account draws on it). */
  function hitsOf(account: string, product: Product): AccountHits {
    const key = `${account}|${product}`
    let h = accountHits.get(key)
    if (!h) accountHits.set(key, (h = new AccountHits(() => store.usage.hitsThisMonth(product, now(), account))))
    return h
  }

  async function clientFor(settings: JobSettings, kind: JobKind): Promise<{ client: ServiceClient; target: ServiceTarget }> {
    const target = await opts.resolveTarget(settings)
    const client = createServiceClient({
      baseUrl: target.baseUrl,
      apiKey: target.apiKey,
      authHeader: settings.authHeader,
      // The first face match of a fresh sandbox loads the model (~20 s on 2 cores).
      timeoutMs: kind === 'face-match' ? Math.max(settings.requestTimeoutMs, 120_000) : settings.requestTimeoutMs,
      fetch: ctx.fetch,
    })
    return { client, target }
  }

  function planView(jobId: string, extra: { problems: PlanProblem[]; duplicates: number; cacheHits: number; account: string }): JobPlanView {
    const j = job(jobId)
    const c = store.rows.counts(jobId)
    const product = KIND_PRODUCT[j.kind]
    const callsNeeded = Math.max(0, c.total - c.localFailures - extra.duplicates - extra.cacheHits)
    return {
      jobId,
      kind: j.kind,
      rowsTotal: c.total,
      rowsOk: c.total - c.localFailures,
      rowsFailingLocally: c.localFailures,
      duplicates: extra.duplicates,
      problems: extra.problems,
      callsNeeded,
      cacheHits: extra.cacheHits,
      estimatedCostRp: estimateCostRp(product, callsNeeded),
      estimatedSeconds: estimateSeconds(callsNeeded, j.settings.rps[product], j.settings.concurrency, TYPICAL_LATENCY_MS[product]),
      quotaLeft: quotaLeft(j.settings.monthlyQuota[product], store.usage.hitsThisMonth(product, now(), extra.account)),
      budgetRp: j.settings.budgetRp,
      sandbox: j.settings.sandbox,
    }
  }

  /** Lookup rows whose record is already in the cache and fresh: they will not be re-hit. */
  function countCacheHits(jobId: string, kind: JobKind, settings: JobSettings, source: string): number {
    if (kind !== 'hospital-lookup' && kind !== 'school-lookup') return 0
    const freshAfter = now() - settings.cacheFreshnessHours * 3_600_000
    let hits = 0
    for (const r of store.rows.iterate(jobId)) {
      if (r.state !== 'pending' || r.duplicateOf) continue
      const code = (r.payload as { code: string }).code
      const found = kind === 'hospital-lookup' ? store.cache.getHospital(code, source, freshAfter) : store.cache.getSchool(code, source, freshAfter)
      if (found) hits++
    }
    return hits
  }

  async function startRunner(jobId: string): Promise<ProgressView> {
    const existing = runners.get(jobId)
    if (existing && !existing.runner.stopping) return snapshot(jobId)
    if (existing) await existing.done
    const j = job(jobId)
    const { client, target } = await clientFor(j.settings, j.kind)
    const product = KIND_PRODUCT[j.kind]
    if (j.state !== 'running') transition(jobId, 'running', { reason: j.state === 'done' ? 'reopened' : undefined })
    const account = accountOf(target)
    const hits = hitsOf(account, product)
    hits.acquire()
    const runner = new JobRunner(store.jobs.get(jobId)!, {
      store,
      client,
      limiter: limiterFor(target, product, j.settings),
      clock: ctx.clock,
      logger: ctx.logger,
      source: target.source,
      account,
      hits,
      random: opts.random,
      onRowSettled: () => emitProgress(jobId),
    })
    const startedAt = now()
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
      const planned = await importRowsIntoJob(store, req, { picturesDir: opts.picturesDir, now, maxRows: opts.maxRows })
      const cacheHits = countCacheHits(planned.jobId, req.kind, req.settings, target.source)
      const view = planView(planned.jobId, { problems: planned.problems, duplicates: planned.duplicates, cacheHits, account: accountOf(target) })
      store.jobs.update(planned.jobId, { plan: { ...view, problems: view.problems.length } }, now())
      store.jobs.transition(planned.jobId, 'ready', now())
      return view
    },

    async planDirectory(req: DirectoryPlanRequest) {
      const target = await opts.resolveTarget(req.settings)
      const q = req.query
      const kind: JobKind = q.product === 'hospitals' ? 'hospital-directory' : 'school-directory'
      const base: Record<string, string> = {}
      for (const k of ['class', 'type', 'ownership', 'blu_status', 'grade', 'status', 'name'] as const) {
        const v = q[k]
        if (v) base[k] = v
      }
      let units: Array<Record<string, string>>
      if (q.regencyCodes?.length) units = q.regencyCodes.map((r) => ({ ...base, regency_code: r }))
      else if (q.provinceCodes?.length) {
        units =
          kind === 'hospital-directory'
            ? q.provinceCodes.map((p) => ({ ...base, province_code: p }))
            : // The school endpoint filters by regency only: expand provinces locally (free).
              q.provinceCodes.flatMap((p) => (loadRegionTree().regenciesByProvince.get(p) ?? []).map((r) => ({ ...base, regency_code: r.code })))
      } else if (kind === 'hospital-directory') units = [base]
      else throw new PlanError('A school sync needs at least one province or regency (the service lists schools per regency).')
      const j = store.jobs.create({ kind, inputName: null, settings: req.settings, mapping: {}, headers: Object.keys(units[0] ?? {}) }, now())
      store.rows.insertMany(
        j.id,
        units.map((filters, i) => ({
          rowNo: i + 1,
          input: { ...filters },
          payload: { filters } satisfies DirectoryPayload,
          unitKey: JSON.stringify(Object.fromEntries(Object.entries(filters).sort())),
        })),
        now(),
      )
      const view = planView(j.id, { problems: [], duplicates: 0, cacheHits: 0, account: accountOf(target) })
      store.jobs.update(j.id, { plan: view }, now())
      store.jobs.transition(j.id, 'ready', now())
      return view
    },

    async start(jobId, o = {}) {
      const j = job(jobId)
      if (o.budgetRp !== undefined || o.balanceRp !== undefined) {
        store.jobs.update(
          jobId,
          {
            settings: {
              ...j.settings,
              ...(o.budgetRp !== undefined ? { budgetRp: o.budgetRp } : {}),
              ...(o.balanceRp !== undefined ? { balanceRp: o.balanceRp } : {}),
            },
          },
          now(),
        )
      }
      if (j.state === 'draft') transition(jobId, 'ready')
      if (j.state === 'cancelled') throw new PlanError(`job ${jobId} was cancelled; start a new one`)
      if (j.state === 'done' && store.rows.counts(jobId).pending === 0) return snapshot(jobId)
      return startRunner(jobId)
    },

    async settled(jobId) {
      const r = runners.get(jobId)
      return r ? r.done : snapshot(jobId)
    },

    async pause(jobId) {
      const r = runners.get(jobId)
      if (r) {
        r.runner.stop({ kind: 'pause' })
        // The state changes now (no new request starts); requests in flight finish and are recorded.
        if (store.jobs.get(jobId)!.state === 'running') transition(jobId, 'paused', { reason: 'user' })
      } else if (store.jobs.get(jobId)?.state === 'blocked') transition(jobId, 'paused', { reason: 'user' })
      return snapshot(jobId)
    },

    async cancel(jobId) {
      const r = runners.get(jobId)
      r?.runner.stop({ kind: 'cancel' })
      const cur = job(jobId).state
      if (cur !== 'done' && cur !== 'cancelled') transition(jobId, 'cancelled', { reason: 'user' })
      return snapshot(jobId)
    },

    async retryFailed(jobId) {
      const r = runners.get(jobId)
      if (r) await r.done
      const n = store.rows.resetFailed(jobId)
      store.jobs.bumpAttempt(jobId)
      ctx.logger.log('info', `job ${jobId}: ${n} failed rows back in line`)
      return startRunner(jobId)
    },

    async resendUncertain(jobId) {
      const r = runners.get(jobId)
      if (r) await r.done
      store.rows.resendUncertain(jobId)
      return startRunner(jobId)
    },

    progress: snapshot,

    usage(account, settings) {
      return usageView(account, settings)
    },

    stateHitsUsed(account, settings, used) {
      for (const [product, n] of Object.entries(used) as Array<[Product, number]>) {
        store.usage.setHitsThisMonth(account, product, n, now())
        hitsOf(account, product).refresh()
      }
      return usageView(account, settings)
    },

    listJobs() {
      return store.jobs.list().map((j) => summaryView(j, store.rows.counts(j.id)))
    },

    rows(jobId, offset, limit, filter?: RowFilter) {
      const j = job(jobId)
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

    recoverInterrupted() {
      const recovered: string[] = []
      for (const j of store.jobs.list()) {
        if (j.state !== 'running' || runners.has(j.id)) continue
        const paid = PRICE_POINTS[KIND_PRODUCT[j.kind]] > 0
        store.db.transaction(() => {
          store.rows.recoverInFlight(j.id, paid)
          store.jobs.transition(j.id, 'paused', now(), { reason: 'interrupted', detail: 'interrupted' })
        })()
        recovered.push(j.id)
      }
      return recovered
    },

    async close() {
      for (const { runner } of runners.values()) runner.stop({ kind: 'pause' })
      await Promise.all([...runners.values()].map((r) => r.done))
      for (const t of pendingEmit.values()) clearTimeout(t)
    },
  }
  return engine
}

/** Picks the job kind a sheet most likely is, from its headers. */
export function guessKind(headers: string[]): JobKind | null {
  const order: JobKind[] = ['face-match', 'hospital-lookup', 'school-lookup', 'school-directory', 'hospital-directory']
  for (const kind of order) {
    const { missing, mapping } = autoMap(kind, headers)
    if (missing.length === 0 && Object.keys(mapping).length > 0) return kind
  }
  return null
}

export function picturesDirFor(dataDir: string): string {
  return join(dataDir, 'pictures')
}
