import type { ReviewEntry, ReviewEntryKind, Store } from '../store'
import { REVIEW_DECISIONS } from '../store/review-repo'
import { cleanNote, cleanReviewerName, needsReview } from './review-rules'
import { ReviewError, type ReviewableJob } from './review-queue'
import { serviceVerdict } from './service-verdict'
import { coreText, textOfError } from '../texts/core-text'

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
    throw new ReviewError(coreText('review.badDecision', { decision: input.decision }))
  }
  const row = store.rows.get(job.id, input.rowNo)
  if (!row) throw new ReviewError(coreText('review.noRow', { job: job.id, row: input.rowNo }))
  if (row.state === 'pending' || row.state === 'in-flight') {
    throw new ReviewError(coreText('review.notChecked', { job: job.id, row: input.rowNo, state: row.state }))
  }
  let reviewer: string
  let note: string | null
  try {
    reviewer = cleanReviewerName(input.reviewer)
    note = cleanNote(input.note)
  } catch (err) {
    throw new ReviewError(textOfError(err) ?? (err as Error).message)
  }
  const result = store.review.resultOf(job.id, input.rowNo)
  const verdict = serviceVerdict(row.state, result, job.settings.reviewBand)
  // Only a flag puts a row in the queue; any other decision on a row a person need not look at
  // (a clear MATCH nobody flagged) would stand in the report unasked, so it is refused.
  if (input.decision !== 'flag') {
    const flagged = store.review.ofRow(job.id, input.rowNo).some((e) => e.decision === 'flag')
    if (!needsReview(verdict, flagged)) throw new ReviewError(coreText('review.notInQueue', { job: job.id, row: input.rowNo }))
  }
  return store.review.append({
    jobId: job.id,
    rowNo: input.rowNo,
    decision: input.decision,
    reviewer,
    note,
    at: input.now,
    serviceVerdict: verdict,
    serviceConfidence: result?.confidence ?? null,
    rowState: row.state,
  })
}
