import type { Learned, UnitOutcome } from '../kinds/unit'
import type { Product } from '../model/products'
import type { Store } from '../store'

/** Whose row learned it: the job, the row, where the records come from, the account the hits count on. */
export interface LearnedBy {
  jobId: string
  rowNo: number
  source: string
  account: string
  product: Product
}

/**
 * Stores what a unit learned (records in the cache, links to the job, paging progress, hits, a
 * finished sync), all of it or none: the one writer of units' findings, for the runner and the
 * plan's page probes alike.
 */
export function keepLearned(store: Store, by: LearnedBy, learned: Learned, now: number): void {
  store.transaction(() => {
    if (learned.hospitals?.length) store.cache.putHospitals(learned.hospitals, by.source, now)
    if (learned.schools?.length) store.cache.putSchools(learned.schools, by.source, now)
    if (learned.regions?.length) store.cache.putRegions(learned.regions, by.source, now)
    if (learned.links) store.cache.linkRecords(by.jobId, learned.links.product, learned.links.keys, by.rowNo)
    if (learned.progress !== undefined) store.rows.saveProgress(by.jobId, by.rowNo, learned.progress)
    if (learned.hits) store.usage.addHits(by.product, learned.hits, now, by.account)
    if (learned.sync) store.cache.markSync(learned.sync.key, learned.sync.product, learned.sync.filters, learned.sync.records, by.source, now)
  })
}

/** A unit's outcome stored: what it learned and its row's answer (done or failed), both or neither. */
export function storeOutcome(store: Store, by: LearnedBy, out: UnitOutcome, now: number, chargePoints: number): void {
  const money = { product: by.product, hits: out.hits, account: by.account }
  store.transaction(() => {
    if (out.learned) keepLearned(store, by, out.learned, now)
    if (out.type === 'done') store.rows.complete(by.jobId, by.rowNo, out.result, now, { ...money, chargePoints })
    else store.rows.fail(by.jobId, by.rowNo, { code: out.code, message: out.message }, now, money)
  })
}
