import type { Store, JobRecord } from '../../store'
import type { ReportRow } from '../../store/report-rows'
import type { ReportLabels } from '../../reports/labels'
import type { OutcomeTone, SheetWriter } from '../../reports/report-output'
import type { ResultColumn, ResultsSheetSpec } from '../../reports/results-sheet'
import type { ReportContext } from '../kind'
import { rowVerdict, type Verdict } from '../../verdict'
import { rowReview, type RowReview } from '../../review/review-rules'
import { finalDecisionCells } from '../../reports/final-decision'
import { slowedBy429, trailColumns } from '../../reports/row-trail'
import type { ReportZone } from '../../reports/time-zone'
import { reviewBandText } from '../../reports/summary-sheet'
import { thumbnail, THUMBNAIL_PX } from './thumbnails'
import { checkedPhotoPath } from '../../images/checked-photo'
import { errorReason } from '../../reports/error-reason'
import { parseReusedKey } from '../../store/reuse-repo'
import { toneMap } from '../../reports/outcome-tones'

export const FACE_TONES: Partial<Record<Verdict, OutcomeTone>> = {
  match: 'good',
  'no-match': 'bad',
  review: 'review',
  failed: 'failed',
  uncertain: 'muted',
  pending: 'muted',
}

/** Keterangan: the reason in the report's language (original words: errors sheet), the duplicate note, the re-send warning. */
export function faceNote(row: ReportRow, L: ReportLabels): string {
  const parts: string[] = []
  const reused = parseReusedKey(row.result?.recordKey)
  if (reused) parts.push(L.notes.reused(reused.jobId, reused.rowNo))
  else if (row.errorCode === 'duplicate' && row.duplicateOf !== null && row.state === 'done') parts.push(L.notes.duplicate(row.duplicateOf))
  else if (row.errorMessage) parts.push(errorReason(row, L).reason)
  if (row.resentUncertain) parts.push(L.notes.resentUncertain)
  return parts.join('; ')
}

/** What a result column's value is computed from. */
interface FaceRowContext {
  row: ReportRow
  outcome: Verdict
  L: ReportLabels
  threshold: string
  zone: ReportZone
  /** the row's review after its log entries (null: none) */
  review: RowReview | null
  /** its final-decision cells, made once for the three columns that show them */
  final?: [string, string, Date | null]
}

/** A result column: its header, how it is shown, and its value. Adding a column is one entry here. */
type FaceColumn = ResultColumn<FaceRowContext>

function faceResultColumns(L: ReportLabels, zone: ReportZone): FaceColumn[] {
  const F = L.face
  const R = L.review
  const final = (c: FaceRowContext) => (c.final ??= finalDecisionCells(c.outcome, c.review, c.L, c.zone))
  const [timeCol, attemptsCol, slowedCol] = trailColumns(L, F.time, zone)
  return [
    { header: F.result, kind: 'outcome', width: 17, value: (c) => c.L.outcomes[c.outcome] },
    { header: F.score, kind: 'score', width: 9, value: (c) => c.row.result?.confidence ?? null },
    { header: F.threshold, kind: 'text', width: 12, value: (c) => c.threshold },
    { header: F.note, kind: 'text', width: 50, value: (c) => faceNote(c.row, c.L) },
    { header: F.charged, kind: 'text', width: 9, value: (c) => (c.row.charged ? c.L.yes : c.L.no) },
    { header: F.cost, kind: 'money', width: 11, value: (c) => c.row.costPoints },
    { ...timeCol, value: (c) => (c.row.finishedAt ? c.zone.wall(c.row.finishedAt) : null) },
    { ...attemptsCol, value: (c) => c.row.attempts },
    { ...slowedCol, value: (c) => slowedBy429(c.row, c.L) },
    { header: R.finalDecision, kind: 'outcome', width: 17, value: (c) => final(c)[0] },
    { header: R.decidedBy, kind: 'text', width: 18, value: (c) => final(c)[1] },
    { header: `${R.decidedAt} (${zone.label})`, kind: 'date', value: (c) => final(c)[2] },
    { header: F.rowId, kind: 'integer', width: 9, value: (c) => c.row.rowNo },
  ]
}

/**
 * Sheet 2 of a face-match report: the input's own columns, then the result columns of
 * `faceResultColumns`, and with `thumbnails` two small photos per row.
 */
export function faceResults(store: Store, job: JobRecord, L: ReportLabels, ctx: ReportContext): ResultsSheetSpec<FaceRowContext> {
  const F = L.face
  const zone = ctx.zone
  const band = job.settings.reviewBand ?? null
  const reviews = store.review.byRow(job.id, { asOf: ctx.asOf })
  const threshold = reviewBandText(band, L.lang)
  const thumbs = ctx.thumbnails === true
  return {
    tones: FACE_TONES,
    columns: faceResultColumns(L, zone),
    trailing: thumbs
      ? [
          { header: F.photo1, kind: 'text', width: 11 },
          { header: F.photo2, kind: 'text', width: 11 },
        ]
      : [],
    rowHeight: thumbs ? THUMBNAIL_PX * 0.75 + 6 : undefined,
    rowContext(row) {
      const entries = reviews.get(row.rowNo)
      const c: FaceRowContext = { row, outcome: rowVerdict(row.state, row.result, band), L, threshold, zone, review: entries ? rowReview(entries) : null }
      ctx.reviewCount?.add(c.outcome, c.review)
      return c
    },
    afterRow: thumbs ? (c, sheet, rowNumber, photoCol0) => addThumbnails(store, job, c.row.rowNo, sheet, rowNumber, photoCol0) : undefined,
  }
}

/** The row's two photos, as pre-flight checked them (rows that passed it), in the sheet's last two columns. */
async function addThumbnails(store: Store, job: JobRecord, rowNo: number, sheet: SheetWriter, rowNumber: number, photoCol0: number): Promise<void> {
  if (!sheet.addPicture) return
  // the path pre-flight checked, for rows that passed it; never the cell's text again
  const stored = store.rows.get(job.id, rowNo)
  for (const [i, field] of (['image1', 'image2'] as const).entries()) {
    const file = stored ? checkedPhotoPath(stored, field) : null
    const t = file ? await thumbnail(file) : null
    if (t) sheet.addPicture(t.data, 'jpeg', photoCol0 + i, rowNumber, { width: t.width, height: t.height })
  }
}
