import type { Store, JobFingerprint, JobRow, RowResult } from './index'
import type { Db } from './database'
import type { Statement } from 'better-sqlite3'
import type { RowState } from '../model/row-state'
import { FINGERPRINT_ROW_COLUMNS } from './store-meta-repo'

/** What a report needs of a row and its result. */
export type ReportRow = Pick<
  JobRow,
  | 'rowNo'
  | 'sourceRow'
  | 'state'
  | 'input'
  | 'errorCode'
  | 'errorMessage'
  | 'localFailure'
  | 'duplicateOf'
  | 'charged'
  | 'costPoints'
  | 'resentUncertain'
  | 'finishedAt'
  | 'attempts'
> & {
  /** the record is not parsed here: `rawJson` is its JSON text when asked for (lookups parse it when they need it) */
  result: (Omit<RowResult, 'raw'> & { rawJson: string | null }) | null
  /** times the service answered 429 for this row */
  rateLimited: number
}

/** Where each fingerprint column sits in the array of the row's fingerprint values. */
const F = Object.fromEntries(FINGERPRINT_ROW_COLUMNS.map((c, i) => [c.replace(/^\w+\./, ''), i])) as Record<string, number>
const CONFIDENCE = FINGERPRINT_ROW_COLUMNS.indexOf('res.confidence')

/**
 * The fingerprint's columns as SQLite's JSON array, the confidence left out (null; a real number is
 * written with 15 digits there, JavaScript writes the shortest exact one). Every text SQLite holds
 * comes out as JSON.stringify writes it once read into JavaScript (checked for every character,
 * lone surrogates and bytes that are not UTF-8 included), and so does every integer up to 2^53:
 * reading 14 values and making their JSON text in JavaScript cost ~75 ms more per 100,000 rows.
 */
const FINGERPRINT_JSON = `json_array(${FINGERPRINT_ROW_COLUMNS.map((c) => (c === 'res.confidence' ? 'NULL' : c)).join(', ')})`

/**
 * SQLite's JSON of the fingerprint's columns after the confidence, for a row that has one (null
 * otherwise): the confidence's null in FINGERPRINT_JSON sits just before this text, where the
 * JavaScript number goes (`withConfidence`).
 */
const AFTER_CONFIDENCE_JSON = `CASE WHEN res.confidence IS NULL THEN NULL ELSE json_array(${FINGERPRINT_ROW_COLUMNS.slice(CONFIDENCE + 1).join(', ')}) END`

/**
 * The other columns a report shows, after the fingerprint's JSON (0) and the confidence (1); no
 * more (each column read costs ~6 ms per 100,000 rows: the error's column and the result's time
 * are shown by no results sheet).
 */
const REST = ['r.source_row', 'r.input_json', 'r.error_message', 'r.local_failure', 'r.duplicate_of', 'r.resent_uncertain', 'res.raw_json']

/** Rows read per statement run (see `iterateReportRows`). */
export const PAGE_ROWS = 1000

/**
 * The statement reading a report's columns of the next `PAGE_ROWS` rows after a row number with
 * their results, in input order, as raw arrays (lean: at 100,000 rows this is the difference
 * between ~50 and ~10 µs a row). With `json` false the fingerprint's JSON is null (each row's
 * values are then read on their own: `exactValues`).
 */
function reportRowsPage(db: Db, withRaw: boolean, json: boolean): Statement<unknown[], unknown[]> {
  const rest = withRaw ? REST : REST.slice(0, -1)
  return db
    .prepare<unknown[], unknown[]>(
      `SELECT ${json ? FINGERPRINT_JSON : 'NULL'}, res.confidence, ${rest.join(', ')}, ${json ? AFTER_CONFIDENCE_JSON : 'NULL'}
       FROM job_rows r LEFT JOIN results res ON res.job_id = r.job_id AND res.row_no = r.row_no
       WHERE r.job_id = ? AND r.row_no > ? ORDER BY r.row_no LIMIT ${PAGE_ROWS}`,
    )
    .raw(true)
}

/**
 * The fingerprint values of the job's next row after `afterRowNo`, read one by one (the rare rows
 * whose JSON SQLite could not write as JavaScript does: a BLOB, a fraction, an integer past 2^53).
 */
function exactValues(db: Db, jobId: string, afterRowNo: number): unknown[] {
  return db
    .prepare<unknown[], unknown[]>(
      `SELECT ${FINGERPRINT_ROW_COLUMNS.join(', ')}
       FROM job_rows r LEFT JOIN results res ON res.job_id = r.job_id AND res.row_no = r.row_no
       WHERE r.job_id = ? AND r.row_no > ? ORDER BY r.row_no LIMIT 1`,
    )
    .raw(true)
    .get(jobId, afterRowNo)!
}

/**
 * The fingerprint's JSON of a row with a confidence, as JSON.stringify writes its values: SQLite's
 * text (`json`, the confidence null) with the number put in place of that null; `after` is SQLite's
 * JSON of the columns after it, so `json` ends with ',null,' and `after` without its '['. Cheaper
 * than JSON.stringify of the parsed values (~40 ms per 100,000 face rows on the report's thread).
 */
function withConfidence(json: string, after: string, confidence: number): string {
  // JSON.stringify writes a finite number as String does, and any other as null
  const number = Number.isFinite(confidence) ? String(confidence) : 'null'
  return json.slice(0, json.length - after.length - 5) + ',' + number + ',' + after.slice(1)
}

/** True when every number is an integer JavaScript holds exactly (SQLite and JSON.stringify then write the same digits). */
function exactIntegers(values: unknown[]): boolean {
  for (let i = 0; i < values.length; i++) {
    const v = values[i]
    if (typeof v === 'number' && !Number.isSafeInteger(v)) return false
  }
  return true
}

/**
 * Every row of a job with its result, in input order, for writing a report. The same rows
 * `RowsRepo.iterate` yields, read leaner: only the columns a report shows, and the result's raw
 * JSON text only when asked (face reports never show it), not parsed (a lookup whose rows repeat
 * a record parses it once: lookup-report.ts). `fingerprint` is fed every row read, so the export
 * need not read the rows a second time for it.
 */
export function* iterateReportRows(
  store: Pick<Store, 'db'>,
  jobId: string,
  opts: { withRaw?: boolean; fingerprint?: JobFingerprint } = {},
): Generator<ReportRow> {
  const withRaw = opts.withRaw ?? false
  let last = -Infinity
  let json = true
  for (;;) {
    try {
      // a page at a time, not a row per step of an open iterator: SQLite steps a page's rows in one
      // call, its B-tree pages still in the CPU's caches, not between every row's sheet work
      const page = reportRowsPage(store.db, withRaw, json)
      for (let n = PAGE_ROWS; n === PAGE_ROWS; ) {
        const rows = page.all(jobId, last)
        n = rows.length
        for (let i = 0; i < n; i++) {
          const row = reportRow(store.db, jobId, last, rows[i], withRaw, opts.fingerprint)
          last = row.rowNo
          yield row
        }
      }
      return
    } catch (e) {
      // SQLite's JSON holds no BLOB: a store with one in a fingerprint column is read value by value from that row on
      if (!json || !/BLOB/.test((e as Error).message)) throw e
      json = false
    }
  }
}

/** One raw row as a report row, its fingerprint values fed; `last` is the row number before it. */
function reportRow(db: Db, jobId: string, last: number, c: unknown[], withRaw: boolean, fingerprint: JobFingerprint | undefined): ReportRow {
  const text = c[0] as string | null
  const confidence = c[1] as number | null
  let f: unknown[]
  if (text !== null && exactIntegers((f = JSON.parse(text) as unknown[]))) {
    if (confidence === null) fingerprint?.rowJson(f[0] as number, text)
    else {
      f[CONFIDENCE] = confidence
      // the last column read: SQLite's JSON of the columns after the confidence
      fingerprint?.rowJson(f[0] as number, withConfidence(text, c[withRaw ? 9 : 8] as string, confidence))
    }
  } else {
    f = exactValues(db, jobId, last)
    fingerprint?.row(f)
  }
  const outcome = f[F.outcome] as RowResult['outcome'] | null
  return {
    rowNo: f[F.row_no] as number,
    sourceRow: c[2] as number | null,
    state: f[F.state] as RowState,
    input: JSON.parse(c[3] as string),
    errorCode: f[F.error_code] as string | null,
    errorMessage: c[4] as string | null,
    localFailure: c[5] === 1,
    duplicateOf: c[6] as number | null,
    charged: f[F.charged] === 1,
    costPoints: f[F.cost_points] as number,
    resentUncertain: c[7] === 1,
    finishedAt: f[F.finished_at] as number | null,
    attempts: f[F.attempts] as number,
    rateLimited: f[F.rate_limited] as number,
    result:
      outcome === null
        ? null
        : {
            outcome,
            match: f[F.match] === null ? null : f[F.match] === 1,
            confidence: f[CONFIDENCE] as number | null,
            recordKey: f[F.record_key] as string | null,
            recordCount: f[F.record_count] as number | null,
            fromCache: f[F.from_cache] === 1,
            rawJson: withRaw ? (c[8] as string | null) : null,
          },
  }
}
