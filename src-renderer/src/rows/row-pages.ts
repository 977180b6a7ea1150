/**
 * The page cache behind the virtualised results table. The table tells it which row indexes
 * are on screen; it fetches the pages covering them (plus one page either side, so a normal
 * scroll never shows a blank row) and forgets every other page, so scrolling through 100,000
 * rows holds a few hundred rows in memory at most. A filter change starts a new generation:
 * answers to requests of an older generation are dropped instead of painting stale rows.
 */
export interface RowsPage<T> {
  total: number
  rows: T[]
}

export type FetchRows<T> = (offset: number, limit: number) => Promise<RowsPage<T>>

export class RowPageCache<T> {
  readonly pageSize: number
  private readonly pages = new Map<number, T[]>()
  private readonly loading = new Set<number>()
  /** pages asked to refresh while a load was on its way: that answer may be older than the change */
  private readonly stale = new Set<number>()
  private wanted: number[] = []
  private generation = 0
  /** null until the first page answers */
  total: number | null = null
  lastError: Error | null = null

  constructor(
    private fetchRows: FetchRows<T>,
    private onChange: () => void,
    opts: { pageSize?: number } = {},
  ) {
    this.pageSize = opts.pageSize ?? 100
  }

  /** Pages covering rows first..last (inclusive) plus one neighbour page each side. */
  pagesFor(first: number, last: number): number[] {
    if (last < first) return [0]
    const from = Math.max(0, Math.floor(first / this.pageSize) - 1)
    let to = Math.floor(last / this.pageSize) + 1
    if (this.total !== null) to = Math.min(to, Math.max(0, Math.ceil(this.total / this.pageSize) - 1))
    const out: number[] = []
    for (let p = from; p <= to; p++) out.push(p)
    return out
  }

  rowAt(index: number): T | undefined {
    return this.pages.get(Math.floor(index / this.pageSize))?.[index % this.pageSize]
  }

  cachedPages(): number[] {
    return [...this.pages.keys()].sort((a, b) => a - b)
  }

  /** The table shows rows first..last: fetch what is missing, drop what is far away. */
  show(first: number, last: number): void {
    this.wanted = this.pagesFor(first, last)
    const keep = new Set(this.wanted)
    for (const p of [...this.pages.keys()]) if (!keep.has(p)) this.pages.delete(p)
    for (const p of this.wanted) if (!this.pages.has(p) && !this.loading.has(p)) void this.load(p)
  }

  /**
   * Re-fetch the pages on screen (rows change while a job runs). A page already loading is
   * loaded once more when that answer lands: it may have been read before the change, and the
   * last change of a job (done, blocked, paused) is followed by no other to correct it.
   */
  refresh(): void {
    for (const p of this.wanted) {
      if (this.loading.has(p)) this.stale.add(p)
      else void this.load(p)
    }
  }

  /** New filter: forget everything, ignore answers still on their way. */
  reset(fetchRows?: FetchRows<T>): void {
    if (fetchRows) this.fetchRows = fetchRows
    this.generation++
    this.pages.clear()
    this.loading.clear()
    this.stale.clear()
    this.total = null
    this.lastError = null
    this.onChange()
  }

  private async load(page: number): Promise<void> {
    const gen = this.generation
    this.loading.add(page)
    try {
      const res = await this.fetchRows(page * this.pageSize, this.pageSize)
      if (gen !== this.generation) return
      this.total = res.total
      this.lastError = null
      // The user may have scrolled away while this page was on its way.
      if (this.wanted.includes(page)) this.pages.set(page, res.rows)
    } catch (err) {
      if (gen !== this.generation) return
      this.lastError = err instanceof Error ? err : new Error(String(err))
    } finally {
      if (gen === this.generation) {
        this.loading.delete(page)
        this.onChange()
        if (this.stale.delete(page) && this.wanted.includes(page)) void this.load(page)
      }
    }
  }
}
