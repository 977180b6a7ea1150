import { describe, expect, it } from 'vitest'
import { RowPageCache, type RowsPage } from '../../src-renderer/src/rows/row-pages'

/** A fake row source with controllable answers: timing is the only thing faked. */
function source(total: number) {
  const calls: Array<{ offset: number; limit: number }> = []
  const pending: Array<() => void> = []
  let hold = false
  const fetchRows = (offset: number, limit: number): Promise<RowsPage<number>> => {
    calls.push({ offset, limit })
    const page = { total, rows: Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => offset + i) }
    if (!hold) return Promise.resolve(page)
    return new Promise((done) => pending.push(() => done(page)))
  }
  return {
    calls,
    fetchRows,
    holdAnswers: () => (hold = true),
    releaseAll: () => pending.splice(0).forEach((f) => f()),
  }
}
const settle = () => new Promise((r) => setTimeout(r, 0))

describe('RowPageCache', () => {
  it('fetches only the pages around what is on screen', async () => {
    const src = source(100_000)
    let changes = 0
    const cache = new RowPageCache(src.fetchRows, () => changes++, { pageSize: 100 })
    cache.show(0, 20)
    await settle()
    expect(src.calls.map((c) => c.offset)).toEqual([0, 100])
    expect(cache.total).toBe(100_000)
    expect(cache.rowAt(5)).toBe(5)
    expect(changes).toBeGreaterThan(0)
  })

  it('scrolling deep keeps only the visible neighbourhood in memory', async () => {
    const src = source(100_000)
    const cache = new RowPageCache(src.fetchRows, () => {}, { pageSize: 100 })
    cache.show(0, 20)
    await settle()
    cache.show(50_010, 50_040)
    await settle()
    expect(cache.cachedPages()).toEqual([499, 500, 501])
    expect(cache.rowAt(50_020)).toBe(50_020)
    expect(cache.rowAt(5)).toBeUndefined()
    // Jumping to the end: never asks past the last page.
    cache.show(99_980, 99_999)
    await settle()
    expect(cache.cachedPages()).toEqual([998, 999])
    expect(Math.max(...src.calls.map((c) => c.offset))).toBe(99_900)
  })

  it('does not ask twice for a page already on its way', async () => {
    const src = source(1000)
    src.holdAnswers()
    const cache = new RowPageCache(src.fetchRows, () => {}, { pageSize: 100 })
    cache.show(0, 10)
    cache.show(0, 12)
    cache.show(1, 15)
    expect(src.calls.length).toBe(2)
    src.releaseAll()
    await settle()
    expect(cache.rowAt(150)).toBe(150)
  })

  it('drops a page that answers after the user scrolled away from it', async () => {
    const src = source(100_000)
    src.holdAnswers()
    const cache = new RowPageCache(src.fetchRows, () => {}, { pageSize: 100 })
    cache.show(0, 10)
    cache.show(70_000, 70_010)
    src.releaseAll()
    await settle()
    expect(src.calls.map((c) => c.offset)).toEqual([0, 100, 69_900, 70_000, 70_100])
    expect(cache.cachedPages()).toEqual([699, 700, 701])
    expect(cache.rowAt(0)).toBeUndefined()
  })

  it('after a filter change, answers for the old filter are ignored', async () => {
    const old = source(5000)
    old.holdAnswers()
    const cache = new RowPageCache<number>(old.fetchRows, () => {}, { pageSize: 100 })
    cache.show(0, 10)
    const filtered = source(7)
    cache.reset(filtered.fetchRows)
    cache.show(0, 10)
    await settle()
    old.releaseAll()
    await settle()
    expect(cache.total).toBe(7)
    expect(cache.rowAt(6)).toBe(6)
    expect(cache.rowAt(7)).toBeUndefined()
    // total unknown at first: page 0 and its neighbour; once known, nothing past the end.
    expect(filtered.calls.map((c) => c.offset)).toEqual([0, 100])
    cache.show(0, 6)
    await settle()
    expect(filtered.calls.length).toBe(2)
    expect(cache.cachedPages()).toEqual([0])
  })

  it('refresh re-fetches the pages on screen (live rows) and reports errors', async () => {
    let fail = false
    let calls = 0
    const cache = new RowPageCache<number>(
      async (offset) => {
        calls++
        if (fail) throw new Error('engine busy')
        return { total: 300, rows: [offset] }
      },
      () => {},
      { pageSize: 100 },
    )
    cache.show(0, 5)
    await settle()
    expect(calls).toBe(2)
    cache.refresh()
    await settle()
    expect(calls).toBe(4)
    fail = true
    cache.refresh()
    await settle()
    expect(cache.lastError?.message).toBe('engine busy')
    expect(cache.rowAt(0)).toBe(0) // what was shown stays until a fresh page arrives
  })

  it('a refresh asked while a page is loading is not lost: the last state of every row is shown (defect 6)', async () => {
    // rows as the store has them; the first answer is read while row 3 is still being sent
    let state = 'Sending'
    const pending: Array<() => void> = []
    const fetchRows = (offset: number, limit: number): Promise<RowsPage<string>> => {
      const snapshot = { total: 5, rows: Array.from({ length: Math.min(limit, 5 - offset) }, (_, i) => (offset + i === 3 ? state : 'Done')) }
      return new Promise((done) => pending.push(() => done(snapshot)))
    }
    const cache = new RowPageCache(fetchRows, () => {}, { pageSize: 100 })
    cache.show(0, 4)
    // the job finishes (its last progress event) while that first page is on its way
    state = 'Done'
    cache.refresh()
    const releaseAll = async (): Promise<void> => {
      pending.splice(0).forEach((f) => f())
      await settle()
    }
    await releaseAll()
    // the stale answer is shown for a moment, and a new load of its page was started
    expect(cache.rowAt(3)).toBe('Sending')
    expect(pending.length).toBeGreaterThan(0)
    await releaseAll()
    expect(cache.rowAt(3)).toBe('Done')
    expect(pending.length).toBe(0)
  })
})
