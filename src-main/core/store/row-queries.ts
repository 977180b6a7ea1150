import type { Db } from './database'
import type { RowState } from '../model/row-state'
import { inBandSql, rowFilterSql, type RowFilter } from './row-filter-sql'
import type { Outcome, OutcomeGroup } from './row-outcomes'
import type { CoreText } from '../texts/core-text'

export { OUTCOMES, type Outcome, type OutcomeGroup } from './row-outcomes'
export type { RowFilter } from './row-filter-sql'

export interface NewRow {
  rowNo: number
  sourceRow?: number | null
  unitKey?: string | null
  input: Record<string, unknown>
  /** engine-private data for sending (resolved image paths, hashes, filters); never in reports */
  payload?: unknown
  /** rows that fail pre-flight are stored failed right away, never sent, never charged */
  /** `reason`: the importer's reason as a core text, for the plan to show in the reader's language (not stored: `message` is) */
  localFailure?: { code: string; message: string; column?: string | null; reason?: CoreText } | null
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

export interface RowDb {
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

/**
 * Reading rows: for the runner (next pending), the UI (pages, counts) and the reports
 * (streams, aggregate figures). No method here changes anything.
 */
export class RowQueries {
  private readonly reads

  constructor(protected readonly db: Db) {
    this.reads = {
      get: db.prepare<unknown[], RowDb>('SELECT * FROM job_rows WHERE job_id = ? AND row_no = ?'),
      pending: db.prepare<unknown[], RowDb>(
        `SELECT * FROM job_rows WHERE job_id = ? AND state = 'pending' AND row_no > ? AND duplicate_of IS NULL
         ORDER BY row_no LIMIT ?`,
      ),
      stateCounts: db.prepare<unknown[], { state: RowState; n: number; local: number; charged: number; points: number; resent: number }>(
        `SELECT state, n, local_failures AS local, charged, cost_points AS points, resent_uncertain AS resent
         FROM job_row_counts WHERE job_id = ? AND n > 0`,
      ),
      outcomeCounts: db.prepare<unknown[], { outcome: Outcome; n: number; cached: number }>('SELECT outcome, n, from_cache AS cached FROM job_outcome_counts WHERE job_id = ? AND n > 0'),
    }
  }

  get(jobId: string, rowNo: number): JobRow | undefined {
    const r = this.reads.get.get(jobId, rowNo)
    return r ? toJobRow(r) : undefined
  }

  /** Next pending rows in input order (duplicates wait for their original). */
  nextPending(jobId: string, limit: number, afterRowNo = 0): JobRow[] {
    return this.reads.pending.all(jobId, afterRowNo, limit).map(toJobRow)
  }

  /** Failed rows that never left the machine (pre-flight failures), for retry-failed to check again. */
  localFailures(jobId: string): JobRow[] {
    return (
      this.db.prepare<unknown[], RowDb>("SELECT * FROM job_rows WHERE job_id = ? AND state = 'failed' AND local_failure = 1 ORDER BY row_no").all(jobId)
    ).map(toJobRow)
  }

  /** The first row of the job with this unit key that is not a duplicate itself (its "original"). */
  originalOf(jobId: string, unitKey: string, rowNo: number): number | null {
    const r = this.db
      .prepare<unknown[], { row_no: number }>(
        `SELECT row_no FROM job_rows WHERE job_id = ? AND unit_key = ? AND row_no <> ? AND duplicate_of IS NULL
           AND local_failure = 0 ORDER BY row_no LIMIT 1`,
      )
      .get(jobId, unitKey, rowNo)
    return r?.row_no ?? null
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
    // kept by triggers in the same statement as every row change (migration 5): a few rows, not the job
    for (const s of this.reads.stateCounts.all(jobId)) {
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
    for (const o of this.reads.outcomeCounts.all(jobId)) {
      c.outcomes[o.outcome] = o.n
      c.cacheHits += o.cached
    }
    return c
  }

  /** One page of rows with their results, for the UI's virtual table. */
  page(jobId: string, opts: RowFilter & { offset?: number; limit?: number } = {}): Array<JobRow & { result: (RowResult & { at: number }) | null }> {
    const { where, args } = rowFilterSql(jobId, opts)
    const rows = this.db
      .prepare<unknown[], RowDb & Record<string, unknown>>(`${SELECT_ROW_WITH_RESULT} WHERE ${where} ORDER BY r.row_no LIMIT ? OFFSET ?`)
      .all(...args, opts.limit ?? 100, opts.offset ?? 0)
    return rows.map((r) => ({ ...toJobRow(r), result: resultFrom(r) }))
  }

  countWhere(jobId: string, opts: RowFilter = {}): number {
    const { where, args } = rowFilterSql(jobId, opts)
    const r = this.db
      .prepare<unknown[], { n: number }>(
        `SELECT COUNT(*) AS n FROM job_rows r LEFT JOIN results res ON res.job_id = r.job_id AND res.row_no = r.row_no WHERE ${where}`,
      )
      .get(...args)!
    return r.n
  }

  /** Streams every row with its result in input order (reports read 100,000 rows this way). */
  *iterate(jobId: string): Generator<JobRow & { result: (RowResult & { at: number }) | null }> {
    const stmt = this.db.prepare<unknown[], RowDb & Record<string, unknown>>(`${SELECT_ROW_WITH_RESULT} WHERE r.job_id = ? ORDER BY r.row_no`)
    for (const r of stmt.iterate(jobId)) {
      yield { ...toJobRow(r), result: resultFrom(r) }
    }
  }

  /**
   * Rows grouped by state, result outcome and whether the confidence lies in the review band:
   * a report's summary figures in one aggregate query (no row pass).
   */
  outcomeGroups(jobId: string, band: [number, number] | null): Array<OutcomeGroup & { n: number }> {
    const inBand = inBandSql(band)
    return (
      this.db
        .prepare<unknown[], { state: RowState; outcome: Outcome | null; in_band: number; n: number }>(
          `SELECT r.state AS state, res.outcome AS outcome, ${inBand.sql} AS in_band, COUNT(*) AS n
           FROM job_rows r LEFT JOIN results res ON res.job_id = r.job_id AND res.row_no = r.row_no
           WHERE r.job_id = ? GROUP BY 1, 2, 3`,
        )
        .all(...inBand.args, jobId)
    ).map((g) => ({ state: g.state, outcome: g.outcome, inBand: g.in_band === 1, n: g.n }))
  }

  /** Requests sent for the job: every attempt of every row. */
  attemptsTotal(jobId: string): number {
    return (this.db.prepare<unknown[], { n: number }>('SELECT COALESCE(SUM(attempts), 0) AS n FROM job_rows WHERE job_id = ?').get(jobId)!).n
  }

  /**
   * The distinct values at a JSON `path` of the payloads of a job's rows that were sent and
   * answered (done, not duplicates); null for a row whose payload has none. One aggregate query:
   * reading every row for it took 2 s of a 100,000-row regions report.
   */
  donePayloadValues(jobId: string, path: string): Array<string | null> {
    const rows = this.db
      // the distinct payload texts first, each read as JSON once: a regions job's 100,000 rows name a
      // few dozen provinces, and json_extract on every row cost ~25 ms of its report's 42
      .prepare<unknown[], { v: string | number | null }>(
        `SELECT DISTINCT json_extract(p, ?) AS v FROM (SELECT DISTINCT payload_json AS p FROM job_rows WHERE job_id = ? AND state = 'done' AND duplicate_of IS NULL)`,
      )
      .all(path, jobId)
    return rows.map((r) => (r.v === null ? null : String(r.v)))
  }

  /** Records a directory job yielded (de-duplicated). */
  recordsCount(jobId: string): number {
    return (this.db.prepare<unknown[], { n: number }>('SELECT COUNT(*) AS n FROM job_records WHERE job_id = ?').get(jobId)!).n
  }
}

const SELECT_ROW_WITH_RESULT = `SELECT r.*, res.outcome AS res_outcome, res.match AS res_match, res.confidence AS res_confidence,
    res.record_key AS res_record_key, res.record_count AS res_record_count, res.from_cache AS res_from_cache,
    res.raw_json AS res_raw_json, res.at AS res_at
  FROM job_rows r LEFT JOIN results res ON res.job_id = r.job_id AND res.row_no = r.row_no`

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
