import type { HospitalRecord, Page, SchoolRecord } from '../provider'
import type { JobRow, NewRow } from '../store'
import type { Unit, UnitEnv } from './unit'
import { hasServices } from '../model/services-filter'
import type { HospitalValueLists } from '../model/filter-values'
import type { DirectoryQuery } from '../../contract/ipc'

/**
 * A directory query: `filters` go to the service; `clientFilters` are applied by rekap to the
 * records it gets (the spec has no server filter for services).
 */
export type DirectoryPayload = { filters: Record<string, string>; clientFilters?: { services?: string } }

/** Options of a directory job that apply to every row (CLI --name, --services; value lists to check filters against). */
export interface DirectoryOptions {
  /** as fetched; a dry run has only the lists kept from before (or the spec's own values) */
  valueLists?: Partial<HospitalValueLists>
  /** hospitals: name filter (sent to the service) */
  name?: string
  /** hospitals: services words (applied by rekap) */
  services?: string
  /** schools: accreditation filter (premium; sent as `accreditation`) */
  accreditation?: string
}

/**
 * The options a plan gave every row, as kept with its job: a row checked again later (retry-failed)
 * gets the same ones. Value lists are left out: a re-check asks for today's.
 */
export function keptDirectoryOptions(d: DirectoryOptions | undefined): Omit<DirectoryOptions, 'valueLists'> {
  const { name, services, accreditation } = d ?? {}
  return { ...(name ? { name } : {}), ...(services ? { services } : {}), ...(accreditation ? { accreditation } : {}) }
}

/** The row's key: same query and same client filters = the same unit (de-duplicated). */
export function directoryUnitKey(filters: Record<string, string>, clientFilters?: DirectoryPayload['clientFilters']): string {
  const all: Record<string, string> = { ...filters }
  if (clientFilters?.services) all['~services'] = clientFilters.services
  return JSON.stringify(Object.fromEntries(Object.entries(all).sort()))
}

/** A planned directory row; rows with the same query are one unit. */
export function directoryRow(
  rowNo: number,
  input: Record<string, unknown>,
  filters: Record<string, string>,
  sourceRow?: number,
  clientFilters?: DirectoryPayload['clientFilters'],
): NewRow {
  const payload: DirectoryPayload = clientFilters ? { filters, clientFilters } : { filters }
  return { rowNo, sourceRow, input, payload, unitKey: directoryUnitKey(filters, clientFilters) }
}

export interface PagingProgress {
  nextPage: number
  totalPage: number | null
  /** records the service sent */
  records: number
  /** records kept after the client-side filters (services); absent = all */
  kept?: number
}

/** A directory kind's paging: one page fetched and saved (also used by the plan to count pages). */
export interface DirectoryPaging {
  product: 'hospitals' | 'schools'
  syncKey(row: JobRow): string
  /** fetches the next page of the row's query and keeps it with the progress (env.keep: one transaction) */
  fetchNext(row: JobRow, env: UnitEnv, progress: PagingProgress): Promise<void>
}

/**
 * Fetches every page of a directory query. Each page is kept (records to the cache, links to the
 * job, paging progress, the hit: `env.keep`, one transaction by the runner) before the next is
 * asked, so a resumed job continues at the next page instead of re-hitting the ones it has.
 */
export function directoryUnit<T extends HospitalRecord | SchoolRecord>(
  product: 'hospitals' | 'schools',
  fetchPage: (env: UnitEnv, filters: Record<string, string>, page: number, signal: AbortSignal) => Promise<Page<T>>,
  keyOf: (r: T) => string,
  fromCache: (env: UnitEnv, filters: Record<string, string>) => Iterable<T>,
): { unit: Unit; paging: DirectoryPaging } {
  // The server query alone names the sync (client filters do not change what the service sends).
  const syncKey = (row: JobRow): string => `${product}:${directoryUnitKey((row.payload as DirectoryPayload).filters)}`
  const keep = (row: JobRow, items: T[]): T[] => {
    const services = (row.payload as DirectoryPayload).clientFilters?.services
    return services ? items.filter((r) => hasServices(r as HospitalRecord, services)) : items
  }
  const fetchNext = async (row: JobRow, env: UnitEnv, progress: PagingProgress): Promise<void> => {
    const { filters } = row.payload as DirectoryPayload
    const page = await env.call((signal) => fetchPage(env, filters, progress.nextPage, signal))
    progress.totalPage = page.paging.total_page
    progress.nextPage += 1
    progress.records += page.items.length
    const kept = keep(row, page.items)
    progress.kept = (progress.kept ?? 0) + kept.length
    const records = product === 'hospitals' ? { hospitals: page.items as HospitalRecord[] } : { schools: page.items as SchoolRecord[] }
    env.keep({ ...records, links: { product, keys: kept.map(keyOf) }, progress: { ...progress }, hits: 1 })
  }
  const unit: Unit = async (row, env) => {
    const { filters } = row.payload as DirectoryPayload
    // The same query was fetched to its last page recently: answer from the cache, no hits.
    if (!row.progress && env.cache.freshSync(syncKey(row), env.source, env.freshAfter)) {
      const keys = keep(row, [...fromCache(env, filters)]).map(keyOf)
      const result = { outcome: 'records' as const, recordCount: keys.length, fromCache: true, raw: { filters, pages: 0 } }
      return { type: 'done', charged: false, hits: 0, result, learned: { links: { product, keys } } }
    }
    const progress: PagingProgress = (row.progress as PagingProgress | null) ?? { nextPage: 1, totalPage: null, records: 0 }
    while (progress.totalPage === null || progress.nextPage <= progress.totalPage) {
      await fetchNext(row, env, progress)
      if (progress.totalPage === 0) break
    }
    // Hits were kept page by page above.
    const result = { outcome: 'records' as const, recordCount: progress.kept ?? progress.records, raw: { filters, pages: progress.totalPage } }
    return { type: 'done', charged: false, hits: 0, result, learned: { sync: { key: syncKey(row), product, filters, records: progress.records } } }
  }
  return { unit, paging: { product, syncKey, fetchNext } }
}

export const PROVINCE_SYNONYMS = ['provincecode', 'kodeprovinsi', 'kodeprov', 'kdprov', 'kodepropinsi', 'provinsikode', 'province']
export const REGENCY_SYNONYMS = ['regencycode', 'kodekabupaten', 'kodekabkota', 'kodekabupatenkota', 'kodekab', 'kodekota', 'kdkab', 'kdkabkota', 'kabkotakode', 'regency']

/** The Directory screen's (or `rekap directory`'s) query as the rows a directory job plans: one per area. */
export interface DirectoryQueryRows {
  /** server filters, one record per planned row */
  units: Array<Record<string, string>>
  /** applied by rekap to every row's records */
  clientFilters?: DirectoryPayload['clientFilters']
}

/**
 * A directory kind planned from a query instead of a sheet (JobKindModule.fromQuery): the query
 * product it answers and how the query's filters and areas become its rows. Throws PlanError
 * (with the user's words) on a filter the service would refuse.
 */
export interface DirectoryQueryPlan {
  product: DirectoryQuery['product']
  rows(q: DirectoryQuery, lookups: { valueLists(): Promise<HospitalValueLists> }): Promise<DirectoryQueryRows>
}
