import type { ReviewEntry, ReviewEntryKind, Store } from '../store'
import { REVIEW_DECISIONS } from '../store/review-repo'
import { cleanNote, cleanReviewerName } from './review-rules'
import { ReviewError, type ReviewableJob } from './review-queue'
import { serviceVerdict } from './service-verdict'

export interface DecisionInput {
  rowNo: number
  decision: ReviewEntryKind
  reviewer: string
  note?: string | null
  now: number
}

/**
 * Appends one decision to a job's review log, with the service's verdict for the row at this
 * moment. Rows still pending or in flight have nothing to judge yet.
 */
export function recordDecision(store: Store, job: ReviewableJob, input: DecisionInput): ReviewEntry {
  if (![...REVIEW_DECISIONS, 'flag'].includes(input.decision)) {
    throw new ReviewError(`decision "${input.decision}" is not one of approve, reject, retake, skip, flag`)
  }
  const row = store.rows.get(job.id, input.rowNo)
  if (!row) throw new ReviewError(`job ${job.id} has no row ${input.rowNo} (the report's "ID Baris" / "Row ID" column)`)
  if (row.state === 'pending' || row.state === 'in-flight') {
    throw new ReviewError(`row ${input.rowNo} of job ${job.id} has not been checked yet (${row.state}); review it once the job has run`)
  }
  let reviewer: string
  let note: string | null
  try {
    reviewer = cleanReviewerName(input.reviewer)
    note = cleanNote(input.note)
  } catch (err) {
    throw new ReviewError((err as Error).message)
  }
  const result = store.review.resultOf(job.id, input.rowNo)
  return store.review.append({
    jobId: job.id,
    rowNo: input.rowNo,
    decision: input.decision,
    reviewer,
    note,
    at: input.now,
    serviceVerdict: serviceVerdict(row.state, result, job.settings.reviewBand),
    serviceConfidence: result?.confidence ?? null,
    rowState: row.state,
  })
}
