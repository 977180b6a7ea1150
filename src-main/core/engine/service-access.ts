import type { CoreContext } from '../context'
import { createServiceClient, type ServiceClient } from '../provider'
import type { Store } from '../store'
import type { JobKind } from '../../contract/job-kinds'
import type { Product } from '../model/products'
import type { JobSettings } from '../model/job-settings'
import type { HospitalValueLists } from '../model/filter-values'
import { createLocalCoordination, type HitCounter, type RateTurns } from '../coordination'
import { kindModule } from '../kinds/registry'
import type { DirectoryOptions } from '../kinds/directory'
import { hospitalValueLists, knownHospitalValueLists, storedHospitalValueLists, type AskedValueLists } from './value-lists'
import { inPlanTurn, NoHitLeftForPlan } from './plan-request-turn'
import { accountId } from './account-id'
import type { ServiceTarget } from './engine-options'

export interface ServiceAccessDeps {
  store: Store
  ctx: CoreContext
  now: () => number
  resolveTarget: (settings: JobSettings) => Promise<ServiceTarget>
}

/**
 * How the engine reaches the service: a client per job kind, and through the coordination port
 * (core/coordination: this desk's own, or the team's) the account's rate turns and hit counter
 * per product, shared by every job of the account; the hospital value lists the filters are
 * checked against.
 */
export function createServiceAccess(d: ServiceAccessDeps) {
  const { store, ctx, now } = d
  // rate, money, hits and pair reuse of the account: this desk's own, or the team's
  const coordination = ctx.coordination ?? createLocalCoordination(store, ctx.clock)

  function limiterFor(target: ServiceTarget, product: Product, settings: JobSettings): RateTurns {
    return coordination.rate(accountId(target, ctx.accountSecret?.()), product, settings.rps[product])
  }

  /** The shared hit counter of one account and product (every job of the account draws on it). */
  function hitsOf(account: string, product: Product): HitCounter {
    return coordination.hits(account, product)
  }

  /** A client with the kind's request timeout (or `timeoutMs`, for a call a user waits on while typing). */
  async function clientFor(settings: JobSettings, kind: JobKind, timeoutMs?: number): Promise<{ client: ServiceClient; target: ServiceTarget }> {
    const target = await d.resolveTarget(settings)
    const client = createServiceClient({
      baseUrl: target.baseUrl,
      apiKey: target.apiKey,
      authHeader: settings.authHeader,
      timeoutMs: timeoutMs ?? kindModule(kind).requestTimeoutMs(settings),
      fetch: ctx.fetch,
    })
    return { client, target }
  }

  /**
   * The hospital value lists, fresh from the cache or asked of the service one at a time, each a
   * counted hit in the account's rate (the plan's probes' gate); `stop` ends the asking between two.
   */
  async function askValueLists(settings: JobSettings, target: ServiceTarget, stop: AbortSignal): Promise<AskedValueLists> {
    const { client } = await clientFor(settings, 'hospital-directory')
    const account = accountId(target, ctx.accountSecret?.())
    const gate = { hits: hitsOf(account, 'hospitals'), rate: limiterFor(target, 'hospitals', settings), settings, product: 'hospitals' as const, stop }
    return hospitalValueLists(store, client, {
      source: target.source,
      freshAfter: now() - settings.cacheFreshnessHours * 3_600_000,
      now: now(),
      // an answered list's hit is kept in the month's count, as a probe's is
      turns: { send: (request) => inPlanTurn(gate, request), answered: () => store.usage.addHits('hospitals', 1, now(), account) },
    })
  }

  /** The whole lists (a re-check, a query's filters): a request that failed, no hit left, or the plan's stop (`stop`) fails it. */
  async function valueListsFor(settings: JobSettings, target: ServiceTarget, stop: AbortSignal = new AbortController().signal): Promise<HospitalValueLists> {
    const asked = await askValueLists(settings, target, stop)
    if (!asked.whole) throw asked.why
    return asked.lists
  }

  /**
   * What a plan, and a re-check of its rows, checks every row of a directory kind against: the
   * user's options and, for kinds that ask for them, the service's value lists (hospital filter
   * values are checked before any query is sent). Stopped while asking them (`stop`), or with no
   * hit left for them, the plan sends no more and checks its rows against the lists answered and,
   * for the others, the ones kept from before, as a dry run does.
   */
  async function directoryOptions(
    kind: JobKind,
    settings: JobSettings,
    base: DirectoryOptions = {},
    target?: ServiceTarget,
    sendNothing = false,
    stop: AbortSignal = new AbortController().signal,
  ): Promise<DirectoryOptions> {
    if (!kindModule(kind).checksValueLists) return base
    const t = target ?? (await d.resolveTarget(settings))
    // a dry run sends nothing: the lists as last fetched (or the spec's own values)
    if (sendNothing || stop.aborted) return { ...base, valueLists: storedHospitalValueLists(store, t.source) }
    const asked = await askValueLists(settings, t, stop)
    if (asked.whole) return { ...base, valueLists: asked.lists }
    if (!stop.aborted && !(asked.why instanceof NoHitLeftForPlan)) throw asked.why
    return { ...base, valueLists: knownHospitalValueLists(store, t.source, asked.lists) }
  }

  return { coordination, resolveTarget: d.resolveTarget, limiterFor, hitsOf, clientFor, askValueLists, valueListsFor, directoryOptions }
}

export type ServiceAccess = ReturnType<typeof createServiceAccess>
