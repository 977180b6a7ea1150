import type { IncomingMessage } from 'node:http'
import { timingSafeEqual } from 'node:crypto'
import { hitsSnapshot, monthKey, type Account } from './account'
import { faultSettingsError, type FaultSettings } from './faults'
import { failure, readJsonBody, type JsonAnswer } from './http-io'
import { PRODUCTS, type Product } from './plans'

/**
 * /_sandbox/* endpoints for rehearsals and tests, guarded by the x-sandbox-admin header.
 * Never subject to latency, faults, rate limits or quotas, and never counted as hits.
 */
export interface SandboxState {
  balance: number
  charged_calls: number
  /** successful hits this calendar month, per product */
  hits: Record<Product, number>
  /** the calendar month the hits belong to, 'YYYY-MM' (UTC+7) */
  month: string
  faults: { latency_ms: number; fail_rate: number }
}

export const ADMIN_HEADER = 'x-sandbox-admin'
export const ADMIN_UNAUTHORIZED_TEXT = 'Sandbox admin token required in x-sandbox-admin header'

export function snapshotState(account: Account, faults: FaultSettings, nowMs: number): SandboxState {
  return {
    balance: account.balance(),
    charged_calls: account.chargedCalls(),
    hits: hitsSnapshot(account, nowMs),
    month: monthKey(nowMs),
    faults: { latency_ms: faults.latencyMs, fail_rate: faults.failRate },
  }
}

function tokenMatches(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== 'string') return false
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

const numberOrUndefined = (v: unknown): number | undefined => (v === undefined || v === null ? undefined : Number(v))

export async function handleAdmin(
  req: IncomingMessage,
  path: string,
  deps: { adminToken: string; account: Account; faults: FaultSettings; nowMs: number },
): Promise<JsonAnswer> {
  if (!tokenMatches(req.headers[ADMIN_HEADER], deps.adminToken)) return failure(401, ADMIN_UNAUTHORIZED_TEXT)
  const state = (): JsonAnswer => ({ status: 200, body: snapshotState(deps.account, deps.faults, deps.nowMs) })
  const route = `${req.method} ${path}`
  switch (route) {
    case 'GET /_sandbox/state':
      return state()
    case 'POST /_sandbox/topup': {
      const body = (await readJsonBody(req)) as { points?: unknown } | null
      const points = Number(body?.points)
      if (!Number.isInteger(points) || points <= 0) return failure(400, 'points must be a whole number > 0')
      deps.account.topUp(points)
      return state()
    }
    case 'POST /_sandbox/faults': {
      const body = ((await readJsonBody(req)) ?? {}) as Record<string, unknown>
      const update: Partial<FaultSettings> = {
        latencyMs: numberOrUndefined(body.latency_ms ?? body.latencyMs),
        failRate: numberOrUndefined(body.fail_rate ?? body.failRate),
      }
      const problem = faultSettingsError(update)
      if (problem) return failure(400, problem)
      if (update.latencyMs !== undefined) deps.faults.latencyMs = update.latencyMs
      if (update.failRate !== undefined) deps.faults.failRate = update.failRate
      return state()
    }
    case 'GET /_sandbox/ledger': {
      const charges = deps.account.ledger()
      return { status: 200, body: { charges, charged_points: charges.reduce((a, c) => a + c.points, 0) } }
    }
    case 'GET /_sandbox/requests':
      return { status: 200, body: { requests: deps.account.requests() } }
    case 'POST /_sandbox/usage': {
      const body = (await readJsonBody(req)) as { product?: unknown; hits?: unknown } | null
      const product = body?.product as Product
      const hits = Number(body?.hits)
      if (!PRODUCTS.includes(product)) return failure(400, `product must be one of ${PRODUCTS.join(', ')}`)
      if (!Number.isInteger(hits) || hits < 0) return failure(400, 'hits must be a whole number >= 0')
      deps.account.setHitsThisMonth(product, hits, deps.nowMs)
      return state()
    }
    case 'POST /_sandbox/reset-usage':
      req.resume()
      deps.account.resetUsage()
      return state()
    default:
      req.resume()
      return failure(404, `No sandbox admin endpoint ${route}`)
  }
}
