import type { JobActionView, ProgressView } from '../../../src-main/contract/ipc'

export type JobAction = JobActionView

/**
 * The buttons of a job's toolbar. Which actions are legal is the engine's decision (it sends
 * them in the job's view); this only places them: a blocked job's resume sits in the blocked
 * notice (which says what to fix first), export has its own panel.
 */
export function toolbarActions(p: Pick<ProgressView, 'state' | 'actions'>): JobAction[] {
  return p.actions.filter((a) => a !== 'export' && !(a === 'resume' && p.state === 'blocked'))
}
