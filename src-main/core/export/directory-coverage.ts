/**
 * Does the local directory cache hold everything a query asks for? Only if every query the
 * service would answer for it (directoryUnits) was fetched to its last page by a sync whose
 * filters are the same or wider (a sync of province 32 covers class B in regency 3273). Records
 * that came in otherwise (lookups of single codes, a sync of another filter) are real but not
 * the whole answer: the export says so instead of handing them over as if they were.
 */
import type { DirectoryQuery } from '../../contract/ipc'
import type { Store } from '../store'
import { directoryUnits } from '../kinds/directory-units'
import { coreText, type CoreText } from '../texts/core-text'

export interface CoverageGap {
  /** the service query not covered, as its filters (province_code / regency_code / class…) */
  filters: Record<string, string>
}

export interface DirectoryCoverage {
  covered: boolean
  /** at most 20 named, `more` counts the rest */
  gaps: CoverageGap[]
  more: number
  /** the oldest sync the answer rests on (ms), when covered */
  syncedAt: number | null
}

interface SyncRow {
  filters: Record<string, string>
  fetchedAt: number
}

/** A sync's filters ⊆ the query's (a regency query carries its province too). */
function widerOrSame(sync: Record<string, string>, unit: Record<string, string>): boolean {
  const implied: Record<string, string> = unit.regency_code ? { province_code: unit.regency_code.slice(0, 2), ...unit } : unit
  return Object.entries(sync).every(([k, v]) => implied[k] !== undefined && implied[k].toLowerCase() === String(v).toLowerCase())
}

/** The pure rule: which of the query's service queries no sync covers. */
export function coverageOf(q: DirectoryQuery, syncs: SyncRow[]): DirectoryCoverage {
  const units = directoryUnits(q) ?? [{}]
  const gaps: CoverageGap[] = []
  let oldest: number | null = null
  for (const unit of units) {
    const by = syncs.filter((s) => widerOrSame(s.filters, unit)).sort((a, b) => b.fetchedAt - a.fetchedAt)[0]
    if (!by || (q.product === 'schools' && !unit.regency_code)) gaps.push({ filters: unit })
    else oldest = oldest === null ? by.fetchedAt : Math.min(oldest, by.fetchedAt)
  }
  return { covered: gaps.length === 0, gaps: gaps.slice(0, 20), more: Math.max(0, gaps.length - 20), syncedAt: gaps.length ? null : oldest }
}

export function directoryCoverage(store: Store, q: DirectoryQuery, source: string): DirectoryCoverage {
  return coverageOf(q, store.cache.syncs(q.product, source))
}

/** The gaps as one sentence, or null when the cache covers the query. */
export function notCoveredText(q: DirectoryQuery, c: DirectoryCoverage, rows: number): CoreText | null {
  if (c.covered) return null
  const areas = c.gaps.map((g) => ({ ...(g.filters.province_code ? { province: g.filters.province_code } : {}), ...(g.filters.regency_code ? { regency: g.filters.regency_code } : {}) }))
  return coreText('directory.notCovered', { product: q.product, areas, more: c.more, rows })
}
