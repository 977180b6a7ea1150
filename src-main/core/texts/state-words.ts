import type { JobAction } from '../../contract/job-names'

export { JOB_STATE_WORDS, JOB_STATE_VIEW_WORDS, ROW_STATE_WORDS } from '../../contract/state-words'

/** An action as the command that does it: the same in both languages (the user types it). */
export const ACTION_COMMANDS: Record<JobAction, string> = {
  start: 'start',
  resume: 'resume',
  pause: 'pause',
  cancel: 'cancel',
  retryFailed: 'retry-failed',
  resendUncertain: 'resume --resend-uncertain',
  export: 'export',
}
