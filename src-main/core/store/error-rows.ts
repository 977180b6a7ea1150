import type { Store, JobRow } from './index'

/** What the errors sheet shows of a failed or uncertain row. */
export type ErrorRow = Pick<JobRow, 'rowNo' | 'sourceRow' | 'state' | 'input' | 'errorCode' | 'errorMessage' | 'errorColumn' | 'localFailure' | 'charged'>

const PAGE = 2000

/**
 * The job's failed and uncertain rows in row order, read a page at a time (by key: at 700,000
 * failed rows OFFSET paging rescanned every earlier row per page) and lean: only the columns
 * the errors sheet shows, as arrays. Reading them as `RowsRepo.page` does (every column of the
 * row and its result as a named object) cost ~6 µs a row in better-sqlite3's object making
 * alone, 50-90 ms of a 100,000-row report's errors sheet.
 */
export function* iterateErrorRows(store: Pick<Store, 'db'>, jobId: string): Generator<ErrorRow> {
  const stmt = store.db
    .prepare<unknown[], unknown[]>(
      `SELECT row_no, source_row, state, input_json, error_code, error_message, error_column, local_failure, charged
       FROM job_rows WHERE job_id = ? AND state IN ('failed', 'uncertain') AND row_no > ? ORDER BY row_no LIMIT ?`,
    )
    .raw(true)
  for (let after = 0; ; ) {
    const page = stmt.all(jobId, after, PAGE)
    for (const c of page) {
      yield {
        rowNo: c[0] as number,
        sourceRow: c[1] as number | null,
        state: c[2] as JobRow['state'],
        // the sheet shows a value of the input only at the row's error column
        input: c[6] === null ? {} : JSON.parse(c[3] as string),
        errorCode: c[4] as string | null,
        errorMessage: c[5] as string | null,
        errorColumn: c[6] as string | null,
        localFailure: c[7] === 1,
        charged: c[8] === 1,
      }
    }
    if (page.length < PAGE) return
    after = page[page.length - 1][0] as number
  }
}
