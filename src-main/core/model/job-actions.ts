import type { JobState } from './job-state'
import { isInterrupted, type LeaseHolder } from './lease-rules'
import { coreText, type CoreText } from '../texts/core-text'
import type { JobAction } from '../../contract/job-names'

/**
 * What may be done to a job now: ONE rule for the engine (which checks it before changing
 * anything), the CLI and the renderer (which only show and send what is listed here). Pure.
 */
export { JOB_ACTIONS, type JobAction } from '../../contract/job-names'

export interface JobFacts {
  state: JobState
  /** who holds the job's lease, seen from the engine asking */
  holder: LeaseHolder
  counts: { pending: number; inFlight: number; failed: number; uncertain: number; done: number }
  /** does a request of this job's product cost money (orphaned in-flight rows then become uncertain) */
  paid: boolean
  /**
   * A job from a watched folder whose file's claim is not this computer's (another computer's, or
   * none): why it may not send here (watched-run-rule.ts), read only when its state would let it.
   * Absent or null: nothing of its file stops it.
   */
  claimRefusal?: CoreText | null
}

/** Actions that send the job's rows here: refused when another live process owns it, or another computer its file. */
export const RUNS_THE_JOB: readonly JobAction[] = ['start', 'resume', 'retryFailed', 'resendUncertain']

/** Rows that will be uncertain once a new owner recovers the job (paid rows a dead owner left in flight). */
function uncertainAfterRecovery(f: JobFacts): number {
  const orphans = f.holder === 'none' || f.holder === 'dead' ? f.counts.inFlight : 0
  return f.counts.uncertain + (f.paid ? orphans : 0)
}

/**
 * What the job may do now: what its state and lease allow, less the runs its watched file's claim
 * forbids, so no button or listed command is offered that the engine would then refuse.
 */
export function availableActions(f: JobFacts): JobAction[] {
  const allowed = byStateAndLease(f)
  return f.claimRefusal ? allowed.filter((a) => !RUNS_THE_JOB.includes(a)) : allowed
}

/** Does the job's state (and lease) let it send here, its file's claim aside? Asked before the claim is read (a file read). */
export function mayRunByState(f: JobFacts): boolean {
  return byStateAndLease(f).some((a) => RUNS_THE_JOB.includes(a))
}

function byStateAndLease(f: JobFacts): JobAction[] {
  const out: JobAction[] = []
  const otherRuns = f.holder === 'live'
  const interrupted = isInterrupted(f.state, f.holder)
  const settled = ['paused', 'blocked', 'done'].includes(f.state) || interrupted
  switch (f.state) {
    case 'draft':
      // a plan that never finished (its process stopped while it read the sheet) holds only some
      // of the rows, and nobody confirmed its cost: starting it would send part of the workbook
      // and call it done. It is planned again from the file instead.
      out.push('cancel')
      break
    case 'ready':
      if (!otherRuns) out.push('start')
      out.push('cancel')
      break
    case 'running':
      if (interrupted) out.push('resume')
      out.push('pause', 'cancel')
      break
    case 'paused':
      if (!otherRuns) out.push('resume')
      out.push('cancel')
      break
    case 'blocked':
      if (!otherRuns) out.push('resume')
      out.push('pause', 'cancel')
      break
    case 'done':
    case 'cancelled':
      break
  }
  if (settled && !otherRuns && f.counts.failed > 0) out.push('retryFailed')
  if (settled && !otherRuns && uncertainAfterRecovery(f) > 0) out.push('resendUncertain')
  // a plan's report lists its pre-flight failures; a draft has no rows yet
  if (f.state !== 'draft') out.push('export')
  return out
}

/** Why `action` is not possible now, as a text a user can act on (it names what is possible); null if it is allowed. */
export function whyNot(action: JobAction, f: JobFacts, jobId: string): CoreText | null {
  const allowed = availableActions(f)
  if (allowed.includes(action)) return null
  // the state allows it, the file's claim does not: its refusal says how the work goes on
  if (f.claimRefusal && byStateAndLease(f).includes(action)) return f.claimRefusal
  const p = { job: jobId, possible: allowed }
  const running = f.state === 'running' && !isInterrupted(f.state, f.holder)
  if (f.holder === 'live' && ['start', 'resume', 'retryFailed', 'resendUncertain'].includes(action)) return coreText('action.otherProcess', p)
  if (action === 'export' && f.state === 'draft') return coreText('action.draftNoRows', p)
  if (f.state === 'draft') return coreText('action.draftUnfinished', p)
  if (f.state === 'cancelled') return coreText('action.cancelled', p)
  if (running && (action === 'start' || action === 'resume')) return coreText('action.alreadyRunning', p)
  if (running) return coreText('action.pauseFirst', p)
  if (action === 'retryFailed' && f.counts.failed === 0) return coreText('action.noFailed', p)
  if (action === 'resendUncertain' && uncertainAfterRecovery(f) === 0) return coreText('action.noUncertain', p)
  if (f.state === 'done' && (action === 'start' || action === 'resume')) return coreText('action.done', p)
  return coreText('action.notInState', { ...p, action, state: f.state })
}
