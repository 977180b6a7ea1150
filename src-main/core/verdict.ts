import type { Verdict } from '../contract/verdicts'
import { ROW_STATES, type RowState } from './model/row-state'
import { OUTCOMES, type Outcome, type OutcomeGroup } from './store/row-queries'

export type { Verdict } from '../contract/verdicts'

/** A score inside the user's review band [low, high] (inclusive) asks for a human look. */
export function inReviewBand(confidence: number | null | undefined, band: [number, number] | null | undefined): boolean {
  if (!band || confidence === null || confidence === undefined) return false
  return confidence >= band[0] && confidence <= band[1]
}

/**
 * The one rule for a row's verdict, used by the row view (the app), the reports (results sheet,
 * summary counts, annotated copy), the review queue and the CLI. Unfinished rows (pending / in
 * flight) are 'pending'; rows a crash left unknown are 'uncertain'; a match or no-match whose score
 * is inside the review band is 'review'.
 */
export function verdictOf(state: RowState, outcome: Outcome | null | undefined, inBand: boolean): Verdict {
  if (state === 'pending' || state === 'in-flight') return 'pending'
  if (state === 'uncertain') return 'uncertain'
  if (state === 'failed') return outcome === 'not-found' ? 'not-found' : 'failed'
  if (!outcome) return 'failed'
  if ((outcome === 'match' || outcome === 'no-match') && inBand) return 'review'
  return outcome
}

/** `verdictOf` from a stored result and the job's review band. */
export function rowVerdict(
  state: RowState,
  result: { outcome: Outcome | string | null; confidence?: number | null } | null,
  band: [number, number] | null | undefined,
): Verdict {
  return verdictOf(state, (result?.outcome ?? null) as Outcome | null, inReviewBand(result?.confidence, band))
}

const EVERY_GROUP: readonly OutcomeGroup[] = ROW_STATES.flatMap((state) =>
  [...OUTCOMES, null].flatMap((outcome) => [false, true].map((inBand) => ({ state, outcome, inBand }))),
)

/**
 * The rows a verdict filter selects, as the (state, outcome, in band) groups this rule gives that
 * verdict: the filter asks `verdictOf` itself rather than a copy of it, so the app's filter, its
 * rows and the report's labels cannot disagree.
 */
export function verdictGroups(verdict: Verdict): OutcomeGroup[] {
  return EVERY_GROUP.filter((g) => verdictOf(g.state, g.outcome, g.inBand) === verdict)
}
