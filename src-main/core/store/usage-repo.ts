import { type Db, writeTransaction } from './database'
import { monthKey, type Product } from '../model/products'

/**
 * Read side of the money ledger and the monthly hit counters (writes happen with row completion).
 * Hits belong to a service account (see accountId); without one, the whole file's hits are summed.
 */
export class UsageRepo {
  constructor(private readonly db: Db) {}

  hitsThisMonth(product: Product, now: number, account?: string): number {
    const r = (
      account === undefined
        ? this.db.prepare('SELECT COALESCE(SUM(hits), 0) AS hits FROM usage WHERE product = ? AND month = ?').get(product, monthKey(now))
        : this.db.prepare('SELECT hits FROM usage WHERE account = ? AND product = ? AND month = ?').get(account, product, monthKey(now))
    ) as { hits: number } | undefined
    return r?.hits ?? 0
  }

  /** Hits that did not complete a row (e.g. extra pages of a directory query). */
  addHits(product: Product, n: number, now: number, account = ''): void {
    if (n <= 0) return
    this.db
      .prepare(
        `INSERT INTO usage (account, product, month, hits) VALUES (?, ?, ?, ?)
         ON CONFLICT(account, product, month) DO UPDATE SET hits = hits + excluded.hits`,
      )
      .run(account, product, monthKey(now), n)
  }

  /**
   * The user states how many hits the account has used this month (other machines share the
   * key; the dashboard knows): from now on the count starts there.
   */
  setHitsThisMonth(account: string, product: Product, hits: number, now: number): void {
    this.db
      .prepare(
        `INSERT INTO usage (account, product, month, hits) VALUES (?, ?, ?, ?)
         ON CONFLICT(account, product, month) DO UPDATE SET hits = excluded.hits`,
      )
      .run(account, product, monthKey(now), Math.max(0, Math.floor(hits)))
  }

  /** Moves an account's counters to another id, adding to what it already has there (one transaction). */
  adoptAccount(from: string, to: string): void {
    if (from === to) return
    writeTransaction(this.db, () => {
      this.db
        .prepare(
          `INSERT INTO usage (account, product, month, hits) SELECT ?, product, month, hits FROM usage WHERE account = ?
           ON CONFLICT(account, product, month) DO UPDATE SET hits = hits + excluded.hits`,
        )
        .run(to, from)
      this.db.prepare('DELETE FROM usage WHERE account = ?').run(from)
    })
  }

  chargedPoints(jobId: string): number {
    const r = this.db.prepare<unknown[], { p: number }>('SELECT COALESCE(SUM(points), 0) AS p FROM charges WHERE job_id = ?').get(jobId)!
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
