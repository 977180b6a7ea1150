/**
 * The hospital filter value lists, from the service's own endpoints, kept in the store for the
 * cache freshness window (a few hits a week instead of four per plan).
 */
import type { Store } from '../store'
import type { ServiceClient } from '../provider'
import type { HospitalValueLists } from '../model/filter-values'
import { NoHitLeftForPlan } from './plan-request-turn'

interface Cached extends HospitalValueLists {
  fetchedAt: number
}

const keyOf = (source: string): string => `cache.hospitalValueLists.${source}`

/**
 * The lists as last fetched from this source, at any age (the cache's export checks its filters
 * offline); the values the spec itself names (class A-D, BLUD / Non BLUD) when none were fetched.
 */
export function storedHospitalValueLists(store: Store, source: string): Partial<HospitalValueLists> {
  const cached = store.settings.get<Cached>(keyOf(source))
  if (cached) return { type: cached.type, class: cached.class, ownership: cached.ownership, blu_status: cached.blu_status }
  return { class: ['A', 'B', 'C', 'D'], blu_status: ['BLUD', 'Non BLUD'] }
}

/** The lists answered now and, for the others, the ones kept from before (a list none is known of stays out). */
export function knownHospitalValueLists(store: Store, source: string, answered: Partial<HospitalValueLists>): Partial<HospitalValueLists> {
  return { ...storedHospitalValueLists(store, source), ...answered }
}

/**
 * The Directory screen's filter choices from what was asked: with no hit left, those known (empty
 * where none is); a query sent with them is refused by the quota, said as a run's block is.
 */
export function shownHospitalValueLists(store: Store, source: string, asked: AskedValueLists): HospitalValueLists {
  if (asked.whole) return asked.lists
  if (!(asked.why instanceof NoHitLeftForPlan)) throw asked.why
  const k = knownHospitalValueLists(store, source, asked.lists)
  return { type: k.type ?? [], class: k.class ?? [], ownership: k.ownership ?? [], blu_status: k.blu_status ?? [] }
}

/**
 * How one value-list request is sent: its hit counted, its rate turn taken, the plan's stop
 * obeyed (core/engine/plan-request-turn.ts); `answered` keeps the hit of a request answered.
 */
export interface ValueListTurns {
  send<T>(request: () => Promise<T>): Promise<T>
  answered(): void
}

/** The lists asked so far; `whole` once all four were answered (only then are they cached). */
export type AskedValueLists = { whole: true; lists: HospitalValueLists } | { whole: false; lists: Partial<HospitalValueLists>; why: unknown }

/**
 * The lists fresh from the cache, else asked one after the other, each in its own turn: a stop
 * (or no hit left) between them sends no more, and the ones answered come back with `whole: false`.
 * Four requests at once ignored the account's rate and left nothing for a stop to hold back.
 */
export async function hospitalValueLists(
  store: Store,
  client: ServiceClient,
  opts: { source: string; freshAfter: number; now: number; turns: ValueListTurns },
): Promise<AskedValueLists> {
  const cached = store.settings.get<Cached>(keyOf(opts.source))
  if (cached && cached.fetchedAt >= opts.freshAfter) return { whole: true, lists: { type: cached.type, class: cached.class, ownership: cached.ownership, blu_status: cached.blu_status } }
  const lists: Partial<HospitalValueLists> = {}
  const asks: Array<[keyof HospitalValueLists, () => Promise<string[]>]> = [
    ['type', async () => (await client.hospitalTypes()).types],
    ['class', () => client.hospitalClasses()],
    ['ownership', () => client.hospitalOwnership()],
    ['blu_status', () => client.hospitalBluStatus()],
  ]
  for (const [field, ask] of asks) {
    let values: string[]
    try {
      values = await opts.turns.send(ask)
    } catch (why) {
      return { whole: false, lists, why }
    }
    opts.turns.answered()
    lists[field] = values
  }
  const whole = lists as HospitalValueLists
  store.settings.set(keyOf(opts.source), { ...whole, fetchedAt: opts.now } satisfies Cached)
  return { whole: true, lists: whole }
}
