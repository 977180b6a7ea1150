/**
 * The hospital filter value lists, from the service's own endpoints, kept in the store for the
 * cache freshness window (a few free hits a week instead of four per plan).
 */
import type { Store } from '../store'
import type { ServiceClient } from '../provider'
import type { HospitalValueLists } from '../model/filter-values'

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

export async function hospitalValueLists(
  store: Store,
  client: ServiceClient,
  opts: { source: string; freshAfter: number; now: number },
): Promise<HospitalValueLists> {
  const cached = store.settings.get<Cached>(keyOf(opts.source))
  if (cached && cached.fetchedAt >= opts.freshAfter) return { type: cached.type, class: cached.class, ownership: cached.ownership, blu_status: cached.blu_status }
  const [types, classes, ownership, blu] = await Promise.all([client.hospitalTypes(), client.hospitalClasses(), client.hospitalOwnership(), client.hospitalBluStatus()])
  const lists: HospitalValueLists = { type: types.types, class: classes, ownership, blu_status: blu }
  store.settings.set(keyOf(opts.source), { ...lists, fetchedAt: opts.now } satisfies Cached)
  return lists
}
