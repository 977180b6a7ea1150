import type { JobState, RowState } from './job-names'
import type { JobStateView } from './job-views'

/**
 * The words for a job's and a row's state, in one place: the app (capitalised, `sentenceCase`),
 * the CLI, the reports' labels and core's texts (refusals, verify findings) all say them. The app
 * said "Tertahan" and "Terhenti" where the CLI and the reports said "terblokir" and "terputus".
 */
export const JOB_STATE_WORDS: Record<'id' | 'en', Record<JobState, string>> = {
  id: { draft: 'draf', ready: 'siap', running: 'berjalan', paused: 'dijeda', blocked: 'tertahan', done: 'selesai', cancelled: 'dibatalkan' },
  en: { draft: 'draft', ready: 'ready', running: 'running', paused: 'paused', blocked: 'blocked', done: 'done', cancelled: 'cancelled' },
}

/** A job's state as users see it: the store's states and `interrupted` (running, its process gone). */
export const JOB_STATE_VIEW_WORDS: Record<'id' | 'en', Record<JobStateView, string>> = {
  id: { ...JOB_STATE_WORDS.id, interrupted: 'terhenti' },
  en: { ...JOB_STATE_WORDS.en, interrupted: 'interrupted' },
}

export const ROW_STATE_WORDS: Record<'id' | 'en', Record<RowState, string>> = {
  id: { pending: 'menunggu', 'in-flight': 'sedang dikirim', done: 'selesai', failed: 'gagal', uncertain: 'tidak pasti' },
  en: { pending: 'pending', 'in-flight': 'in flight', done: 'done', failed: 'failed', uncertain: 'uncertain' },
}

/** A word table as the app shows it: each word with a capital first letter. */
export function sentenceCase<K extends string>(words: Record<K, string>): Record<K, string> {
  return Object.fromEntries(Object.entries<string>(words).map(([k, w]) => [k, w.charAt(0).toUpperCase() + w.slice(1)])) as Record<K, string>
}
