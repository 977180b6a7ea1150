/** The outcomes a row's result can have, and the groups a verdict is decided from. */
import type { RowState } from '../model/row-state'

export const OUTCOMES = ['match', 'no-match', 'found', 'not-found', 'failed', 'records'] as const
export type Outcome = (typeof OUTCOMES)[number]

/** What a row's verdict is decided from (core/verdict.ts): its state, its result's outcome, its score inside the review band. */
export interface OutcomeGroup {
  state: RowState
  outcome: Outcome | null
  inBand: boolean
}
