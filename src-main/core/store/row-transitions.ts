import { type Db, writeTransaction } from './database'
import { afterStep, BATCH_ROWS, timedStep } from './steps'
import { canTransitionRow, sourcesOf, type RowState } from '../model/row-state'
import type { Product } from '../model/products'
import { ChargeLedger } from './charge-ledger'
import { RowQueries, type NewRow, type RowError, type RowResult } from './row-queries'

/** A pending duplicate whose original is final, with what the original ended as. */
interface PendingDuplicate {
  row_no: number
  orig: number
  orig_state: string
  error_code: string | null
  error_message: string | null
  error_column: string | null
}

export class RowTransitionError extends Error {}

/**
 * An error of the store itself: SQLite failed (the file busy past the busy timeout, full, gone)
 * or a row was not where this process left it. Whoever meets one cannot know what the store now
 * holds for the row, and must not write a guess (JobRunner ends the run on it).
 */
export function isStoreFailure(err: unknown): boolean {
  return err instanceof RowTransitionError || (err instanceof Error && err.name === 'SqliteError')
}

/**
 * A row's result replaces the one it had. Written as an upsert because the row counts are kept by
 * triggers (migration 5) and REPLACE's implicit delete fires no delete trigger.
 */
const RESULT_UPSERT = `ON CONFLICT (job_id, row_no) DO UPDATE SET outcome = excluded.outcome, match = excluded.match,
  confidence = excluded.confidence, record_key = excluded.record_key, record_count = excluded.record_count,
  from_cache = excluded.from_cache, raw_json = excluded.raw_json, at = excluded.at`

/** Row states as an SQL list literal; the states are constants of row-state.ts, never user input. */
function sqlList(states: RowState[]): string {
  return states.map((st) => `'${st}'`).join(', ')
}

/** `state = 'from'` for a bulk move the row state machine allows (checked when the statement is built). */
function fromTo(from: RowState, to: RowState): string {
  if (!canTransitionRow(from, to)) throw new Error(`the row state machine has no ${from} -> ${to}`)
  return `state = '${from}'`
}

/**
 * Everything that happens to a row. Every UPDATE is built from the row state machine
 * (row-state.ts): single-row moves are guarded by `sourcesOf(to)` and throw if the row is
 * not where the caller thinks it is; bulk moves name one allowed `from -> to`. A settled row's
 * money goes through the charge ledger in the same transaction.
 */
export class RowTransitions extends RowQueries {
  private readonly stmts
  private readonly ledger: ChargeLedger

  constructor(db: Db) {
    super(db)
    this.ledger = new ChargeLedger(db)
    this.stmts = {
      insert: db.prepare(
        `INSERT INTO job_rows (job_id, row_no, source_row, unit_key, state, input_json, payload_json, error_code, error_message,
           error_column, local_failure, duplicate_of, finished_at)
         VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)`,
      ),
      toInFlight: db.prepare(
        `UPDATE job_rows SET state = 'in-flight', attempts = attempts + 1, started_at = ?
         WHERE job_id = ? AND row_no = ? AND state IN (${sqlList(sourcesOf('in-flight'))})`,
      ),
      // a row marked for sending that was not sent after all: as before the mark
      toUnsent: db.prepare(
        `UPDATE job_rows SET state = 'pending', attempts = attempts - 1, started_at = NULL
         WHERE job_id = ? AND row_no = ? AND state = 'in-flight'`,
      ),
      toDone: db.prepare(
        `UPDATE job_rows SET state = 'done', charged = ?, cost_points = cost_points + ?, finished_at = ?,
           duration_ms = ? - COALESCE(started_at, ?), error_code = NULL, error_message = NULL, error_column = NULL
         WHERE job_id = ? AND row_no = ? AND state IN (${sqlList(sourcesOf('done'))})`,
      ),
      toFailed: db.prepare(
        `UPDATE job_rows SET state = 'failed', error_code = ?, error_message = ?, error_column = ?, finished_at = ?,
           duration_ms = ? - COALESCE(started_at, ?)
         WHERE job_id = ? AND row_no = ? AND state IN (${sqlList(sourcesOf('failed'))})`,
      ),
      toPendingAfterError: db.prepare(
        `UPDATE job_rows SET state = 'pending', error_code = ?, error_message = ?
         WHERE job_id = ? AND row_no = ? AND ${fromTo('in-flight', 'pending')}`,
      ),
      toUncertain: db.prepare(
        `UPDATE job_rows SET state = 'uncertain', error_code = ?, error_message = ?
         WHERE job_id = ? AND row_no = ? AND state IN (${sqlList(sourcesOf('uncertain'))})`,
      ),
      result: db.prepare(
        `INSERT INTO results (job_id, row_no, outcome, match, confidence, record_key, record_count, from_cache, raw_json, at)
         VALUES (?,?,?,?,?,?,?,?,?,?) ${RESULT_UPSERT}`,
      ),
      progress: db.prepare('UPDATE job_rows SET progress_json = ? WHERE job_id = ? AND row_no = ?'),
      // Pending duplicates whose original is final. CROSS JOIN keeps d outside: it walks the partial
      // index of pending duplicates (migration 5), never the job's done rows.
      pendingDuplicates: db.prepare<unknown[], PendingDuplicate>(
        `SELECT d.row_no AS row_no, o.row_no AS orig, o.state AS orig_state, o.error_code, o.error_message, o.error_column
         FROM job_rows d CROSS JOIN job_rows o ON o.job_id = d.job_id AND o.row_no = d.duplicate_of
         WHERE d.job_id = ? AND d.state = 'pending' AND d.duplicate_of IS NOT NULL AND o.state IN ('done', 'failed')`,
      ),
      duplicateDone: db.prepare(
        `UPDATE job_rows SET state = 'done', finished_at = ?, error_code = 'duplicate',
           error_message = ? WHERE job_id = ? AND row_no = ? AND ${fromTo('pending', 'done')}`,
      ),
      resultOfOriginal: db.prepare(
        `INSERT INTO results (job_id, row_no, outcome, match, confidence, record_key, record_count, from_cache, raw_json, at)
         SELECT job_id, ?, outcome, match, confidence, record_key, record_count, 1, raw_json, ? FROM results
         WHERE job_id = ? AND row_no = ? ${RESULT_UPSERT}`,
      ),
    }
  }

  insertMany(jobId: string, rows: Iterable<NewRow>, now: number): number {
    let n = 0
    const insert = this.stmts.insert
    writeTransaction(this.db, () => {
      for (const r of rows) {
        // positional parameters: binding by name costs a property lookup per column per row
        const f = r.localFailure
        insert.run(
          jobId,
          r.rowNo,
          r.sourceRow ?? null,
          r.unitKey ?? null,
          f ? 'failed' : 'pending',
          JSON.stringify(r.input),
          r.payload === undefined ? null : JSON.stringify(r.payload),
          f?.code ?? null,
          f?.message ?? null,
          f?.column ?? null,
          f ? 1 : 0,
          r.duplicateOf ?? null,
          f ? now : null,
        )
        n++
      }
    })
    return n
  }

  /** Claims a row for sending. Written before the request leaves, so a crash leaves evidence. */
  markInFlight(jobId: string, rowNo: number, now: number): void {
    this.expectOne(this.stmts.toInFlight.run(now, jobId, rowNo), jobId, rowNo, 'in-flight')
  }

  /** Takes back markInFlight when the request did not leave after all (nothing awaited since the mark): no attempt counted. */
  unmarkInFlight(jobId: string, rowNo: number): void {
    this.expectOne(this.stmts.toUnsent.run(jobId, rowNo), jobId, rowNo, 'pending')
  }

  /**
   * A row is done: its result, its charge (if any) in the ledger, and the product's monthly
   * hit, all in one transaction. There is no moment at which one exists without the others.
   */
  complete(
    jobId: string,
    rowNo: number,
    result: RowResult,
    now: number,
    opts: { product?: Product; chargePoints?: number; hits?: number; account?: string } = {},
  ): void {
    const points = opts.chargePoints ?? 0
    writeTransaction(this.db, () => {
      this.expectOne(this.stmts.toDone.run(points > 0 ? 1 : 0, points, now, now, now, jobId, rowNo), jobId, rowNo, 'done')
      this.writeResult(jobId, rowNo, result, now)
      if (points > 0 && opts.product) this.ledger.charge(jobId, rowNo, opts.product, points, now)
      if (opts.product && (opts.hits ?? 1) > 0 && !result.fromCache) this.ledger.hit(opts.account ?? '', opts.product, opts.hits ?? 1, now)
    })
  }

  /** Final failure for this attempt round (400, 404, retries exhausted, local problem). Never charged. */
  fail(jobId: string, rowNo: number, error: RowError, now: number, opts: { product?: Product; hits?: number; account?: string } = {}): void {
    writeTransaction(this.db, () => {
      this.expectOne(
        this.stmts.toFailed.run(error.code, error.message, error.column ?? null, now, now, now, jobId, rowNo),
        jobId,
        rowNo,
        'failed',
      )
      this.writeResult(jobId, rowNo, { outcome: error.code === 'not-found' ? 'not-found' : 'failed' }, now)
      if (opts.product && opts.hits) this.ledger.hit(opts.account ?? '', opts.product, opts.hits, now)
    })
  }

  /** A retryable error: the row goes back in line, keeping the last error for the UI. */
  retryLater(jobId: string, rowNo: number, error: RowError): void {
    this.expectOne(this.stmts.toPendingAfterError.run(error.code, error.message, jobId, rowNo), jobId, rowNo, 'pending')
  }

  /** The request may have reached the service (and been charged) but we cannot know. */
  markUncertain(jobId: string, rowNo: number, error: RowError): void {
    this.expectOne(this.stmts.toUncertain.run(error.code, error.message, jobId, rowNo), jobId, rowNo, 'uncertain')
  }

  /** Saves a directory unit's paging progress so a resumed job continues at the next page. */
  saveProgress(jobId: string, rowNo: number, progress: unknown): void {
    this.stmts.progress.run(JSON.stringify(progress), jobId, rowNo)
  }

  /**
   * After a crash: rows still in flight. For free products they simply go back to pending;
   * for paid ones they become uncertain and wait for the user's decision.
   */
  recoverInFlight(jobId: string, paid: boolean): number {
    const info = paid
      ? this.db
          .prepare(
            `UPDATE job_rows SET state = 'uncertain', error_code = 'interrupted',
               error_message = 'rekap stopped while this request was in flight; it may have been charged'
             WHERE job_id = ? AND ${fromTo('in-flight', 'uncertain')}`,
          )
          .run(jobId)
      : this.db.prepare(`UPDATE job_rows SET state = 'pending' WHERE job_id = ? AND ${fromTo('in-flight', 'pending')}`).run(jobId)
    return info.changes
  }

  /** The user allows re-sending uncertain rows: they go back to pending, flagged for the report. */
  resendUncertain(jobId: string): number {
    return this.db
      .prepare(`UPDATE job_rows SET state = 'pending', resent_uncertain = 1 WHERE job_id = ? AND ${fromTo('uncertain', 'pending')}`)
      .run(jobId).changes
  }

  /**
   * retry-failed: rows the service failed go back to pending. Rows that failed pre-flight are
   * not touched here: they are checked again first (recheckedPassed / recheckedFailed). In steps
   * (steps.ts): 300,000 failed rows held the write lock 3.2 s in one transaction, 1,000,000 ~10 s,
   * past another writer's 5 s. Each row's move stands alone, so a process killed between steps
   * leaves some back in line and the rest failed, which the next retry-failed completes.
   */
  async resetFailed(jobId: string): Promise<number> {
    // Keyset steps: each batch starts after the last row the one before it put back. Picking "the first
    // 500 failed rows" again each time walked every row already back in line (the primary key's order),
    // so the work grew with the square of the job: 100,000 failed rows took 7 s, 400,000 about 95 s.
    const lastOfBatch = this.db
      .prepare(`SELECT max(row_no) FROM (SELECT row_no FROM job_rows WHERE job_id = ? AND row_no > ? AND state = 'failed' AND local_failure = 0 ORDER BY row_no LIMIT ${BATCH_ROWS})`)
      .pluck()
    const batch = `job_id = ? AND row_no > ? AND row_no <= ? AND local_failure = 0`
    const results = this.db.prepare(`DELETE FROM results WHERE job_id = ? AND row_no IN (SELECT row_no FROM job_rows WHERE state = 'failed' AND ${batch})`)
    const rows = this.db.prepare(
      `UPDATE job_rows SET state = 'pending', error_code = NULL, error_message = NULL,
         error_column = NULL, finished_at = NULL, duration_ms = NULL
       WHERE ${fromTo('failed', 'pending')} AND ${batch}`,
    )
    let after = Number.MIN_SAFE_INTEGER
    const putBack = (): number => {
      const last = lastOfBatch.get(jobId, after) as number | null
      if (last === null) return 0
      results.run(jobId, jobId, after, last)
      const did = rows.run(jobId, after, last).changes
      after = last
      return did
    }
    let n = 0
    for (;;) {
      const t = Date.now()
      const step = timedStep(this.db, putBack)
      n += step.rows
      if (!step.more) return n
      await afterStep(t)
    }
  }

  /** A row that failed pre-flight passes it now (the user fixed the file): it goes in line with what to send. */
  recheckedPassed(jobId: string, rowNo: number, r: { payload: unknown; unitKey: string | null; duplicateOf: number | null }): void {
    writeTransaction(this.db, () => {
      this.db.prepare('DELETE FROM results WHERE job_id = ? AND row_no = ?').run(jobId, rowNo)
      const info = this.db
        .prepare(
          `UPDATE job_rows SET state = 'pending', local_failure = 0, payload_json = ?, unit_key = ?, duplicate_of = ?,
             error_code = NULL, error_message = NULL, error_column = NULL, finished_at = NULL, duration_ms = NULL
           WHERE job_id = ? AND row_no = ? AND ${fromTo('failed', 'pending')} AND local_failure = 1`,
        )
        .run(r.payload === undefined ? null : JSON.stringify(r.payload), r.unitKey, r.duplicateOf, jobId, rowNo)
      this.expectOne(info, jobId, rowNo, 'pending')
    })
  }

  /** A row that failed pre-flight fails it again: it stays failed, with today's reason. */
  recheckedFailed(jobId: string, rowNo: number, error: RowError, now: number): void {
    this.db
      .prepare(
        `UPDATE job_rows SET error_code = ?, error_message = ?, error_column = ?, finished_at = ?
         WHERE job_id = ? AND row_no = ? AND state = 'failed' AND local_failure = 1`,
      )
      .run(error.code, error.message, error.column ?? null, now, jobId, rowNo)
  }

  /**
   * Duplicate rows (same pair of photos, same code) are never sent twice: once their
   * original is final they take its result, free of charge.
   */
  resolveDuplicates(jobId: string, now: number): number {
    return writeTransaction(this.db, () => {
      const dups = this.stmts.pendingDuplicates.all(jobId)
      for (const d of dups) {
        if (d.orig_state === 'done') {
          this.stmts.duplicateDone.run(now, `same input as row ${d.orig}; its result is reused, not paid twice`, jobId, d.row_no)
          this.stmts.resultOfOriginal.run(d.row_no, now, jobId, d.orig)
        } else {
          this.stmts.toFailed.run(
            d.error_code ?? 'failed',
            `same input as row ${d.orig}, which failed: ${d.error_message ?? ''}`,
            d.error_column,
            now,
            now,
            now,
            jobId,
            d.row_no,
          )
          this.writeResult(jobId, d.row_no, { outcome: d.error_code === 'not-found' ? 'not-found' : 'failed' }, now)
        }
      }
      return dups.length
    })
  }

  private writeResult(jobId: string, rowNo: number, result: RowResult, now: number): void {
    this.stmts.result.run(
      jobId,
      rowNo,
      result.outcome,
      result.match === undefined || result.match === null ? null : result.match ? 1 : 0,
      result.confidence ?? null,
      result.recordKey ?? null,
      result.recordCount ?? null,
      result.fromCache ? 1 : 0,
      result.raw === undefined ? null : JSON.stringify(result.raw),
      now,
    )
  }

  private expectOne(info: { changes: number }, jobId: string, rowNo: number, to: RowState): void {
    if (info.changes !== 1) {
      const cur = this.get(jobId, rowNo)
      throw new RowTransitionError(`row ${rowNo} of job ${jobId} cannot go from ${cur?.state ?? 'nowhere'} to ${to}`)
    }
  }
}
