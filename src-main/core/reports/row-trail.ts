import type { ColumnSpec } from './column-cells'
import type { ReportLabels } from './labels'
import type { ReportRow } from '../store/report-rows'
import type { ReportZone } from './time-zone'
import type { ResultColumn } from './results-sheet'

/**
 * The columns every results sheet ends with, whatever the job kind: when the row was finished
 * (in the report's zone, named in the header), how many requests it took and whether the
 * service slowed it with 429s — so an auditor can see retries.
 */
export function trailColumns(L: ReportLabels, timeHeader: string, zone: ReportZone): ColumnSpec[] {
  return [
    { header: `${timeHeader} (${zone.label})`, kind: 'date' },
    { header: L.review.attempts, kind: 'integer', width: 10 },
    { header: L.review.rateLimited, kind: 'text', width: 14 },
  ]
}

export function slowedBy429(row: Pick<ReportRow, 'rateLimited'>, L: ReportLabels): string {
  return row.rateLimited > 0 ? L.yes : L.no
}

/** The trail columns with their values, for a results sheet whose row context carries the row. */
export function trailResultColumns<C extends { row: ReportRow }>(L: ReportLabels, timeHeader: string, zone: ReportZone): ResultColumn<C>[] {
  const [time, attempts, slowed] = trailColumns(L, timeHeader, zone)
  return [
    { ...time, value: (c) => (c.row.finishedAt ? zone.wall(c.row.finishedAt) : null) },
    { ...attempts, value: (c) => c.row.attempts },
    { ...slowed, value: (c) => slowedBy429(c.row, L) },
  ]
}

/** The row id column results sheets end with (the row's number in the job). */
export function rowIdColumn<C extends { row: ReportRow }>(header: string): ResultColumn<C> {
  return { header, kind: 'integer', width: 9, value: (c) => c.row.rowNo }
}
