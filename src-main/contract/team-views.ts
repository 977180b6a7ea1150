/**
 * The Team screen's side of the IPC contract (ipc.ts): the team store's status, claimed pairs, decisions.
 */
import type { ReviewDecisionView } from './review-views'

/** The Team screen: what `rekap team status --json` says (null fields: not known). */
export interface TeamStatusView {
  team: string
  desk: string
  role: string
  desks: Array<{ name: string; host: string; lastSeen: string; lastRole: string }>
  operators: Array<{ role: string; desks: string[]; lastSeen: string }>
  runningJobs: Array<{ desk: string; jobId: string; kind: string; state: string; total: number; counts: Record<string, number>; operator: string; updatedAt: string }>
  month: string
  /** charges on the team ledger this month (all desks) */
  spentRp: number
  charges: number
  reuses: number
  /** hits per product this month, from the coordination tables; null: not known */
  hits: Record<string, number> | null
  /** the month's team budget and what is left of it (charges and live reservations taken off); null: no budget set */
  budgetRp: number | null
  budgetLeftRp: number | null
  /** the last stated balance; null: none stated */
  balanceRp: number | null
  /** per product: the plan rate (rps) of limiters drawn on in the last minute */
  rateInUse: Record<string, number> | null
  makerChecker: boolean
}

/** A pair of the team review queue, claimed by this reviewer (the app's Team screen, like `rekap review --team`). */
export interface TeamReviewItemView {
  id: number
  desk: string
  jobId: string
  rowNo: number
  /** the service's verdict as stored in the queue ('no-match', …) and its score */
  verdict: string
  confidence: number | null
  nik: string | null
  name: string | null
  sourceRow: number | null
  /** both photos, shrunk as the report's thumbnails are, as data: URLs */
  photoA: string | null
  photoB: string | null
  /** the role that ran the job */
  operator: string
  claimedUntil: string | null
}

/** A decision the team store recorded: the decider is the database role, not a typed name. */
export interface TeamDecisionView {
  itemId: number
  decision: ReviewDecisionView
  decider: string
  desk: string
  jobId: string
  rowNo: number
}
