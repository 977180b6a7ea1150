/**
 * Directory jobs counted in pages, not rows: a query (one row) costs one hit per page of 100
 * records. Per query, best first: fetched recently -> 0 (from the cache); fetched before ->
 * its record count then; otherwise one cheap first request reads paging.total_page (that page
 * is saved with the row's progress, so the run continues at page 2 and nothing is paid twice).
 * At most MAX_PROBES queries are probed; the rest are extrapolated from them. Once `signal` is
 * aborted (a watcher's stop) no further probe is sent: the queries left count as not probed.
 */
import type { Store } from '../store'
import type { PlanEstimateView } from '../../contract/ipc'
import type { DirectoryPaging, PagingProgress } from '../kinds/directory'
import type { UnitEnv } from '../kinds/unit'

export const MAX_PROBES = 10
const PAGE_SIZE = 100

export interface DirectoryEstimate {
  /** pages still to fetch */
  pages: number
  /** queries answered from the cache (no hits) */
  cacheHits: number
  estimate: PlanEstimateView
}

export async function estimateDirectoryPages(
  store: Store,
  jobId: string,
  paging: DirectoryPaging,
  ctx: { source: string; freshAfter: number; env: (rowNo: number) => UnitEnv | null; maxProbes?: number; signal?: AbortSignal },
): Promise<DirectoryEstimate> {
  let pages = 0
  let cacheHits = 0
  let fromCache = 0
  let probed = 0
  let unknown = 0
  const probedPages: number[] = []
  const maxProbes = ctx.maxProbes ?? MAX_PROBES
  // Collected first: a probe writes to the store, which an open iteration would block.
  const rows = [...store.rows.iterate(jobId)].filter((r) => r.state === 'pending' && !r.duplicateOf)
  for (const row of rows) {
    const progress = row.progress as PagingProgress | null
    if (progress && progress.totalPage !== null) {
      // A query already started (a probe, or a resumed job): its remaining pages are known.
      pages += Math.max(0, progress.totalPage - progress.nextPage + 1)
      continue
    }
    const key = paging.syncKey(row)
    if (store.cache.freshSync(key, ctx.source, ctx.freshAfter)) {
      cacheHits++
      continue
    }
    const before = store.cache.freshSync(key, ctx.source, 0)
    if (before) {
      pages += Math.max(1, Math.ceil(before.totalItem / PAGE_SIZE))
      fromCache++
      continue
    }
    const env = probed < maxProbes && !ctx.signal?.aborted ? ctx.env(row.rowNo) : null
    if (env) {
      const p: PagingProgress = { nextPage: 1, totalPage: null, records: 0 }
      try {
        await paging.fetchNext(row, env, p)
        probed++
        probedPages.push(p.totalPage ?? 1)
        pages += Math.max(0, (p.totalPage ?? 1) - 1)
        continue
      } catch {
        // No hit left, the network, a refusal: the estimate falls back to the others.
      }
    }
    unknown++
  }
  // Queries not probed count like the average probed one (at least one page each).
  const average = probedPages.length ? probedPages.reduce((a, b) => a + b, 0) / probedPages.length : 1
  pages += Math.ceil(unknown * Math.max(1, average))
  const basis: PlanEstimateView['basis'] =
    unknown > 0 ? (probed > 0 ? 'sample' : 'unknown') : probed > 0 ? 'first-page' : fromCache > 0 || cacheHits > 0 ? 'cache' : 'first-page'
  return { pages, cacheHits, estimate: { unit: 'pages', basis, probed } }
}
