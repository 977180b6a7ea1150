import { redactSecrets } from '../context'

/**
 * The one error type the service client throws. The engine decides what to do with a
 * row from `kind` alone (retry, fail the row for free, block the job), and from
 * `requestSent` whether a paid call may already have reached the service.
 */

export const SERVICE_ERROR_KINDS = [
  'auth', // 401: key missing or wrong; blocks the whole job
  'premium', // 403: feature needs a premium account
  'validation', // 400: the request itself is wrong (face match: which image)
  'balance', // 402: insufficient points; job needs a top-up
  'not-found', // 404: e.g. unknown hospital code
  'rate-limited', // 429 without the monthly-quota text; honour retryAfterMs
  'quota', // 429 "Monthly quota exceeded": waiting seconds will not help
  'server', // 5xx
  'timeout', // no complete answer within the per-request timeout
  'network', // connection refused/reset, response cut mid-body
  'aborted', // the caller's signal aborted the request
  'protocol', // an answer that does not follow the spec (bad JSON, missing envelope, redirect)
] as const

export type ServiceErrorKind = (typeof SERVICE_ERROR_KINDS)[number]

export type ImageField = 'image1' | 'image2'

export interface ServiceErrorInit {
  kind: ServiceErrorKind
  method: string
  /** Endpoint path without host and query, e.g. `/hospitals/indonesia/{code}` after encoding. */
  endpoint: string
  status?: number
  serviceMessage?: string
  field?: ImageField
  retryAfterMs?: number
  requestSent: boolean
  /** Extra words for the message, e.g. a socket error code. */
  detail?: string
  /** Masked out of serviceMessage and detail (the API key, also in its URL-encoded form). */
  secrets?: readonly string[]
}

export class ServiceError extends Error {
  readonly kind: ServiceErrorKind
  readonly method: string
  readonly endpoint: string
  readonly status?: number
  readonly serviceMessage?: string
  readonly field?: ImageField
  readonly retryAfterMs?: number
  readonly requestSent: boolean

  constructor(raw: ServiceErrorInit) {
    const init = redactInit(raw)
    super(describe(init))
    this.name = 'ServiceError'
    this.kind = init.kind
    this.method = init.method
    this.endpoint = init.endpoint
    this.requestSent = init.requestSent
    if (init.status !== undefined) this.status = init.status
    if (init.serviceMessage !== undefined) this.serviceMessage = init.serviceMessage
    if (init.field !== undefined) this.field = init.field
    if (init.retryAfterMs !== undefined) this.retryAfterMs = init.retryAfterMs
  }
}

/** Everything that came from outside (body text, socket errors) is masked before it is kept. */
function redactInit(init: ServiceErrorInit): ServiceErrorInit {
  const secrets = [...(init.secrets ?? [])]
  if (secrets.length === 0) return init
  const mask = (t: string | undefined): string | undefined => (t === undefined ? t : redactSecrets(t, secrets))
  return { ...init, serviceMessage: mask(init.serviceMessage), detail: mask(init.detail), endpoint: mask(init.endpoint)! }
}

function describe(init: ServiceErrorInit): string {
  const status = init.status === undefined ? 'no status' : `HTTP ${init.status}`
  let text = `${init.method} ${init.endpoint} failed (${init.kind}, ${status})`
  if (init.serviceMessage) text += `: ${init.serviceMessage}`
  if (init.detail) text += ` [${init.detail}]`
  if (init.retryAfterMs !== undefined) text += ` (retry after ${Math.ceil(init.retryAfterMs / 1000)} s)`
  return text
}

const RETRYABLE: ReadonlySet<ServiceErrorKind> = new Set(['rate-limited', 'server', 'timeout', 'network'])

/**
 * Whether waiting and trying again can help. Says nothing about money: a paid call with
 * `requestSent: true` may already have been charged, and the caller decides whether to re-send.
 */
export function isRetryable(err: unknown): boolean {
  return err instanceof ServiceError && RETRYABLE.has(err.kind)
}
