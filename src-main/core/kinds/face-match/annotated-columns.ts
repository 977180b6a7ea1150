import type { ReportLabels } from '../../reports/labels'
import { chargeColumns, type AnnotatedColumn } from '../../reports/annotated-columns'
import { inReviewBand, verdictOf } from '../../verdict'
import { faceNote } from './report'

/** The face-match columns of the annotated copy: verdict (the review band applied), score, note, charge columns. */
export function faceAnnotatedColumns(L: ReportLabels, band: [number, number] | null): AnnotatedColumn[] {
  return [
    {
      header: L.face.result,
      kind: 'outcome',
      width: 17,
      value: (row) => L.outcomes[verdictOf(row.state, row.result?.outcome, inReviewBand(row.result?.confidence, band))],
    },
    { header: L.face.score, kind: 'score', width: 9, value: (row) => row.result?.confidence ?? null },
    { header: L.face.note, kind: 'text', width: 40, value: (row) => faceNote(row, L) },
    ...chargeColumns(L),
  ]
}
