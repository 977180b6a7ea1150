/**
 * A report's pass over a job's rows has SQLite write each row's fingerprint values as JSON
 * (issue 27: reading 14 values and stringifying them cost ~75 ms per 100,000 rows). The store
 * fingerprint it gives must stay exactly `StoreMetaRepo.jobFingerprint`'s (stated in reports,
 * compared by `rekap verify`), whatever the store holds: every kind of text, confidences, and the
 * values SQLite's JSON cannot write as JavaScript does (a BLOB, a fraction, an integer past 2^53).
 * And the rows read must be those `RowsRepo.iterate` gives. Real SQLite file.
 */
import { describe, expect, it } from 'vitest'
import type { RowResult, Store } from '../../src-main/core/store'
import { iterateReportRows, PAGE_ROWS, type ReportRow } from '../../src-main/core/store/report-rows'
import { useTempStore } from '../helpers/temp-store'
import { buildFaceJob, leakySettings, T0 } from './reports-fixtures'
import { seedConfidence, seedReportJob } from '../../bench/report-kinds-seed'

let store: Store
useTempStore((s) => (store = s))

/** The fingerprint a report's pass gives, and the rows it read. */
function reportPass(jobId: string, withRaw = true): { fingerprint: string | null; rows: ReportRow[] } {
  const fp = store.meta.startJobFingerprint(jobId)
  const rows = [...iterateReportRows(store, jobId, { withRaw, fingerprint: fp })]
  return { fingerprint: store.meta.finishJobFingerprint(fp, rows.length, { asOf: T0 + 1e9 }), rows }
}

/** What RowsRepo.iterate gives, in a report row's shape (the 429 count read on its own: that row type has none). */
function repoRows(jobId: string, withRaw = true): ReportRow[] {
  const rawText = store.db.prepare('SELECT res.raw_json FROM job_rows r LEFT JOIN results res USING (job_id, row_no) WHERE r.job_id = ? ORDER BY r.row_no').pluck().all(jobId) as Array<string | null>
  const slowed = store.db.prepare('SELECT rate_limited FROM job_rows WHERE job_id = ? ORDER BY row_no').pluck().all(jobId) as number[]
  return [...store.rows.iterate(jobId)].map((r, i) => ({
    rowNo: r.rowNo,
    sourceRow: r.sourceRow,
    state: r.state,
    input: r.input,
    errorCode: r.errorCode,
    errorMessage: r.errorMessage,
    localFailure: r.localFailure,
    duplicateOf: r.duplicateOf,
    charged: r.charged,
    costPoints: r.costPoints,
    resentUncertain: r.resentUncertain,
    finishedAt: r.finishedAt,
    attempts: r.attempts,
    rateLimited: slowed[i],
    // a report row carries the result's raw JSON as its text, unparsed, instead of the parsed record
    result: r.result && { ...asReported(r.result), rawJson: withRaw ? rawText[i] : null },
  }))
}

/** A result without its time (no results sheet shows it) and its parsed record (a report row carries its text): what a report row keeps. */
function asReported(r: RowResult & { at: number }): Omit<RowResult, 'raw'> {
  const { at: _at, raw: _raw, ...rest } = r
  return rest
}

/** Every UTF-16 unit (lone surrogates too) and some characters outside the BMP, as error codes. */
function awkwardTexts(): string[] {
  const texts: string[] = []
  for (let c = 0; c < 0x10000; c += 97) texts.push(`x${String.fromCharCode(c)}"\\${String.fromCharCode(c + 1)}`)
  texts.push('\u0000\u001f\u007f\u2028\u2029', '\ud83d\ude00 \ud83d', '\udc00', '', '1.0', 'null')
  return texts
}

function lookupJob(n: number): string {
  const job = store.jobs.create({ kind: 'hospital-lookup', inputName: 'rs.xlsx', headers: ['Kode RS'], settings: leakySettings() }, T0)
  store.rows.insertMany(job.id, Array.from({ length: n }, (_, i) => ({ rowNo: i + 1, sourceRow: i + 2, input: { 'Kode RS': `32730${i}` } })), T0)
  const texts = awkwardTexts()
  for (let i = 1; i <= n; i++) {
    store.rows.markInFlight(job.id, i, T0 + i)
    if (i % 3 === 0) store.rows.fail(job.id, i, { code: texts[i % texts.length], message: texts[(i * 7) % texts.length], column: 'Kode RS' }, T0 + i + 5, { product: 'hospitals', hits: 1 })
    else store.rows.complete(job.id, i, { outcome: 'found', recordKey: texts[(i * 5) % texts.length], raw: { code: `c${i}` } }, T0 + i + 5, { product: 'hospitals' })
  }
  return job.id
}

describe('the fingerprint of a report’s pass over the rows', () => {
  it('is the store’s for a face job (confidences) and for texts of every character', () => {
    const face = buildFaceJob(store)
    expect(reportPass(face, false).fingerprint).toBe(store.meta.jobFingerprint(face, { asOf: T0 + 1e9 }))
    expect(reportPass(face, false).rows).toEqual(repoRows(face, false))
    const lookup = lookupJob(awkwardTexts().length * 2)
    const pass = reportPass(lookup)
    expect(pass.fingerprint).toBe(store.meta.jobFingerprint(lookup, { asOf: T0 + 1e9 }))
    expect(pass.rows).toEqual(repoRows(lookup))
  })

  it('reads computed confidences (every digit, as the service gives them) with their page, none row by row', () => {
    const face = buildFaceJob(store)
    const setConfidence = store.db.prepare('UPDATE results SET confidence = ? WHERE job_id = ? AND row_no = ?')
    const rowNos = store.db.prepare('SELECT row_no FROM results WHERE job_id = ? ORDER BY row_no').pluck().all(face) as number[]
    expect(rowNos.length).toBeGreaterThan(3)
    // the sandbox's logistic of a face distance: 17 significant digits, as most computed numbers need
    rowNos.forEach((rowNo, i) => setConfidence.run(1 / (1 + Math.exp(12 * (0.3 + i / 37 - 0.6))), face, rowNo))
    const { rows, statements, fp } = readCountingStatements(face)
    expect(statements, 'statements reading rows: one for their pages, none for a row on its own').toBe(1)
    expect(store.meta.finishJobFingerprint(fp, rows.length, { asOf: T0 + 1e9 })).toBe(store.meta.jobFingerprint(face, { asOf: T0 + 1e9 }))
    expect(rows).toEqual(repoRows(face, false))
  })

  it('reads the bench seed’s face job (its confidences computed, as real ones) with its pages, none row by row, every confidence exact', () => {
    // the seed bench/report-kinds.ts and report-kinds-unchanged export: a three-decimal seed hid a
    // row text that sent ~92% of real confidences to a read of their own (15 digits, not 17)
    const face = seedReportJob(store, 'face-match', PAGE_ROWS + 200)
    const { rows, statements, fp } = readCountingStatements(face)
    expect(statements, 'statements reading rows: one for their pages, none for a row on its own').toBe(1)
    const scored = rows.filter((r) => r.result?.confidence != null)
    expect(scored.length).toBeGreaterThan(PAGE_ROWS)
    expect(scored.map((r) => r.result!.confidence)).toEqual(scored.map((r) => seedConfidence(r.rowNo)))
    expect(store.meta.finishJobFingerprint(fp, rows.length, { asOf: T0 + 1e9 })).toBe(store.meta.jobFingerprint(face, { asOf: T0 + 1e9 }))
  })

  it('is the store’s when a row holds a fraction or an integer past 2^53 (those rows read value by value)', () => {
    const jobId = lookupJob(12)
    store.db.prepare('UPDATE job_rows SET cost_points = 1.5 WHERE job_id = ? AND row_no = 5').run(jobId)
    store.db.prepare('UPDATE job_rows SET finished_at = 9007199254740993 WHERE job_id = ? AND row_no = 7').run(jobId)
    store.db.prepare('UPDATE results SET record_count = 1e300 WHERE job_id = ? AND row_no = 8').run(jobId)
    store.db.prepare('UPDATE results SET confidence = 0.1234567890123456789 WHERE job_id = ? AND row_no = 10').run(jobId)
    const expected = store.meta.jobFingerprint(jobId, { asOf: T0 + 1e9 })
    const pass = reportPass(jobId)
    expect(pass.fingerprint).toBe(expected)
    expect(pass.rows[4].costPoints).toBe(1.5)
    expect(pass.rows[6].finishedAt).toBe(9007199254740993)
    expect(pass.rows[9].result?.confidence).toBe(0.1234567890123456789)
    expect(pass.rows).toEqual(repoRows(jobId))
    // and a change to any of them changes it
    store.db.prepare('UPDATE job_rows SET cost_points = 2.5 WHERE job_id = ? AND row_no = 5').run(jobId)
    expect(reportPass(jobId).fingerprint).not.toBe(expected)
  })

  it('is the store’s when a row holds a BLOB, which SQLite’s JSON cannot (the rows from there on read value by value)', () => {
    const jobId = lookupJob(12)
    store.db.prepare('UPDATE job_rows SET error_code = ? WHERE job_id = ? AND row_no = 4').run(Buffer.from([1, 2, 255]), jobId)
    const pass = reportPass(jobId)
    expect(pass.fingerprint).toBe(store.meta.jobFingerprint(jobId, { asOf: T0 + 1e9 }))
    expect(pass.rows.map((r) => r.rowNo)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1))
    expect(pass.rows).toEqual(repoRows(jobId))
  })

  it('reads every row once across the pages it reads them in: a job of exactly two pages, and a BLOB in the second', () => {
    const jobId = lookupJob(2 * PAGE_ROWS)
    const pass = reportPass(jobId)
    expect(pass.fingerprint).toBe(store.meta.jobFingerprint(jobId, { asOf: T0 + 1e9 }))
    expect(pass.rows).toEqual(repoRows(jobId))
    store.db.prepare('UPDATE job_rows SET error_code = ? WHERE job_id = ? AND row_no = ?').run(Buffer.from([1, 2, 255]), jobId, PAGE_ROWS + 3)
    const blob = reportPass(jobId)
    expect(blob.fingerprint).toBe(store.meta.jobFingerprint(jobId, { asOf: T0 + 1e9 }))
    expect(blob.rows).toEqual(repoRows(jobId))
  })
})

/** A job's report rows read with a fingerprint, counting the statements prepared that read job_rows. */
function readCountingStatements(jobId: string): { rows: ReportRow[]; statements: number; fp: ReturnType<Store['meta']['startJobFingerprint']> } {
  const prepare = store.db.prepare.bind(store.db)
  let statements = 0
  store.db.prepare = ((sql: string) => (/\bjob_rows\b/.test(sql) && statements++, prepare(sql))) as typeof store.db.prepare
  const fp = store.meta.startJobFingerprint(jobId)
  try {
    return { rows: [...iterateReportRows(store, jobId, { fingerprint: fp })], statements, fp }
  } finally {
    store.db.prepare = prepare as typeof store.db.prepare
  }
}
