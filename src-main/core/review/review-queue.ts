import type { JobRecord, ReviewEntry, Store } from '../store'
import type { RowState } from '../model/row-state'
import { needsReview, rowReview, type RowReview } from './review-rules'
import { serviceVerdict, type ServiceVerdict } from './service-verdict'
import { TextError } from '../texts/core-text'

export class ReviewError extends TextError {}

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

/** Where a row stands in the review queue: not in it, waiting for a person, or reviewed (a decision stands). */
export function queueStanding(verdict: ServiceVerdict, review: RowReview): 'open' | 'reviewed' | null {
  if (!needsReview(verdict, review.flagged)) return null
  return review.open ? 'open' : 'reviewed'
}

const NO_REVIEW: RowReview = rowReview([])

/**
 * The queue's "n of m" counted during a pass over every row of the job (a report's results
 * sheet, which has each row's verdict and review at hand), by the rule `reviewQueue` uses: the
 * report then does not read the rows again for it. A row outside `candidates` (unfinished or
 * failed, never flagged) has a verdict that needs no person, so counting every row is the same.
 */
export class ReviewCount {
  reviewed = 0
  total = 0
  /** rows counted: the caller checks it saw the whole job */
  rows = 0

  add(verdict: ServiceVerdict, review: RowReview | null): void {
    this.rows++
    const standing = queueStanding(verdict, review ?? NO_REVIEW)
    if (standing) this.total++
    if (standing === 'reviewed') this.reviewed++
  }
}

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
    const standing = queueStanding(verdict, review)
    if (!standing) continue
    if (standing === 'reviewed') reviewed++
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
