import type { Db } from './database'
import { sourcesOf, type RowState } from '../model/row-state'
import { monthKey, type Product } from '../model/products'

export interface NewRow {
  rowNo: number
  sourceRow?: number | null
  unitKey?: string | null
  input: Record<string, unknown>
  /** engine-private data for sending (resolved image paths, hashes, filters); never in reports */
  payload?: unknown
  /** rows that fail pre-flight are stored failed right away, never sent, never charged */
  localFailure?: { code: string; message: string; column?: string | null } | null
  duplicateOf?: number | null
}

export interface JobRow {
  jobId: string
  rowNo: number
  sourceRow: number | null
  unitKey: string | null
  state: RowState
  input: Record<string, unknown>
  payload: unknown
  attempts: number
  errorCode: string | null
  errorMessage: string | null
  errorColumn: string | null
  localFailure: boolean
  duplicateOf: number | null
  charged: boolean
  costPoints: number
  resentUncertain: boolean
  progress: unknown
  startedAt: number | null
  finishedAt: number | null
  durationMs: number | null
}

export type Outcome = 'match' | 'no-match' | 'found' | 'not-found' | 'failed' | 'records'

export interface RowResult {
  outcome: Outcome
  match?: boolean | null
  confidence?: number | null
  recordKey?: string | null
  recordCount?: number | null
  fromCache?: boolean
  raw?: unknown
}

export interface RowError {
  code: string
  message: string
  column?: string | null
}

export interface RowCounts {
  total: number
  pending: number
  inFlight: number
  done: number
  failed: number
  uncertain: number
  localFailures: number
  charged: number
  costPoints: number
  outcomes: Partial<Record<Outcome, number>>
  cacheHits: number
  resentUncertain: number
}

interface RowDb {
  job_id: string
  row_no: number
  source_row: number | null
  unit_key: string | null
  state: string
  input_json: string
  payload_json: string | null
  attempts: number
  error_code: string | null
  error_message: string | null
  error_column: string | null
  local_failure: number
  duplicate_of: number | null
  charged: number
  cost_points: number
  resent_uncertain: number
  progress_json: string | null
  started_at: number | null
  finished_at: number | null
  duration_ms: number | null
}

export function toJobRow(r: RowDb): JobRow {
  return {
    jobId: r.job_id,
    rowNo: r.row_no,
    sourceRow: r.source_row,
    unitKey: r.unit_key,
    state: r.state as RowState,
    input: JSON.parse(r.input_json),
    payload: r.payload_json ? JSON.parse(r.payload_json) : null,
    attempts: r.attempts,
    errorCode: r.error_code,
    errorMessage: r.error_message,
    errorColumn: r.error_column,
    localFailure: r.local_failure === 1,
    duplicateOf: r.duplicate_of,
    charged: r.charged === 1,
    costPoints: r.cost_points,
    resentUncertain: r.resent_uncertain === 1,
    progress: r.progress_json ? JSON.parse(r.progress_json) : null,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
    durationMs: r.duration_ms,
  }
}

export class RowTransitionError extends Error {}

/** Row states as an SQL list literal; the states are constants of row-state.ts, never user input. */
function sqlList(states: RowState[]): string {
  return states.map((st) => `'${st}'`).join(', ')
}

/**
 * Rows of a job and everything that happens to one. Every method that changes a row is one
 * transaction, guarded by the row's current state in the WHERE clause: if the row is not
 * where the caller thinks it is, nothing changes and the call throws.
 */
export class RowsRepo {
  private readonly stmts

  constructor(private readonly db: Db) {
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
         WHERE job_id = ? AND row_no = ? AND state = 'in-flight'`,
      ),
      toUncertain: db.prepare(
        `UPDATE job_rows SET state = 'uncertain', error_code = ?, error_message = ?
         WHERE job_id = ? AND row_no = ? AND state IN (${sqlList(sourcesOf('uncertain'))})`,
      ),
      result: db.prepare(
        `INSERT OR REPLACE INTO results (job_id, row_no, outcome, match, confidence, record_key, record_count, from_cache, raw_json, at)
         VALUES (?,?,?,?,?,?,?,?,?,?)`,
      ),
      charge: db.prepare('INSERT INTO charges (job_id, row_no, product, points, month, at) VALUES (?,?,?,?,?,?)'),
      hit: db.prepare(
        `INSERT INTO usage (account, product, month, hits) VALUES (?, ?, ?, ?)
         ON CONFLICT(account, product, month) DO UPDATE SET hits = hits + excluded.hits`,
      ),
      progress: db.prepare('UPDATE job_rows SET progress_json = ? WHERE job_id = ? AND row_no = ?'),
      get: db.prepare('SELECT * FROM job_rows WHERE job_id = ? AND row_no = ?'),
      pending: db.prepare(
        `SELECT * FROM job_rows WHERE job_id = ? AND state = 'pending' AND row_no > ? AND duplicate_of IS NULL
         ORDER BY row_no LIMIT ?`,
      ),
    }
  }

  insertMany(jobId: string, rows: Iterable<NewRow>, now: number): number {
    let n = 0
    const insert = this.stmts.insert
    this.db.transaction(() => {
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
    })()
    return n
  }

  get(jobId: string, rowNo: number): JobRow | undefined {
    const r = this.stmts.get.get(jobId, rowNo) as RowDb | undefined
    return r ? toJobRow(r) : undefined
  }

  /** Next pending rows in input order (duplicates wait for their original). */
  nextPending(jobId: string, limit: number, afterRowNo = 0): JobRow[] {
    return (this.stmts.pending.all(jobId, afterRowNo, limit) as RowDb[]).map(toJobRow)
  }

  /** Claims a row for sending. Written before the request leaves, so a crash leaves evidence. */
  markInFlight(jobId: string, rowNo: number, now: number): void {
    this.expectOne(this.stmts.toInFlight.run(now, jobId, rowNo), jobId, rowNo, 'in-flight')
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
    this.db.transaction(() => {
      this.expectOne(this.stmts.toDone.run(points > 0 ? 1 : 0, points, now, now, now, jobId, rowNo), jobId, rowNo, 'done')
      this.writeResult(jobId, rowNo, result, now)
      if (points > 0 && opts.product) this.stmts.charge.run(jobId, rowNo, opts.product, points, monthKey(now), now)
      if (opts.product && (opts.hits ?? 1) > 0 && !result.fromCache) this.stmts.hit.run(opts.account ?? '', opts.product, monthKey(now), opts.hits ?? 1)
    })()
  }

  /** Final failure for this attempt round (400, 404, retries exhausted, local problem). Never charged. */
  fail(jobId: string, rowNo: number, error: RowError, now: number, opts: { product?: Product; hits?: number; account?: string } = {}): void {
    this.db.transaction(() => {
      this.expectOne(
        this.stmts.toFailed.run(error.code, error.message, error.column ?? null, now, now, now, jobId, rowNo),
        jobId,
        rowNo,
        'failed',
      )
      this.writeResult(jobId, rowNo, { outcome: error.code === 'not-found' ? 'not-found' : 'failed' }, now)
      if (opts.product && opts.hits) this.stmts.hit.run(opts.account ?? '', opts.product, monthKey(now), opts.hits)
    })()
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
             WHERE job_id = ? AND state = 'in-flight'`,
          )
          .run(jobId)
      : this.db.prepare(`UPDATE job_rows SET state = 'pending' WHERE job_id = ? AND state = 'in-flight'`).run(jobId)
    return info.changes
  }

  /** The user allows re-sending uncertain rows: they go back to pending, flagged for the report. */
  resendUncertain(jobId: string): number {
    return this.db
      .prepare(`UPDATE job_rows SET state = 'pending', resent_uncertain = 1 WHERE job_id = ? AND state = 'uncertain'`)
      .run(jobId).changes
  }

  /** retry-failed: failed rows go back to pending (local failures are checked again). */
  resetFailed(jobId: string): number {
    return this.db.transaction(() => {
      this.db
        .prepare(`DELETE FROM results WHERE job_id = ? AND row_no IN (SELECT row_no FROM job_rows WHERE job_id = ? AND state = 'failed')`)
        .run(jobId, jobId)
      return this.db
        .prepare(
          `UPDATE job_rows SET state = 'pending', local_failure = 0, error_code = NULL, error_message = NULL,
             error_column = NULL, finished_at = NULL, duration_ms = NULL
           WHERE job_id = ? AND state = 'failed'`,
        )
        .run(jobId).changes
    })()
  }

  /**
   * Duplicate rows (same pair of photos, same code) are never sent twice: once their
   * original is final they take its result, free of charge.
   */
  resolveDuplicates(jobId: string, now: number): number {
    return this.db.transaction(() => {
      const dups = this.db
        .prepare(
          `SELECT d.row_no AS row_no, o.row_no AS orig, o.state AS orig_state, o.error_code, o.error_message, o.error_column
           FROM job_rows d JOIN job_rows o ON o.job_id = d.job_id AND o.row_no = d.duplicate_of
           WHERE d.job_id = ? AND d.state = 'pending' AND o.state IN ('done', 'failed')`,
        )
        .all(jobId) as {
        row_no: number
        orig: number
        orig_state: string
        error_code: string | null
        error_message: string | null
        error_column: string | null
      }[]
      for (const d of dups) {
        if (d.orig_state === 'done') {
          this.db
            .prepare(
              `UPDATE job_rows SET state = 'done', finished_at = ?, error_code = 'duplicate',
                 error_message = ? WHERE job_id = ? AND row_no = ?`,
            )
            .run(now, `same input as row ${d.orig}; its result is reused, not paid twice`, jobId, d.row_no)
          this.db
            .prepare(
              `INSERT OR REPLACE INTO results (job_id, row_no, outcome, match, confidence, record_key, record_count, from_cache, raw_json, at)
               SELECT job_id, ?, outcome, match, confidence, record_key, record_count, 1, raw_json, ? FROM results
               WHERE job_id = ? AND row_no = ?`,
            )
            .run(d.row_no, now, jobId, d.orig)
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
    })()
  }

  counts(jobId: string): RowCounts {
    const c: RowCounts = {
      total: 0,
      pending: 0,
      inFlight: 0,
      done: 0,
      failed: 0,
      uncertain: 0,
      localFailures: 0,
      charged: 0,
      costPoints: 0,
      outcomes: {},
      cacheHits: 0,
      resentUncertain: 0,
    }
    const byState = this.db
      .prepare(
        `SELECT state, COUNT(*) AS n, SUM(local_failure) AS local, SUM(charged) AS charged, SUM(cost_points) AS points,
           SUM(resent_uncertain) AS resent
         FROM job_rows WHERE job_id = ? GROUP BY state`,
      )
      .all(jobId) as { state: RowState; n: number; local: number; charged: number; points: number; resent: number }[]
    for (const s of byState) {
      c.total += s.n
      c.localFailures += s.local
      c.charged += s.charged
      c.costPoints += s.points
      c.resentUncertain += s.resent
      if (s.state === 'pending') c.pending = s.n
      else if (s.state === 'in-flight') c.inFlight = s.n
      else if (s.state === 'done') c.done = s.n
      else if (s.state === 'failed') c.failed = s.n
      else if (s.state === 'uncertain') c.uncertain = s.n
    }
    const outcomes = this.db
      .prepare('SELECT outcome, COUNT(*) AS n, SUM(from_cache) AS cached FROM results WHERE job_id = ? GROUP BY outcome')
      .all(jobId) as { outcome: Outcome; n: number; cached: number }[]
    for (const o of outcomes) {
      c.outcomes[o.outcome] = o.n
      c.cacheHits += o.cached
    }
    return c
  }

  /** One page of rows with their results, for the UI's virtual table. */
  page(jobId: string, opts: RowFilter & { offset?: number; limit?: number } = {}): Array<JobRow & { result: (RowResult & { at: number }) | null }> {
    const { where, args } = rowFilterSql(jobId, opts)
    const rows = this.db
      .prepare(`${SELECT_ROW_WITH_RESULT} WHERE ${where} ORDER BY r.row_no LIMIT ? OFFSET ?`)
      .all(...args, opts.limit ?? 100, opts.offset ?? 0) as Array<RowDb & Record<string, unknown>>
    return rows.map((r) => ({ ...toJobRow(r), result: resultFrom(r) }))
  }

  countWhere(jobId: string, opts: RowFilter = {}): number {
    const { where, args } = rowFilterSql(jobId, opts)
    const r = this.db
      .prepare(
        `SELECT COUNT(*) AS n FROM job_rows r LEFT JOIN results res ON res.job_id = r.job_id AND res.row_no = r.row_no WHERE ${where}`,
      )
      .get(...args) as { n: number }
    return r.n
  }

  /** Streams every row with its result in input order (reports read 100,000 rows this way). */
  *iterate(jobId: string): Generator<JobRow & { result: (RowResult & { at: number }) | null }> {
    const stmt = this.db.prepare(`${SELECT_ROW_WITH_RESULT} WHERE r.job_id = ? ORDER BY r.row_no`)
    for (const r of stmt.iterate(jobId) as Iterable<RowDb & Record<string, unknown>>) {
      yield { ...toJobRow(r), result: resultFrom(r) }
    }
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

export interface RowFilter {
  states?: RowState[]
  outcome?: Outcome
  charged?: boolean
  /** matches the user's own columns and the error text */
  text?: string
}

const SELECT_ROW_WITH_RESULT = `SELECT r.*, res.outcome AS res_outcome, res.match AS res_match, res.confidence AS res_confidence,
    res.record_key AS res_record_key, res.record_count AS res_record_count, res.from_cache AS res_from_cache,
    res.raw_json AS res_raw_json, res.at AS res_at
  FROM job_rows r LEFT JOIN results res ON res.job_id = r.job_id AND res.row_no = r.row_no`

function rowFilterSql(jobId: string, f: RowFilter): { where: string; args: unknown[] } {
  const where = ['r.job_id = ?']
  const args: unknown[] = [jobId]
  if (f.states?.length) {
    where.push(`r.state IN (${f.states.map(() => '?').join(',')})`)
    args.push(...f.states)
  }
  if (f.outcome) (where.push('res.outcome = ?'), args.push(f.outcome))
  if (f.charged !== undefined) (where.push('r.charged = ?'), args.push(f.charged ? 1 : 0))
  if (f.text) {
    const like = '%' + f.text.replace(/[\\%_]/g, (m) => '\\' + m) + '%'
    where.push("(r.input_json LIKE ? ESCAPE '\\' OR r.error_message LIKE ? ESCAPE '\\')")
    args.push(like, like)
  }
  return { where: where.join(' AND '), args }
}

function resultFrom(r: Record<string, unknown>): (RowResult & { at: number }) | null {
  if (r.res_outcome === null || r.res_outcome === undefined) return null
  return {
    outcome: r.res_outcome as Outcome,
    match: r.res_match === null ? null : r.res_match === 1,
    confidence: r.res_confidence as number | null,
    recordKey: r.res_record_key as string | null,
    recordCount: r.res_record_count as number | null,
    fromCache: r.res_from_cache === 1,
    raw: r.res_raw_json ? JSON.parse(r.res_raw_json as string) : null,
    at: r.res_at as number,
  }
}
