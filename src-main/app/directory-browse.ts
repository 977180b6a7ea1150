/**
 * One page of the local directory cache for the offline browser, with a total, in SQL (the schools
 * cache can hold hundreds of thousands of records; paging must not parse them all). The query is
 * translated to SQL in one place (core/store/directory-query.ts), the same one a sync's cache
 * answer and an export use, so browsing shows what they do.
 */
import type { DirectoryPage, DirectoryQuery } from '../contract/ipc'
import type { Store } from '../core/store'

/** `source` keeps sandbox records and real records apart ('sandbox' or the service host). */
export function browseDirectory(store: Store, query: DirectoryQuery, source: string, offset: number, limit: number): DirectoryPage {
  const q = { ...query, source }
  const total = store.cache.countDirectory(q)
  const rows = store.cache
    .pageDirectory(q, offset, limit)
    .map((r) => ({ ...(JSON.parse(r.record_json) as Record<string, unknown>), _fetchedAt: r.fetched_at }))
  return { total, rows }
}
