import { finalDecision, type RowReview } from '../review/review-rules'
import type { Verdict } from '../verdict'
import type { ReportLabels } from './labels'
import type { ReportZone } from './time-zone'

/** The final-decision cells of a result row: the label, who decided (the service or a person), and when. */
export function finalDecisionCells(
  verdict: Verdict,
  review: RowReview | null,
  L: ReportLabels,
  zone: ReportZone,
): [string, string, Date | null] {
  const f = finalDecision(verdict, review)
  if (f.by === 'service') return [L.outcomes[verdict], L.review.service, null]
  return [L.review.decisions[f.decision] ?? f.decision, f.reviewer, zone.wall(f.at)]
}
