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

/** The row's other columns a report shows besides its input, in this order after it (no more: each costs per row). */
const OTHERS = ['r.source_row', 'r.error_message', 'r.local_failure', 'r.duplicate_of', 'r.resent_uncertain']

/**
 * The confidence as a JSON number, exactly the stored one: 17 significant digits name every double
 * (15, SQLite's default, gave back only ~8% of the service's confidences, which are computed, not
 * rounded: the other rows were read one by one, a 100,000-row face export 2.3 -> 6.9 s). A text
 * SQLite's own reading does not give back as the stored number makes the row's text null, and the
 * row is read plainly (none in 300,000 random and logistic confidences).
 */
const CONFIDENCE_TEXT = `printf('%!.17g', res.confidence)`
const CONFIDENCE_FITS = `res.confidence IS NULL OR CAST(${CONFIDENCE_TEXT} AS REAL) = res.confidence`
const CONFIDENCE_JSON = `CASE WHEN res.confidence IS NULL THEN 'null' ELSE ${CONFIDENCE_TEXT} END`

/**
 * A row as one JSON text SQLite writes: `[fingerprint\n,confidence,input,source_row,error_message,...]`,
 * the fingerprint SQLite's JSON array (FINGERPRINT_JSON, which holds no line break: the first one
 * ends it) and the input the stored JSON text as it is. One text a row, parsed once, instead of
 * nine columns: better-sqlite3 puts each column of a raw row into its array through V8's API
 * (~1,100 instructions a column), and the input needs no JSON.parse of its own. Made by one
 * concat(), which allocates once: a chain of `||` copies the growing text at every step.
 */
function rowText(withRaw: boolean): string {
  const json = `'[', ${FINGERPRINT_JSON}, char(10), ',', ${CONFIDENCE_JSON}, ',', r.input_json, ',', substr(json_array(${OTHERS.join(', ')}), 2)`
  return `CASE WHEN ${CONFIDENCE_FITS} THEN concat(${json}${withRaw ? `, ${RAW_AFTER}` : ''}) END`
}

/**
 * The result's raw JSON after the row's JSON, when asked for: after a U+0001, which no JSON text
 * holds as it is (SQLite's JSON escapes it, and so did JSON.stringify the stored input), so the
 * first one ends the row's JSON; none when there is no raw JSON (concat() skips nulls). In the
 * same text, not a column of its own: a second column makes each row an array (~3,300
 * instructions a row more).
 */
const RAW_AFTER = `CASE WHEN res.raw_json IS NOT NULL THEN char(1) END, res.raw_json`
const RAW_MARK = '\u0001'

/** Elements of a row's parsed JSON (`rowText`): the fingerprint's values, the confidence, the input, then OTHERS. */
const ROW_JSON_ELEMENTS = 3 + OTHERS.length

/**
 * A row's columns read as they are, for the rows `rowText` cannot stand for: the fingerprint's
 * values, the input's JSON text, OTHERS, the result's raw JSON text when asked.
 */
function plainColumns(withRaw: boolean): string {
  return [...FINGERPRINT_ROW_COLUMNS, 'r.input_json', ...OTHERS, ...(withRaw ? ['res.raw_json'] : [])].join(', ')
}

/** Where OTHERS start in a plain row (after the fingerprint's values and the input). */
const PLAIN_OTHERS = FINGERPRINT_ROW_COLUMNS.length + 1

const FROM = 'FROM job_rows r LEFT JOIN results res ON res.job_id = r.job_id AND res.row_no = r.row_no WHERE r.job_id = ? AND r.row_no > ? ORDER BY r.row_no'

/** Rows read per statement run (see `iterateReportRows`). */
export const PAGE_ROWS = 1000

/**
 * The statement reading the next `PAGE_ROWS` rows after a row number with their results, in input
 * order: each row's text (`rowText`), not in an array of its own (better-sqlite3 puts each column
 * of a raw row into one through V8's API), or with `json` false each row's plain columns.
 */
function reportRowsPage(db: Db, withRaw: boolean, json: boolean): Statement<unknown[], unknown> {
  if (json) return db.prepare<unknown[], unknown>(`SELECT ${rowText(withRaw)} ${FROM} LIMIT ${PAGE_ROWS}`).pluck(true)
  return db.prepare<unknown[], unknown>(`SELECT ${plainColumns(withRaw)} ${FROM} LIMIT ${PAGE_ROWS}`).raw(true)
}

/**
 * The plain columns of the job's next row after `afterRowNo`, read on their own (the rare rows
 * whose JSON SQLite could not write as JavaScript does: a fraction, an integer past 2^53, a
 * confidence its 17 digits do not give back).
 */
function plainRow(db: Db, jobId: string, afterRowNo: number, withRaw: boolean): unknown[] {
  return db.prepare<unknown[], unknown[]>(`SELECT ${plainColumns(withRaw)} ${FROM} LIMIT 1`).raw(true).get(jobId, afterRowNo)!
}

/**
 * The fingerprint's JSON of a row with a confidence, as JSON.stringify writes its values: SQLite's
 * text (`json`, the confidence null) with the number put in place of that null; `after` is the
 * JSON of the columns after it (JSON.stringify of their three values), so `json` ends with
 * ',null,' and `after` without its '['. Cheaper than JSON.stringify of all 14 parsed values
 * (~40 ms per 100,000 face rows on the report's thread).
 */
function withConfidence(json: string, after: string, confidence: number): string {
  // JSON.stringify writes a finite number as String does, and any other as null
  const number = Number.isFinite(confidence) ? String(confidence) : 'null'
  return json.slice(0, json.length - after.length - 5) + ',' + number + ',' + after.slice(1)
}

/** True when every number from `from` on is an integer JavaScript holds exactly (SQLite and JSON.stringify then write the same digits). */
function exactIntegers(values: unknown[], from = 0): boolean {
  for (let i = from; i < values.length; i++) {
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
          const row = json
            ? (textRow(rows[i] as string | null, withRaw, opts.fingerprint) ?? plainReportRow(plainRow(store.db, jobId, last, withRaw), withRaw, opts.fingerprint))
            : plainReportRow(rows[i] as unknown[], withRaw, opts.fingerprint)
          last = row.rowNo
          yield row
        }
      }
      return
    } catch (e) {
      // SQLite's JSON holds no BLOB: a store with one in a column it writes is read column by column from that row on
      if (!json || !/BLOB/.test((e as Error).message)) throw e
      json = false
    }
  }
}

/**
 * A row read as its text (`rowText`) as a report row, its fingerprint fed; null when the text
 * cannot stand for the stored values (a fraction or an integer past 2^53, which SQLite writes
 * other than JavaScript does; a confidence its 17 digits do not give back; an input text that is not
 * one JSON value).
 */
function textRow(text: string | null, withRaw: boolean, fingerprint: JobFingerprint | undefined): ReportRow | null {
  if (text === null) return null
  // a text without the raw JSON holds no mark: not searched for one
  const mark = withRaw ? text.indexOf(RAW_MARK) : -1
  const v = JSON.parse(mark < 0 ? text : text.slice(0, mark)) as unknown[]
  const f = v[0] as unknown[]
  if (v.length !== ROW_JSON_ELEMENTS || !exactIntegers(f) || !exactIntegers(v, 3)) return null
  const confidence = v[1] as number | null
  if (fingerprint) {
    // the fingerprint's JSON with its line break: the text from after '[' to the first line break
    if (confidence === null) fingerprint.rowLine(f[0] as number, text.slice(1, text.indexOf('\n') + 1))
    else {
      const json = text.slice(1, text.indexOf('\n'))
      fingerprint.rowJson(f[0] as number, withConfidence(json, JSON.stringify(f.slice(CONFIDENCE + 1)), confidence))
    }
  }
  f[CONFIDENCE] = confidence
  return reportRow(f, v[2], v, 3, mark < 0 ? null : text.slice(mark + 1))
}

/** A row read as plain columns (`plainColumns`) as a report row, its fingerprint fed. */
function plainReportRow(c: unknown[], withRaw: boolean, fingerprint: JobFingerprint | undefined): ReportRow {
  const f = c.slice(0, FINGERPRINT_ROW_COLUMNS.length)
  fingerprint?.row(f)
  return reportRow(f, JSON.parse(c[PLAIN_OTHERS - 1] as string), c, PLAIN_OTHERS, withRaw ? (c[PLAIN_OTHERS + OTHERS.length] as string | null) : null)
}

/** A report row from its fingerprint values `f`, its input, and OTHERS' values in `o` from `at` on. */
function reportRow(f: unknown[], input: unknown, o: unknown[], at: number, rawJson: string | null): ReportRow {
  const outcome = f[F.outcome] as RowResult['outcome'] | null
  return {
    rowNo: f[F.row_no] as number,
    sourceRow: o[at] as number | null,
    state: f[F.state] as RowState,
    input: input as ReportRow['input'],
    errorCode: f[F.error_code] as string | null,
    errorMessage: o[at + 1] as string | null,
    localFailure: o[at + 2] === 1,
    duplicateOf: o[at + 3] as number | null,
    charged: f[F.charged] === 1,
    costPoints: f[F.cost_points] as number,
    resentUncertain: o[at + 4] === 1,
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
            rawJson,
          },
  }
}
