/**
 * Row lifecycle (design.md "Jobs"): pending -> in-flight -> done | failed | uncertain.
 * A row found in-flight after a crash becomes uncertain: for free endpoints it is simply
 * re-sent; for paid ones the user decides, because re-sending may charge twice.
 */
import { ROW_STATES, type RowState } from '../../contract/job-names'
export { ROW_STATES, type RowState } from '../../contract/job-names'

const ALLOWED: Record<RowState, readonly RowState[]> = {
  pending: ['in-flight', 'failed', 'done'], // failed/done directly: pre-flight failure, cache hit
  'in-flight': ['done', 'failed', 'uncertain', 'pending'], // pending: retryable error, back in line
  done: [],
  failed: ['pending'], // retry-failed
  uncertain: ['pending', 'failed'], // user allows re-send, or gives up on it
}

export function canTransitionRow(from: RowState, to: RowState): boolean {
  return ALLOWED[from].includes(to)
}

/** The states a row may come from to reach `to`: the store's guarded UPDATEs are built from this. */
export function sourcesOf(to: RowState): RowState[] {
  return ROW_STATES.filter((from) => ALLOWED[from].includes(to))
}
