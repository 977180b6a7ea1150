import type { ReportRow } from '../store/report-rows'
import type { ReportLabels } from './labels'
import type { ColumnKind } from './column-cells'
import { errorReason } from './error-reason'
import { verdictOf } from '../verdict'

/** One column the annotated copy appends to the user's sheet: its head, its cell kind and width, and its value per row. */
export interface AnnotatedColumn {
  header: string
  kind: ColumnKind
  width: number
  value(row: ReportRow): unknown
}

/** What every kind's annotated copy ends with: charged, cost, time. */
export function chargeColumns(L: ReportLabels): AnnotatedColumn[] {
  return [
    { header: L.face.charged, kind: 'text', width: 9, value: (row) => (row.charged ? L.yes : L.no) },
    { header: L.face.cost, kind: 'money', width: 11, value: (row) => row.costPoints },
    { header: L.face.time, kind: 'date', width: 20, value: (row) => row.finishedAt },
  ]
}

/** The annotated copy of a kind without a score (JobKindModule.annotatedColumns' default): verdict, reason, charge columns. */
export function plainAnnotatedColumns(L: ReportLabels): AnnotatedColumn[] {
  return [
    { header: L.lookup.result, kind: 'outcome', width: 17, value: (row) => L.outcomes[verdictOf(row.state, row.result?.outcome, false)] },
    { header: L.lookup.note, kind: 'text', width: 40, value: (row) => errorReason(row, L).reason },
    ...chargeColumns(L),
  ]
}
