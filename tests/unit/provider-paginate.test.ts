import { describe, expect, it } from 'vitest'
import { collectAll, paginate, type Page } from '../../src-main/core/provider/paginate'
import { ServiceError } from '../../src-main/core/provider/service-error'

/** A list of n items served size at a time, as the service pages it. */
function pagedList(n: number, size: number, asked: number[] = []) {
  const total_page = Math.ceil(n / size)
  return async (page: number): Promise<Page<number>> => {
    asked.push(page)
    const items = Array.from({ length: Math.max(0, Math.min(size, n - (page - 1) * size)) }, (_, i) => (page - 1) * size + i)
    return { items, paging: { page, size, total_item: n, total_page } }
  }
}

describe('paginate', () => {
  it('reads page 1..total_page in order and stops there', async () => {
    const asked: number[] = []
    const items = await collectAll(pagedList(250, 100, asked))
    expect(asked).toEqual([1, 2, 3])
    expect(items).toHaveLength(250)
    expect(items[0]).toBe(0)
    expect(items[249]).toBe(249)
  })

  it('handles total_page 0: one request, one empty page, no more', async () => {
    const asked: number[] = []
    const pages: Page<number>[] = []
    for await (const p of paginate(pagedList(0, 100, asked))) pages.push(p)
    expect(asked).toEqual([1])
    expect(pages).toHaveLength(1)
    expect(pages[0].items).toEqual([])
  })

  it('stops at the page cap with a protocol error when total_page keeps growing', async () => {
    let calls = 0
    const endless = async (page: number): Promise<Page<number>> => {
      calls++
      return { items: [page], paging: { page, size: 1, total_item: page + 1, total_page: page + 1 } }
    }
    const err = await collectAll(endless, { maxPages: 5, endpoint: '/hospitals/indonesia/' }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ServiceError)
    expect((err as ServiceError).kind).toBe('protocol')
    expect((err as ServiceError).message).toContain('/hospitals/indonesia/')
    expect(calls).toBe(5)
  })

  it('refuses a server that answers another page than the one asked', async () => {
    const stuck = async (): Promise<Page<number>> => ({ items: [1], paging: { page: 1, size: 1, total_item: 3, total_page: 3 } })
    const err = await collectAll(stuck).catch((e: unknown) => e)
    expect((err as ServiceError).kind).toBe('protocol')
    expect((err as ServiceError).message).toMatch(/asked for page 2/)
  })

  it('ends early on an empty page before the announced end', async () => {
    const asked: number[] = []
    const shrinking = async (page: number): Promise<Page<number>> => {
      asked.push(page)
      return { items: page === 1 ? [1, 2] : [], paging: { page, size: 2, total_item: 10, total_page: 5 } }
    }
    expect(await collectAll(shrinking)).toEqual([1, 2])
    expect(asked).toEqual([1, 2])
  })

  it('stops between pages when the signal aborts', async () => {
    const ac = new AbortController()
    const asked: number[] = []
    const fetchPage = pagedList(500, 100, asked)
    const seen: number[] = []
    const err = await (async () => {
      for await (const p of paginate(fetchPage, { signal: ac.signal })) {
        seen.push(p.paging.page)
        if (p.paging.page === 2) ac.abort()
      }
    })().catch((e: unknown) => e)
    expect((err as ServiceError).kind).toBe('aborted')
    expect(asked).toEqual([1, 2])
    expect(seen).toEqual([1, 2])
  })
})
