import type { Paging } from '../core/provider/types'

/** Parses a page query value the way the spec wants: missing, junk or below 1 becomes 1. */
export function normalisePage(raw: string | null): number {
  const n = raw === null ? NaN : Number.parseInt(raw, 10)
  return Number.isFinite(n) && n >= 1 ? n : 1
}

/** Hospital size: default 100, values above the maximum are capped, junk or < 1 gives the default. */
export function normaliseSize(raw: string | null, defaultSize: number, maxSize: number): number {
  const n = raw === null ? NaN : Number.parseInt(raw, 10)
  if (!Number.isFinite(n) || n < 1) return defaultSize
  return Math.min(n, maxSize)
}

/** One page of `items`; a page past the end is empty but still reports the true totals. */
export function paginate<T>(items: readonly T[], page: number, size: number): { data: T[]; paging: Paging } {
  const start = (page - 1) * size
  return {
    data: items.slice(start, start + size),
    paging: { page, size, total_item: items.length, total_page: Math.ceil(items.length / size) },
  }
}
