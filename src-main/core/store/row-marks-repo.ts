import type { Db } from './database'

/**
 * Marks the runner leaves on a row besides its state: how often the service answered 429.
 * Kept apart from the row transitions because it changes no state and needs no guard.
 */
export class RowMarksRepo {
  constructor(private readonly db: Db) {}

  noteRateLimited(jobId: string, rowNo: number): void {
    this.db.prepare('UPDATE job_rows SET rate_limited = rate_limited + 1 WHERE job_id = ? AND row_no = ?').run(jobId, rowNo)
  }

  rateLimited(jobId: string, rowNo: number): number {
    const r = this.db.prepare<unknown[], { rate_limited: number }>('SELECT rate_limited FROM job_rows WHERE job_id = ? AND row_no = ?').get(jobId, rowNo)
    return r?.rate_limited ?? 0
  }
}
