/** What a job runner is given, and why it stopped. */
import type { ServiceClient } from '../provider'
import type { Store } from '../store'
import type { Clock, Logger } from '../context'
import type { BlockedReason } from '../model/job-state'
import type { Coordination } from '../coordination/port'

/** a pause's `detail`: why, as stored text (a watcher that lost its claim), else the user paused */
export type StopReason = { kind: 'pause'; detail?: string } | { kind: 'cancel' } | { kind: 'block'; reason: BlockedReason; message: string }

export interface RunnerDeps {
  store: Store
  client: ServiceClient
  /** rate, money, hits and pair reuse of the account (this desk's, or the team's) */
  coordination: Coordination
  clock: Clock
  logger: Logger
  /** cache and ledger source label ('sandbox' or the service host) */
  source: string
  /** the service account (host + key hash) whose hits this job spends */
  account: string
  random?: () => number
  /** told after every row that changed, so progress can be throttled by the caller */
  onRowSettled: () => void
  /** the shared store stopped answering (true: the job shows blocked, "team store unreachable") or answers again */
  onCoordinationWait?: (waiting: boolean, message: string) => void
  /**
   * Asked right before each request goes out (after every wait): a reason (stored text) to pause
   * instead, the request not sent. A watcher whose claim lapsed while its process was stalled.
   */
  holdBack?: () => string | null
}
