/**
 * Job lifecycle (design.md "Jobs"). Pure rules only; the store applies them inside
 * the same transaction that records the transition, so what the UI shows is always
 * what is on disk.
 *
 *   draft -> ready -> running <-> paused
 *   running -> blocked(reason) -> running (resume) | paused
 *   running -> done ; done -> running (retry-failed, resend-uncertain)
 *   any non-final -> cancelled
 */
import type { JobState } from '../../contract/job-names'
export { JOB_STATES, BLOCKED_REASONS, type JobState, type BlockedReason } from '../../contract/job-names'

/** Why a job is paused: asked by the user, or found running after the process died. */
export type PauseReason = 'user' | 'interrupted'

const ALLOWED: Record<JobState, readonly JobState[]> = {
  draft: ['ready', 'cancelled'],
  ready: ['running', 'cancelled'],
  running: ['paused', 'blocked', 'done', 'cancelled'],
  paused: ['running', 'cancelled'],
  blocked: ['running', 'paused', 'cancelled'],
  // A finished job can be reopened to retry its failed rows or re-send uncertain ones.
  done: ['running'],
  cancelled: [],
}

export function canTransitionJob(from: JobState, to: JobState): boolean {
  return ALLOWED[from].includes(to)
}

/** What a user's pause or cancel asks for. */
export type StopRequest = 'pause' | 'cancel'

/**
 * Where a user's pause or cancel takes a job in state `from`; null: it stays where it is (a paused
 * job is not paused again, a finished one is not cancelled). Read from the transitions above, so
 * the engine's local stop and its stop of an unowned job agree.
 */
export function stopTarget(from: JobState, what: StopRequest): JobState | null {
  const to: JobState = what === 'pause' ? 'paused' : 'cancelled'
  return canTransitionJob(from, to) ? to : null
}
