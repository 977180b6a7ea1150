/**
 * Walks a paged list from page 1 to `paging.total_page` (spec 4.2: "repeat the request with
 * page=2, 3, ... until page equals paging.total_page"). Guards against a server that never
 * ends: a page cap, and a check that the server answered the page that was asked for (a
 * server that keeps returning page 1 would otherwise duplicate data until the cap).
 */
import { ServiceError } from './service-error'
import type { Paging } from './types'

export interface Page<T> {
  items: T[]
  paging: Paging
}

export interface PaginateOptions {
  /** Stop with a 'protocol' error after this many pages. Default 10 000 (a million schools). */
  maxPages?: number
  /** Checked before each page is fetched; aborting ends the walk with an 'aborted' error. */
  signal?: AbortSignal
  /** Named in errors; e.g. '/regional/indonesia/schools'. */
  endpoint?: string
}

export const DEFAULT_MAX_PAGES = 10_000

export async function* paginate<T>(
  fetchPage: (page: number) => Promise<Page<T>>,
  opts: PaginateOptions = {},
): AsyncGenerator<Page<T>, void, undefined> {
  const maxPages = opts.maxPages ?? DEFAULT_MAX_PAGES
  const endpoint = opts.endpoint ?? '(paged list)'
  for (let page = 1; ; page++) {
    if (opts.signal?.aborted) {
      throw new ServiceError({ kind: 'aborted', method: 'GET', endpoint, requestSent: false, detail: `before page ${page}` })
    }
    if (page > maxPages) {
      throw new ServiceError({
        kind: 'protocol',
        method: 'GET',
        endpoint,
        requestSent: false,
        detail: `paging did not end after ${maxPages} pages`,
      })
    }
    const result = await fetchPage(page)
    const answered = result.paging.page
    // A server may normalise the page number (spec: below 1 becomes 1); we never ask below 1,
    // so any other page number means we would be re-reading data.
    if (answered !== page) {
      throw new ServiceError({
        kind: 'protocol',
        method: 'GET',
        endpoint,
        status: 200,
        requestSent: true,
        detail: `asked for page ${page} but the answer says page ${answered}`,
      })
    }
    yield result
    // total_page 0 (an empty result) ends after page 1 as well.
    if (page >= result.paging.total_page) return
    // An empty page before the announced end: the list shrank while we read it.
    if (result.items.length === 0) return
  }
}

/** All items of a paged list, concatenated in page order. */
export async function collectAll<T>(
  fetchPage: (page: number) => Promise<Page<T>>,
  opts: PaginateOptions = {},
): Promise<T[]> {
  const all: T[] = []
  for await (const page of paginate(fetchPage, opts)) all.push(...page.items)
  return all
}
