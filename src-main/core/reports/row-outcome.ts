import type { Outcome } from '../store'
import type { RowState } from '../model/row-state'

/** What a report says about one row: the service's outcome, refined by the row's state. */
export type ReportOutcome = Outcome | 'review' | 'pending' | 'uncertain'

/** A score inside the user's review band [low, high] (inclusive) asks for a human look. */
export function inReviewBand(confidence: number | null | undefined, band: [number, number] | null | undefined): boolean {
  if (!band || confidence === null || confidence === undefined) return false
  return confidence >= band[0] && confidence <= band[1]
}

/**
 * The one rule for labelling a row, used for the results sheet and the summary's counts alike.
 * Unfinished rows (pending / in flight) are 'pending'; rows a crash left unknown are 'uncertain'.
 */
export function reportOutcome(state: RowState, outcome: Outcome | null | undefined, inBand: boolean): ReportOutcome {
  if (state === 'pending' || state === 'in-flight') return 'pending'
  if (state === 'uncertain') return 'uncertain'
  if (state === 'failed') return outcome === 'not-found' ? 'not-found' : 'failed'
  if (!outcome) return 'failed'
  if ((outcome === 'match' || outcome === 'no-match') && inBand) return 'review'
  return outcome
}
