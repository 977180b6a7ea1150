/**
 * The errors sheet's rows (`iterateErrorRows`): a job's failed and uncertain rows in row order,
 * read from the index of states (two ordered scans SQLite merges) when few rows fail, by a scan of
 * every row when many do. Either way the same rows as a plain query, across pages of 2,000.
 * Real SQLite file.
 */
import { describe, expect, it } from 'vitest'
import type { Store } from '../../src-main/core/store'
import { iterateErrorRows, type ErrorRow } from '../../src-main/core/store/error-rows'
import { useTempStore } from '../helpers/temp-store'
import { leakySettings, T0 } from './reports-fixtures'

let store: Store
useTempStore((s) => (store = s))

/** A lookup job of `n` rows: those `failing` names failed (odd ones) or left uncertain (even ones), the rest done. */
function job(n: number, failing: (rowNo: number) => boolean): string {
  const j = store.jobs.create({ kind: 'hospital-lookup', inputName: 'rs.xlsx', headers: ['Kode RS'], settings: leakySettings() }, T0)
  store.rows.insertMany(j.id, Array.from({ length: n }, (_, i) => ({ rowNo: i + 1, sourceRow: i + 2, input: { 'Kode RS': `k${i + 1}` } })), T0)
  // set in SQL, not row by row through the transitions: a job of 25,000 rows in well under a second
  const set = store.db.prepare('UPDATE job_rows SET state = ?, error_code = ?, error_message = ?, error_column = ?, charged = ? WHERE job_id = ? AND row_no = ?')
  store.db.transaction(() => {
    for (let i = 1; i <= n; i++) {
      if (!failing(i)) set.run('done', null, null, null, 1, j.id, i)
      else if (i % 2 === 1) set.run('failed', 'E', `no ${i}`, 'Kode RS', 0, j.id, i)
      else set.run('uncertain', 'TIMEOUT', `late ${i}`, null, 1, j.id, i)
    }
  })()
  return j.id
}

/** The job's error rows, and whether they were read from the index of states. */
function read(jobId: string): { rows: ErrorRow[]; byState: boolean } {
  const prepare = store.db.prepare.bind(store.db)
  let byState = false
  store.db.prepare = ((sql: string) => ((byState ||= /INDEXED BY job_rows_state/.test(sql)), prepare(sql))) as typeof store.db.prepare
  try {
    return { rows: [...iterateErrorRows(store, jobId)], byState }
  } finally {
    store.db.prepare = prepare as typeof store.db.prepare
  }
}

/** The same rows by a plain query of every row. */
function expected(jobId: string): ErrorRow[] {
  const rows = store.db
    .prepare('SELECT * FROM job_rows WHERE job_id = ? ORDER BY row_no')
    .all(jobId) as Array<Record<string, unknown>>
  return rows
    .filter((r) => r.state === 'failed' || r.state === 'uncertain')
    .map((r) => ({
      rowNo: r.row_no as number,
      sourceRow: r.source_row as number,
      state: r.state as ErrorRow['state'],
      input: r.error_column === null ? {} : JSON.parse(r.input_json as string),
      errorCode: r.error_code as string,
      errorMessage: r.error_message as string,
      errorColumn: r.error_column as string | null,
      localFailure: r.local_failure === 1,
      charged: r.charged === 1,
    }))
}

describe('the errors sheet’s rows', () => {
  it('are the failed and uncertain rows in row order when few fail (the index of states), across pages', () => {
    // every 11th row failing, failed and uncertain interleaved; the second job has more than a page (2,000) of them
    const few = job(5000, (i) => i % 11 === 0)
    const { rows, byState } = read(few)
    expect(byState).toBe(true)
    expect(rows.length).toBe(454)
    expect(new Set(rows.map((r) => r.state))).toEqual(new Set(['failed', 'uncertain']))
    expect(rows).toEqual(expected(few))
    const pages = job(25_000, (i) => i % 11 === 0)
    const paged = read(pages)
    expect(paged.byState).toBe(true)
    expect(paged.rows.length).toBeGreaterThan(2000)
    expect(paged.rows).toEqual(expected(pages))
  })

  it('are the same when many fail (a scan of every row)', () => {
    const many = job(4500, (i) => i % 3 !== 0)
    const { rows, byState } = read(many)
    expect(byState).toBe(false)
    expect(rows.length).toBe(3000)
    expect(rows).toEqual(expected(many))
  })
})
