/**
 * The names of a job's states, its rows' states and its actions: a leaf every layer may use (the
 * rules that move between them live in core/model; the words for them in core/texts).
 */
export const JOB_STATES = ['draft', 'ready', 'running', 'paused', 'blocked', 'done', 'cancelled'] as const
export type JobState = (typeof JOB_STATES)[number]

export const BLOCKED_REASONS = ['needs-top-up', 'quota-exhausted', 'auth-failed', 'offline', 'team-unreachable'] as const
export type BlockedReason = (typeof BLOCKED_REASONS)[number]

export const ROW_STATES = ['pending', 'in-flight', 'done', 'failed', 'uncertain'] as const
export type RowState = (typeof ROW_STATES)[number]

/** The actions a job offers (core/model/job-actions.ts decides which are possible now). */
export const JOB_ACTIONS = ['start', 'resume', 'pause', 'cancel', 'retryFailed', 'resendUncertain', 'export'] as const
export type JobAction = (typeof JOB_ACTIONS)[number]
