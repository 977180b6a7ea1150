import type { ColumnSpec } from './column-cells'
import type { ReportLabels } from './labels'
import type { ReportRow } from '../store/report-rows'
import type { ReportZone } from './time-zone'

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

export function trailValues(row: ReportRow, L: ReportLabels, zone: ReportZone): unknown[] {
  return [row.finishedAt ? zone.wall(row.finishedAt) : null, row.attempts, slowedBy429(row, L)]
}

export function slowedBy429(row: Pick<ReportRow, 'rateLimited'>, L: ReportLabels): string {
  return row.rateLimited > 0 ? L.yes : L.no
}
