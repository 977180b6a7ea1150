import { TextHash } from '../text-hash'
import type { Db } from './database'
import { ledgerJsonLines } from './ledger-lines'

/**
 * The row columns a job's fingerprint covers, in this order: each row is the JSON array of
 * their values. Changing this list changes every fingerprint (reports made before would no
 * longer verify), so it is fixed.
 */
export const FINGERPRINT_ROW_COLUMNS = [
  'r.row_no',
  'r.state',
  'r.attempts',
  'r.rate_limited',
  'r.error_code',
  'r.charged',
  'r.cost_points',
  'r.finished_at',
  'res.outcome',
  'res.match',
  'res.confidence',
  'res.record_key',
  'res.record_count',
  'res.from_cache',
] as const

/**
 * SHA-256 over everything the store holds about a job that a report shows: rows and their
 * results, the ledger lines and the review log, in a fixed order. The same store and job give
 * the same fingerprint; any change to them gives another. The rows can be fed by the caller's
 * own pass over them in row order (a report's results sheet), so an export reads them once;
 * `finish` says whether that pass saw every row exactly once.
 */
export class JobFingerprint {
  private readonly hash = new TextHash()
  private rows = 0
  private lastRowNo = -Infinity
  /** rows came out of order or twice: this pass cannot stand for the store's rows */
  private broken = false

  constructor(storeId: string, readonly jobId: string) {
    this.hash.add(storeId + '\n' + jobId + '\n')
  }

  /** One row's values in FINGERPRINT_ROW_COLUMNS order; rows in ascending row number. */
  row(values: unknown[]): void {
    this.rowJson(values[0] as number, JSON.stringify(values))
  }

  /**
   * One row as the JSON text of its values, exactly what `row` would make of them (a report's
   * pass has SQLite write it: report-rows.ts says when that text is the same).
   */
  rowJson(rowNo: number, json: string): void {
    this.rowLine(rowNo, json + '\n')
  }

  /** `rowJson`'s text with its line break already at the end (a slice of a longer text: nothing joined). */
  rowLine(rowNo: number, line: string): void {
    if (!(rowNo > this.lastRowNo)) {
      this.broken = true
      return
    }
    this.lastRowNo = rowNo
    this.rows++
    this.hash.add(line)
  }

  /**
   * The fingerprint, once the rows are in: the ledger lines and the review log are read here.
   * Null when the rows fed were not exactly the job's `rowCount` rows in order (the caller then
   * computes it from the store, `StoreMetaRepo.jobFingerprint`).
   */
  finish(db: Db, rowCount: number, opts: { asOf?: number } = {}): string | null {
    if (this.broken || this.rows !== rowCount) return null
    this.hash.add('--\n')
    // the ledger lines as JSON.stringify([row_no, product, points, at]) would make them, in id order
    for (const lines of ledgerJsonLines(db, this.jobId)) this.hash.add(lines)
    this.hash.add('--\n')
    this.feed(
      db,
      'SELECT id, row_no, decision, reviewer, note, at FROM review_decisions WHERE job_id = ? AND at <= ? ORDER BY id',
      this.jobId,
      opts.asOf ?? Number.MAX_SAFE_INTEGER,
    )
    return this.hash.digest()
  }

  private feed(db: Db, sql: string, ...args: unknown[]): void {
    for (const row of db.prepare<unknown[], unknown[]>(sql).raw(true).iterate(...args)) {
      this.hash.add(JSON.stringify(row) + '\n')
    }
    this.hash.add('--\n')
  }
}

/** The store file's identity, and a fingerprint of one job's data in it (named in reports). */
export class StoreMetaRepo {
  constructor(private readonly db: Db) {}

  storeId(): string {
    const r = this.db.prepare<unknown[], { value: string }>("SELECT value FROM store_meta WHERE key = 'store_id'").get()
    return r?.value ?? 'unknown'
  }

  /** A fingerprint to be fed by the caller's own pass over the job's rows (see JobFingerprint). */
  startJobFingerprint(jobId: string): JobFingerprint {
    return new JobFingerprint(this.storeId(), jobId)
  }

  /** A fingerprint fed by the caller's pass over the rows, finished (null when the pass did not see them all). */
  finishJobFingerprint(fp: JobFingerprint, rowCount: number, opts: { asOf?: number } = {}): string | null {
    return fp.finish(this.db, rowCount, opts)
  }

  /** The job's fingerprint (JobFingerprint), its rows read here. */
  jobFingerprint(jobId: string, opts: { asOf?: number } = {}): string {
    const fp = this.startJobFingerprint(jobId)
    let rows = 0
    const sql = `SELECT ${FINGERPRINT_ROW_COLUMNS.join(', ')}
       FROM job_rows r LEFT JOIN results res ON res.job_id = r.job_id AND res.row_no = r.row_no
       WHERE r.job_id = ? ORDER BY r.row_no`
    for (const row of this.db.prepare<unknown[], unknown[]>(sql).raw(true).iterate(jobId)) (fp.row(row), rows++)
    return fp.finish(this.db, rows, opts)!
  }
}
