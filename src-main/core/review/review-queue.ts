import type { JobRecord, ReviewEntry, Store } from '../store'
import type { RowState } from '../model/row-state'
import { needsReview, rowReview, type RowReview } from './review-rules'
import { serviceVerdict, type ServiceVerdict } from './service-verdict'

export class ReviewError extends Error {}

/** One pair in the queue: enough to list it; the photos and input are fetched for the pair shown. */
export interface QueueItem {
  rowNo: number
  state: RowState
  verdict: ServiceVerdict
  confidence: number | null
  flagged: boolean
  open: boolean
  skipped: boolean
  /** the decision that stands, if any */
  final: ReviewEntry | null
}

export interface ReviewQueue {
  jobId: string
  items: QueueItem[]
  /** rows in the queue that have a standing decision (n of m) */
  reviewed: number
  total: number
}

declare const reviewable: unique symbol
/**
 * A job whose kind has pairs to review. Only core/kinds/reviewable-job.ts makes one (it asks the
 * kind registry), so a decision is never recorded on a job of another kind.
 */
export type ReviewableJob = JobRecord & { readonly [reviewable]: true }

/**
 * The rows that need a person, in input order: inside the review band, NO MATCH, uncertain,
 * or flagged by someone, each with its review so far. Rows settled earlier stay in the queue
 * (they count towards "n of m") with `open: false`.
 */
export function reviewQueue(store: Store, job: JobRecord, opts: { asOf?: number } = {}): ReviewQueue {
  const band = job.settings.reviewBand
  const log = store.review.byRow(job.id, opts)
  const items: QueueItem[] = []
  let reviewed = 0
  for (const c of store.review.candidates(job.id)) {
    const verdict = serviceVerdict(c.state as RowState, c, band)
    const review: RowReview = rowReview(log.get(c.rowNo) ?? [])
    if (!needsReview(verdict, review.flagged)) continue
    if (!review.open) reviewed++
    items.push({
      rowNo: c.rowNo,
      state: c.state as RowState,
      verdict,
      confidence: c.confidence,
      flagged: review.flagged,
      open: review.open,
      skipped: review.skipped,
      final: review.final,
    })
  }
  return { jobId: job.id, items, reviewed, total: items.length }
}
