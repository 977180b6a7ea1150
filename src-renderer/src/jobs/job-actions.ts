import type { ProgressView } from '../../../src-main/contract/ipc'

export type JobAction = 'start' | 'pause' | 'resume' | 'cancel' | 'retryFailed' | 'resendUncertain'

/**
 * Which buttons a job shows, from its state and counts. Blocked jobs resume from the blocked
 * notice (it explains what to fix first), so "resume" is not offered twice.
 */
export function availableActions(p: Pick<ProgressView, 'state' | 'counts'>): JobAction[] {
  const out: JobAction[] = []
  switch (p.state) {
    case 'draft':
    case 'ready':
      out.push('start', 'cancel')
      break
    case 'running':
      out.push('pause', 'cancel')
      break
    case 'paused':
      out.push('resume', 'cancel')
      break
    case 'blocked':
      out.push('cancel')
      break
    case 'done':
    case 'cancelled':
      break
  }
  const idle = p.state !== 'running'
  if (idle && p.counts.failed > 0) out.push('retryFailed')
  if (idle && p.counts.uncertain > 0) out.push('resendUncertain')
  return out
}
