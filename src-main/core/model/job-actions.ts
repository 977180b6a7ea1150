import type { JobState } from './job-state'
import { isInterrupted, type LeaseHolder } from './lease-rules'

/**
 * What may be done to a job now: ONE rule for the engine (which checks it before changing
 * anything), the CLI and the renderer (which only show and send what is listed here). Pure.
 */
export const JOB_ACTIONS = ['start', 'resume', 'pause', 'cancel', 'retryFailed', 'resendUncertain', 'export'] as const
export type JobAction = (typeof JOB_ACTIONS)[number]

export interface JobFacts {
  state: JobState
  /** who holds the job's lease, seen from the engine asking */
  holder: LeaseHolder
  counts: { pending: number; inFlight: number; failed: number; uncertain: number; done: number }
  /** does a request of this job's product cost money (orphaned in-flight rows then become uncertain) */
  paid: boolean
}

/** Rows that will be uncertain once a new owner recovers the job (paid rows a dead owner left in flight). */
function uncertainAfterRecovery(f: JobFacts): number {
  const orphans = f.holder === 'none' || f.holder === 'dead' ? f.counts.inFlight : 0
  return f.counts.uncertain + (f.paid ? orphans : 0)
}

export function availableActions(f: JobFacts): JobAction[] {
  const out: JobAction[] = []
  const otherRuns = f.holder === 'live'
  const interrupted = isInterrupted(f.state, f.holder)
  const settled = ['paused', 'blocked', 'done'].includes(f.state) || interrupted
  switch (f.state) {
    case 'draft':
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

/** Why `action` is not possible now, in words a user can act on; null if it is allowed. */
export function whyNot(action: JobAction, f: JobFacts, jobId: string): string | null {
  const allowed = availableActions(f)
  if (allowed.includes(action)) return null
  const possible = allowed.length ? `possible now: ${allowed.join(', ')}` : 'nothing can be done to it now'
  const running = f.state === 'running' && !isInterrupted(f.state, f.holder)
  let why: string
  if (f.holder === 'live' && ['start', 'resume', 'retryFailed', 'resendUncertain'].includes(action))
    why = `job ${jobId} is being run by another rekap process`
  else if (action === 'export' && f.state === 'draft') why = `job ${jobId} is a plan that never finished: it has no rows to export yet`
  else if (f.state === 'cancelled') why = `job ${jobId} was cancelled; what was done is kept (export it), start a new job for the rest`
  else if (running && (action === 'start' || action === 'resume')) why = `job ${jobId} is already running`
  else if (running) why = `job ${jobId} is running; pause it first`
  else if (action === 'retryFailed' && f.counts.failed === 0) why = `job ${jobId} has no failed rows to retry`
  else if (action === 'resendUncertain' && uncertainAfterRecovery(f) === 0) why = `job ${jobId} has no uncertain rows to re-send`
  else if (f.state === 'done' && (action === 'start' || action === 'resume')) why = `job ${jobId} is done; nothing is left to send`
  else why = `${action} is not possible for a job that is ${f.state}`
  return `${why} (${possible})`
}
