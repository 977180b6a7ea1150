/**
 * The rules of human review, as pure functions: which rows need a person, what a row's
 * decision is after everything in the log, and what the report states as final.
 */
import type { ReviewDecision, ReviewEntry, ReviewEntryKind } from '../store/review-repo'
import type { ServiceVerdict } from './service-verdict'
import { coreText, TextError } from '../texts/core-text'

/** Decisions that settle a row (skip leaves it open; flag re-opens it). */
export const SETTLING: ReadonlySet<string> = new Set<ReviewDecision>(['approve', 'reject', 'retake'])

/** Verdicts a person must look at: the review band, a NO MATCH, and rows whose fate is unknown. */
const DOUBTFUL: ReadonlySet<ServiceVerdict> = new Set<ServiceVerdict>(['review', 'no-match', 'uncertain'])

export function needsReview(verdict: ServiceVerdict, flagged: boolean): boolean {
  return flagged || DOUBTFUL.has(verdict)
}

export interface RowReview {
  /**
   * The decision that stands: the row's latest decision, a flag included (a flag after an
   * approval re-opens the row and is what every list, report and screen shows). A skip is
   * not a decision (it passes the row on) and leaves the one before it standing. Earlier
   * entries stay in the log.
   */
  final: ReviewEntry | null
  /** the latest entry of any kind */
  latest: ReviewEntry | null
  flagged: boolean
  /** still waiting for a decision: never settled, or flagged again after it was */
  open: boolean
  skipped: boolean
}

/**
 * A row's review after its entries (in log order): the one rule of "which decision stands"
 * (the latest), used by the queue, `review --list`, the reports (xlsx and CSV) and the app.
 */
export function rowReview(entries: readonly ReviewEntry[]): RowReview {
  let final: ReviewEntry | null = null
  let flagged = false
  for (const e of entries) {
    if (e.decision === 'skip') continue
    final = e
    if (e.decision === 'flag') flagged = true
  }
  const latest = entries.length ? entries[entries.length - 1] : null
  // waiting for a person: never settled, or flagged (again) since
  const open = final === null || !SETTLING.has(final.decision)
  return { final, latest, flagged, open, skipped: open && latest?.decision === 'skip' }
}

/** What the report's final-decision column says: the reviewer's decision where there is one, else the service's verdict. */
export type FinalDecision =
  | { by: 'service'; verdict: ServiceVerdict }
  | { by: 'reviewer'; decision: ReviewEntryKind; reviewer: string; at: number; note: string | null }

export function finalDecision(verdict: ServiceVerdict, review: RowReview | null): FinalDecision {
  const f = review?.final
  if (!f) return { by: 'service', verdict }
  return { by: 'reviewer', decision: f.decision, reviewer: f.reviewer, at: f.at, note: f.note }
}

/** A reviewer's name: what a person would sign with. Returns the cleaned name or throws with the reason. */
export function cleanReviewerName(raw: string): string {
  const name = raw.replace(/\s+/g, ' ').trim()
  if (!name) throw new TextError(coreText('review.noReviewer', {}))
  if (name.length > 100) throw new TextError(coreText('review.reviewerTooLong', { length: name.length }))
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) throw new TextError(coreText('review.reviewerControl', {}))
  return name
}

export function cleanNote(raw: string | null | undefined): string | null {
  const note = (raw ?? '').trim()
  if (!note) return null
  if (note.length > 2000) throw new TextError(coreText('review.noteTooLong', { length: note.length }))
  return note
}
