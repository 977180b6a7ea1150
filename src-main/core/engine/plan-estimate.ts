import type { JobPlanView, PlanProblem } from '../../contract/ipc'
import type { ServiceClient } from '../provider'
import { PRICE_POINTS, type Product } from '../model/products'
import { planOf } from '../model/job-settings'
import { estimateCostRp, estimateSeconds, quotaLeft } from '../jobs/estimate'
import { shortfallWarnings } from '../jobs/plan-warnings'
import { kindModule } from '../kinds/registry'
import type { ReuseSummary } from '../kinds/face-match/pair-reuse'
import type { UnitEnv } from '../kinds/unit'
import { accountId } from './account-id'
import { estimateDirectoryPages } from './directory-estimate'
import type { EngineCore } from './engine-core'
import type { ServiceTarget } from './engine-options'
import { keepLearned } from '../jobs/keep-learned'
import { inPlanTurn } from './plan-request-turn'

export interface CallsEstimate {
  callsNeeded: number
  cacheHits: number
  estimate: JobPlanView['estimate']
}

const TYPICAL_LATENCY_MS: Record<Product, number> = { 'face-match': 800, hospitals: 150, schools: 150, regional: 150 }
/**
 * The sandbox answers on this machine, not across the internet: a directory call in a few ms (50
 * allows for a loaded machine's CPU share), a face pair in 200-450 ms on the project's 2 cores
 * (bench/face.ts: 230 ms one at a time quiet, 336-450 ms at load 3.5-6.5). With the real service's
 * latencies a sandbox plan said 43 s for a 26 s run of 100 pairs and 3m08s for 120 s of 10,000
 * premium hospital lookups (bench/plan-vs-run.ts, load 17).
 */
const SANDBOX_LATENCY_MS: Record<Product, number> = { 'face-match': 400, hospitals: 50, schools: 50, regional: 50 }

/** The latency a plan assumes for one call of `product` on this target. */
export function typicalLatencyMs(product: Product, sandbox: boolean): number {
  return (sandbox ? SANDBOX_LATENCY_MS : TYPICAL_LATENCY_MS)[product]
}

export interface PlanViewExtra {
  problems: PlanProblem[]
  duplicates: number
  /** the account's hits this month as its counter holds them now (a team's: every desk's; hitsUsedNow) */
  hitsUsed: number
  calls: CallsEstimate
  reused?: ReuseSummary
  earlierRun?: JobPlanView['earlierRun']
  /** the service's warm-up before its first face pair (ServiceTarget.faceWarmUpSeconds) */
  faceWarmUpSeconds?: number
}

/** The hits the job's account used this month, read where they are counted (this desk's store or the team's). */
export function hitsUsedNow(core: EngineCore, jobId: string, target: ServiceTarget): Promise<number> {
  return core.access.hitsOf(accountId(target, core.ctx.accountSecret?.()), kindModule(core.job(jobId).kind).product).read()
}

/** What a planned job will cost and take, with the shortfalls the user should hear of first. */
export function planView(core: EngineCore, jobId: string, extra: PlanViewExtra): JobPlanView {
  const { store } = core
  const j = core.job(jobId)
  const c = store.rows.counts(jobId)
  const product = kindModule(j.kind).product
  const callsNeeded = extra.calls.callsNeeded
  const left = quotaLeft(j.settings.monthlyQuota[product], extra.hitsUsed)
  const costRp = estimateCostRp(product, callsNeeded)
  const s = j.settings
  const warnings = shortfallWarnings({
    product,
    plan: planOf(s, product),
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
    // a cold face engine answers its first pair tens of seconds late: a plan of "4s" for a 28 s run misleads
    estimatedSeconds:
      estimateSeconds(callsNeeded, s.rps[product], s.concurrency, typicalLatencyMs(product, s.sandbox)) +
      (product === 'face-match' && callsNeeded > 0 ? Math.round(extra.faceWarmUpSeconds ?? 0) : 0),
    quotaLeft: left,
    budgetRp: s.budgetRp,
    sandbox: s.sandbox,
    estimate: extra.calls.estimate,
    warnings,
    reused: { rows: extra.reused?.reused ?? 0, fromJobs: extra.reused?.fromJobs ?? [] },
    earlierRun: extra.earlierRun ?? null,
  }
}

/** How a plan may ask the service: a dry run not at all (probe false); an aborted signal stops its probes. */
export interface ProbeOptions {
  probe?: boolean
  signal?: AbortSignal
}

/**
 * The calls (hits) a planned job still needs: one per row to send for lookups and face pairs,
 * pages for directory queries, the region tree's size for a regions job.
 */
export async function estimateCalls(
  core: EngineCore,
  jobId: string,
  target: ServiceTarget,
  duplicates: number,
  reused = 0,
  { probe = true, signal }: ProbeOptions = {},
): Promise<CallsEstimate> {
  const { store } = core
  const j = core.job(jobId)
  const c = store.rows.counts(jobId)
  const freshAfter = core.now() - j.settings.cacheFreshnessHours * 3_600_000
  const kind = kindModule(j.kind)
  if (kind.paging) {
    const client = (await core.access.clientFor(j.settings, j.kind)).client
    // a dry run sends nothing: no probes, the pages come from the cache or stay unknown
    const stop = signal ?? new AbortController().signal
    const probeEnv = (rowNo: number): UnitEnv | null => (probe ? probeEnvOf(core, jobId, rowNo, target, client, freshAfter, stop) : null)
    const d = await estimateDirectoryPages(store, jobId, kind.paging, { source: target.source, freshAfter, env: probeEnv, signal: stop })
    return { callsNeeded: d.pages, cacheHits: d.cacheHits, estimate: d.estimate }
  }
  const planned = kind.plannedCalls?.(store, jobId)
  if (planned) return { callsNeeded: planned.calls, cacheHits: 0, estimate: { unit: 'calls', basis: planned.basis, probed: 0 } }
  // Lookup rows a fresh cached record will answer for free (a lookup row's unit key is its code).
  const cacheHits = kind.rowsAnsweredFromCache?.(store, jobId, target.source, freshAfter) ?? 0
  return {
    callsNeeded: Math.max(0, c.total - c.localFailures - duplicates - cacheHits - reused),
    cacheHits,
    estimate: { unit: 'calls', basis: 'rows', probed: 0 },
  }
}

/**
 * A unit's environment for the plan's page probes: each probe is a counted hit, paced like a run's
 * and ended by `stop` (core/engine/plan-request-turn.ts: one on the wire is answered and kept).
 */
function probeEnvOf(core: EngineCore, jobId: string, rowNo: number, target: ServiceTarget, client: ServiceClient, freshAfter: number, stop: AbortSignal): UnitEnv {
  const j = core.job(jobId)
  const product = kindModule(j.kind).product
  const account = accountId(target, core.ctx.accountSecret?.())
  const gate = { hits: core.access.hitsOf(account, product), rate: core.access.limiterFor(target, product, j.settings), settings: j.settings, product, stop }
  return {
    client,
    cache: core.store.cache,
    jobId,
    source: target.source,
    freshAfter,
    // a probed page is kept like a run's (records, progress, its hit): the run continues at the next page
    keep: (learned) => keepLearned(core.store, { jobId, rowNo, source: target.source, account, product }, learned, core.now()),
    now: core.now,
    signal: stop,
    // the probe's hit, rate turn and stop: the same gate as the plan's value lists
    call: (fn) => inPlanTurn(gate, () => fn(new AbortController().signal)),
  }
}
