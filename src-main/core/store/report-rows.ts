import { RowQueries, type Store, type JobFingerprint, type JobRow, type RowResult } from './index'
import type { RowState } from '../model/row-state'

/** What a report needs of a row and its result. */
export type ReportRow = Pick<
  JobRow,
  | 'rowNo'
  | 'sourceRow'
  | 'state'
  | 'input'
  | 'errorCode'
  | 'errorMessage'
  | 'errorColumn'
  | 'localFailure'
  | 'duplicateOf'
  | 'charged'
  | 'costPoints'
  | 'resentUncertain'
  | 'finishedAt'
  | 'attempts'
> & {
  result: (RowResult & { at: number }) | null
  /** times the service answered 429 for this row */
  rateLimited: number
}

/**
 * Every row of a job with its result, in input order, for writing a report. The same rows
 * `RowsRepo.iterate` yields, read leaner (the store's reportRowsRaw): only the columns a report
 * shows, as arrays, and the result's raw JSON only when asked (face reports never show it).
 * `fingerprint` is fed every row read, so the export need not read the rows a second time for it.
 */
export function* iterateReportRows(
  store: Pick<Store, 'db'>,
  jobId: string,
  opts: { withRaw?: boolean; fingerprint?: JobFingerprint } = {},
): Generator<ReportRow> {
  const raw = new RowQueries(store.db).reportRowsRaw(jobId, opts.withRaw ?? false)
  const fingerprint = opts.fingerprint
  for (const c of raw) {
    fingerprint?.reportRow(c)
    yield {
      rowNo: c[0] as number,
      sourceRow: c[1] as number | null,
      state: c[2] as RowState,
      input: JSON.parse(c[3] as string),
      errorCode: c[4] as string | null,
      errorMessage: c[5] as string | null,
      errorColumn: c[6] as string | null,
      localFailure: c[7] === 1,
      duplicateOf: c[8] as number | null,
      charged: c[9] === 1,
      costPoints: c[10] as number,
      resentUncertain: c[11] === 1,
      finishedAt: c[12] as number | null,
      attempts: c[20] as number,
      rateLimited: c[21] as number,
      result:
        c[13] === null
          ? null
          : {
              outcome: c[13] as RowResult['outcome'],
              match: c[14] === null ? null : c[14] === 1,
              confidence: c[15] as number | null,
              recordKey: c[16] as string | null,
              recordCount: c[17] as number | null,
              fromCache: c[18] === 1,
              raw: opts.withRaw && c[22] ? JSON.parse(c[22] as string) : null,
              at: c[19] as number,
            },
    }
  }
}
