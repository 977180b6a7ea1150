import type { Outcome } from '../store'
import type { RowState } from '../model/row-state'
import { inReviewBand, reportOutcome, type ReportOutcome } from '../reports/row-outcome'

export type ServiceVerdict = ReportOutcome

/**
 * The service's verdict on a row as the review queue, the CLI and the reports see it. A thin
 * door to the one verdict rule (row state + result + review band), so review code never
 * re-derives a label itself.
 */
export function serviceVerdict(
  state: RowState,
  result: { outcome: Outcome | string | null; confidence?: number | null } | null,
  band: [number, number] | null | undefined,
): ServiceVerdict {
  return reportOutcome(state, (result?.outcome ?? null) as Outcome | null, inReviewBand(result?.confidence, band))
}
