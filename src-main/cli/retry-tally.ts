import type { Logger } from '../core/context'
import { t } from './cli-language'

/** Retries and 429 back-offs seen during a run, for `--verbose`. */
export interface RetryTally {
  retries: number
  rateLimited: number
  waitedMs: number
}

/**
 * Wraps the CLI's logger: every `retry` event the job runner logs is counted (and still passed
 * on, so --verbose prints each one as it happens).
 */
export function tallyingLogger(inner: Logger): { logger: Logger; tally: RetryTally } {
  const tally: RetryTally = { retries: 0, rateLimited: 0, waitedMs: 0 }
  return {
    tally,
    logger: {
      log(level, message, fields) {
        if (fields?.event === 'retry') {
          tally.retries++
          if (fields.kind === 'rate-limited') tally.rateLimited++
          if (typeof fields.waitMs === 'number') tally.waitedMs += fields.waitMs
          // the person's language, not the runner's English log words
          return inner.log(level, t().retryLine(Number(fields.row), String(fields.kind), Number(fields.waitMs ?? 0)))
        }
        inner.log(level, message, fields)
      },
    },
  }
}
