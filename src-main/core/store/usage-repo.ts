import type { Db } from './database'
import { monthKey, type Product } from '../model/products'

/** Read side of the money ledger and the monthly hit counters (writes happen with row completion). */
export class UsageRepo {
  constructor(private readonly db: Db) {}

  hitsThisMonth(product: Product, now: number): number {
    const r = this.db.prepare('SELECT hits FROM usage WHERE product = ? AND month = ?').get(product, monthKey(now)) as
      | { hits: number }
      | undefined
    return r?.hits ?? 0
  }

  /** Hits that did not complete a row (e.g. extra pages of a directory query). */
  addHits(product: Product, n: number, now: number): void {
    if (n <= 0) return
    this.db
      .prepare(
        `INSERT INTO usage (product, month, hits) VALUES (?, ?, ?)
         ON CONFLICT(product, month) DO UPDATE SET hits = hits + excluded.hits`,
      )
      .run(product, monthKey(now), n)
  }

  chargedPoints(jobId: string): number {
    const r = this.db.prepare('SELECT COALESCE(SUM(points), 0) AS p FROM charges WHERE job_id = ?').get(jobId) as { p: number }
    return r.p
  }

  chargedCalls(jobId?: string): number {
    const r = (
      jobId
        ? this.db.prepare('SELECT COUNT(*) AS n FROM charges WHERE job_id = ?').get(jobId)
        : this.db.prepare('SELECT COUNT(*) AS n FROM charges').get()
    ) as { n: number }
    return r.n
  }
}
