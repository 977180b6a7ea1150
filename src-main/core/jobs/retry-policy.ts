import { premiumRequiredText } from '../model/premium-text'
import type { ServiceError } from '../provider'
import type { BlockedReason } from '../model/job-state'

/** What to do with a row after its request failed. Pure: tested without a network. */
export type FailureDecision =
  | { action: 'retry'; delayMs: number; countsAsAttempt: boolean }
  | { action: 'fail'; code: string; message: string }
  | { action: 'block'; reason: BlockedReason; message: string }
  | { action: 'uncertain'; message: string }
  | { action: 'requeue' }

export interface RetryContext {
  /** attempts made so far for this row, including the one that just failed */
  attempts: number
  maxAttempts: number
  /** 429s seen by this row; they are the service pacing us, not the row failing */
  rateLimitedTimes: number
  paid: boolean
  resendUncertain: boolean
  /** 0..1, injected so tests are deterministic */
  random: () => number
}

const MAX_RATE_LIMITED = 30
const BASE_DELAY_MS = 500
const MAX_DELAY_MS = 30_000

/** Exponential back-off with full jitter (AWS architecture blog's variant). */
export function backoffMs(attempt: number, random: () => number): number {
  const ceiling = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempt - 1))
  return Math.round(ceiling / 2 + (random() * ceiling) / 2)
}

export function decideAfterFailure(err: ServiceError, ctx: RetryContext): FailureDecision {
  const text = err.serviceMessage ?? err.message
  switch (err.kind) {
    case 'auth':
      return { action: 'block', reason: 'auth-failed', message: text }
    case 'balance':
      return { action: 'block', reason: 'needs-top-up', message: text }
    case 'quota':
      return { action: 'block', reason: 'quota-exhausted', message: text }
    case 'premium':
      // the only premium feature a job uses is the school accreditation filter
      return { action: 'fail', code: 'premium', message: premiumRequiredText('accreditation-filter', err.serviceMessage) }
    case 'validation':
      return { action: 'fail', code: err.field ? `invalid-${err.field}` : 'invalid', message: text }
    case 'not-found':
      return { action: 'fail', code: 'not-found', message: text }
    case 'protocol':
      return { action: 'fail', code: 'protocol', message: text }
    case 'aborted':
      return { action: 'requeue' }
    case 'rate-limited':
      if (ctx.rateLimitedTimes >= MAX_RATE_LIMITED) return { action: 'fail', code: 'rate-limited', message: text }
      return { action: 'retry', delayMs: err.retryAfterMs ?? backoffMs(ctx.rateLimitedTimes, ctx.random), countsAsAttempt: false }
    case 'timeout':
    case 'network':
      // A paid request that may have reached the service could have been charged: never
      // re-send it silently. The user decides (or allowed it up front).
      if (ctx.paid && err.requestSent && !ctx.resendUncertain) return { action: 'uncertain', message: text }
      return retryOrFail(err.kind, text, ctx)
    case 'server':
      return retryOrFail('server', text, ctx)
  }
}

function retryOrFail(code: string, message: string, ctx: RetryContext): FailureDecision {
  if (ctx.attempts >= ctx.maxAttempts) {
    return { action: 'fail', code, message: `${message} (gave up after ${ctx.attempts} attempts)` }
  }
  return { action: 'retry', delayMs: backoffMs(ctx.attempts, ctx.random), countsAsAttempt: true }
}
