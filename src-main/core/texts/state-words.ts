import type { JobAction, JobState, RowState } from '../../contract/job-names'
import type { JobStateView } from '../../contract/job-views'

/**
 * The words for a job's and a row's state, in one place: the reports' labels and core's texts
 * (refusals, verify findings) both say them.
 */
export const JOB_STATE_WORDS: Record<'id' | 'en', Record<JobState, string>> = {
  id: { draft: 'draf', ready: 'siap', running: 'berjalan', paused: 'dijeda', blocked: 'terblokir', done: 'selesai', cancelled: 'dibatalkan' },
  en: { draft: 'draft', ready: 'ready', running: 'running', paused: 'paused', blocked: 'blocked', done: 'done', cancelled: 'cancelled' },
}

/** A job's state as users see it: the store's states and `interrupted` (running, its process gone). */
export const JOB_STATE_VIEW_WORDS: Record<'id' | 'en', Record<JobStateView, string>> = {
  id: { ...JOB_STATE_WORDS.id, interrupted: 'terputus' },
  en: { ...JOB_STATE_WORDS.en, interrupted: 'interrupted' },
}

export const ROW_STATE_WORDS: Record<'id' | 'en', Record<RowState, string>> = {
  id: { pending: 'menunggu', 'in-flight': 'sedang dikirim', done: 'selesai', failed: 'gagal', uncertain: 'tidak pasti' },
  en: { pending: 'pending', 'in-flight': 'in flight', done: 'done', failed: 'failed', uncertain: 'uncertain' },
}

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
