import type { JobKindModule } from './kind'

/**
 * What every kind whose rows answer with records (a count, not one found record) shares: nothing to
 * reuse across jobs, the user's request timeout, no score, no photos, and done / failed as its verdicts.
 */
export const RECORDS_TRAITS = {
  reusable: false,
  requestTimeoutMs: (settings) => settings.requestTimeoutMs,
  scored: false,
  photos: false,
  verdictFilters: ['records', 'failed'],
} satisfies Pick<JobKindModule, 'reusable' | 'requestTimeoutMs' | 'scored' | 'photos' | 'verdictFilters'>
