/**
 * One HTTP exchange with the service: URL and headers, timeout combined with the caller's
 * signal, and every failure (socket, status, unreadable body) turned into a ServiceError.
 * Returns the parsed JSON body of a 2xx answer; the envelope is read by envelope.ts.
 */
import { classifyHttpFailure, extractServiceMessage, parseRetryAfter } from './failure-classification'
import { ServiceError } from './service-error'
import { followSignal } from './signal-fanout'

export type QueryValue = string | number | undefined | null

export interface TransportSettings {
  baseUrl: string
  apiKey?: string
  authHeader: string
  timeoutMs: number
  fetch: typeof fetch
  userAgent: string
  now: () => number
}

export interface RequestSpec {
  method: 'GET' | 'POST'
  /** Path below the base URL, already encoded, starting with '/'. */
  path: string
  query?: Record<string, QueryValue>
  body?: FormData
  signal?: AbortSignal
}

export interface JsonAnswer {
  status: number
  body: unknown
}

/**
 * Socket errors that happen before a single byte of the request left this machine. Anything
 * else (reset, closed mid-answer, our own timeout) may have reached the service.
 */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  'ERR_INVALID_URL',
])

export function secretsOf(settings: Pick<TransportSettings, 'apiKey'>): string[] {
  const key = settings.apiKey
  if (!key) return []
  const encoded = encodeURIComponent(key)
  return encoded === key ? [key] : [key, encoded]
}

/**
 * Query values are percent-encoded with encodeURIComponent, so a space is `%20` (not `+`,
 * which some servers keep literally) and `TNI/Polri` is `TNI%2FPolri`. Empty and missing
 * values are left out: an empty filter means "no filter".
 */
export function buildUrl(baseUrl: string, path: string, query: Record<string, QueryValue> = {}): string {
  const pairs: string[] = []
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue
    pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
  }
  const base = baseUrl.replace(/\/+$/, '')
  return pairs.length ? `${base}${path}?${pairs.join('&')}` : `${base}${path}`
}

export async function requestJson(settings: TransportSettings, spec: RequestSpec): Promise<JsonAnswer> {
  const secrets = secretsOf(settings)
  const site = { method: spec.method, endpoint: spec.path, secrets }
  const caller = spec.signal
  if (caller?.aborted) throw new ServiceError({ ...site, kind: 'aborted', requestSent: false })

  // One controller per request, fed by our timer and the caller's signal (see signal-fanout.ts
  // for why not AbortSignal.any or a listener per request).
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort(new DOMException(`no answer within ${settings.timeoutMs} ms`, 'TimeoutError'))
  }, settings.timeoutMs)
  const unfollow = caller ? followSignal(caller, controller) : () => {}

  const headers: Record<string, string> = { accept: 'application/json', 'user-agent': settings.userAgent }
  if (settings.apiKey) headers[settings.authHeader] = settings.apiKey

  /** Which of the two signals ended the exchange decides between 'aborted' and 'timeout'. */
  const failure = (err: unknown, status: number | undefined, answered: boolean): ServiceError => {
    if (caller?.aborted && !timedOut) return new ServiceError({ ...site, kind: 'aborted', status, requestSent: true })
    if (timedOut) {
      return new ServiceError({ ...site, kind: 'timeout', status, requestSent: true, detail: `no answer within ${settings.timeoutMs} ms` })
    }
    const code = errorCode(err)
    const requestSent = answered || !(code && NOT_SENT_CODES.has(code))
    return new ServiceError({ ...site, kind: 'network', status, requestSent, detail: code ?? errorName(err) })
  }

  let response: Response
  let text: string
  try {
    try {
      response = await settings.fetch(buildUrl(settings.baseUrl, spec.path, spec.query), {
        method: spec.method,
        headers,
        body: spec.body,
        signal: controller.signal,
        // Never follow a redirect: it would carry the key header to wherever the Location points.
        redirect: 'manual',
      })
    } catch (err) {
      throw failure(err, undefined, false)
    }
    try {
      text = await response.text()
    } catch (err) {
      throw failure(err, response.status, true)
    }
  } finally {
    clearTimeout(timer)
    unfollow()
  }

  const status = response.status
  if (status < 200 || status > 299) {
    // Spec 7 rule 2: 401/403 are decided here from the status alone; data is never looked at.
    const serviceMessage = extractServiceMessage(tryParseJson(text))
    const { kind, field } = classifyHttpFailure(status, serviceMessage)
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), settings.now())
    throw new ServiceError({ ...site, kind, status, serviceMessage, field, retryAfterMs, requestSent: true })
  }

  const body = tryParseJson(text)
  if (body === undefined) {
    throw new ServiceError({ ...site, kind: 'protocol', status, requestSent: true, detail: 'answer is not JSON' })
  }
  return { status, body }
}

function tryParseJson(text: string): unknown {
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

/** undici puts the socket error in `cause` (TypeError 'fetch failed' -> cause.code). */
function errorCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string') return code
    e = (e as { cause?: unknown }).cause
  }
  return undefined
}

function errorName(err: unknown): string {
  return err instanceof Error ? err.name : 'unknown error'
}
