/** The actions a job offers (job-actions.ts decides which are possible now). A leaf: texts name them too. */
export const JOB_ACTIONS = ['start', 'resume', 'pause', 'cancel', 'retryFailed', 'resendUncertain', 'export'] as const
export type JobAction = (typeof JOB_ACTIONS)[number]
