/**
 * Pure rules that turn an HTTP failure (status, body text, Retry-After) into the
 * error kind the engine acts on. Spec section 7 is the source of these rules.
 */
import type { ImageField, ServiceErrorKind } from './service-error'

export interface Classification {
  kind: ServiceErrorKind
  field?: ImageField
}

/** The sandbox answers an exhausted monthly quota with 429 and a message that starts like this. */
const QUOTA_PREFIX = /^\s*monthly quota exceeded/i

export function classifyHttpFailure(status: number, serviceMessage: string | undefined): Classification {
  if (status === 401) return { kind: 'auth' }
  if (status === 403) return { kind: 'premium' }
  if (status === 402) return { kind: 'balance' }
  if (status === 404) return { kind: 'not-found' }
  if (status === 408) return { kind: 'timeout' }
  if (status === 429) return { kind: serviceMessage && QUOTA_PREFIX.test(serviceMessage) ? 'quota' : 'rate-limited' }
  if (status === 400 || status === 413 || status === 415 || status === 422) {
    const field = imageFieldOf(serviceMessage)
    return field ? { kind: 'validation', field } : { kind: 'validation' }
  }
  if (status >= 500 && status <= 599) return { kind: 'server' }
  // 3xx (redirects are not followed, see request.ts) and unlisted 4xx are not part of the spec.
  return { kind: 'protocol' }
}

/**
 * Which face-match part a validation message is about. The "no face" message names
 * neither (it concerns both images), so it yields no field.
 */
export function imageFieldOf(message: string | undefined): ImageField | undefined {
  if (!message) return undefined
  const one = /\bimage1\b/i.test(message)
  const two = /\bimage2\b/i.test(message)
  if (one && !two) return 'image1'
  if (two && !one) return 'image2'
  return undefined
}

/**
 * Retry-After is either delta-seconds or an HTTP date (RFC 9110 10.2.3). Returns
 * milliseconds to wait (never negative), or undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  if (value == null) return undefined
  const text = value.trim()
  if (text === '') return undefined
  if (/^\d+$/.test(text)) return Number(text) * 1000
  // Only accept something that looks like a date: Date.parse also accepts bare numbers like "1.5".
  if (!/[a-z]/i.test(text)) return undefined
  const at = Date.parse(text)
  if (Number.isNaN(at)) return undefined
  return Math.max(0, at - nowMs)
}

/**
 * The service's own error text from a parsed body. The standard envelope carries it in
 * `message`; the school-search envelope is not specified, so a few common names are tried.
 */
export function extractServiceMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined
  const record = body as Record<string, unknown>
  for (const key of ['message', 'error', 'detail']) {
    const v = record[key]
    if (typeof v === 'string' && v.trim() !== '') return v
  }
  // e.g. { status: 'error', result: 'User not authenticated' }
  if (typeof record.result === 'string' && record.result.trim() !== '') return record.result
  return undefined
}
