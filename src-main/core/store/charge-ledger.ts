import type { Db } from './database'
import { monthKey, type Product } from '../model/products'

/**
 * The money side of a finished row: a line in the charges ledger and the account's monthly
 * hit count. Only row transitions call these, inside the transaction that settles the row,
 * so a charge never exists without its row being done (and the other way round).
 */
export class ChargeLedger {
  private readonly stmts

  constructor(db: Db) {
    this.stmts = {
      charge: db.prepare('INSERT INTO charges (job_id, row_no, product, points, month, at) VALUES (?,?,?,?,?,?)'),
      hit: db.prepare(
        `INSERT INTO usage (account, product, month, hits) VALUES (?, ?, ?, ?)
         ON CONFLICT(account, product, month) DO UPDATE SET hits = hits + excluded.hits`,
      ),
    }
  }

  charge(jobId: string, rowNo: number, product: Product, points: number, now: number): void {
    this.stmts.charge.run(jobId, rowNo, product, points, monthKey(now), now)
  }

  hit(account: string, product: Product, hits: number, now: number): void {
    this.stmts.hit.run(account, product, monthKey(now), hits)
  }
}
