import type { IncomingMessage, ServerResponse } from 'node:http'
import { DEFAULT_AUTH_HEADER } from '../core/provider/types'
import type { Account } from './account'
import { handleAdmin } from './admin-routes'
import type { DirectoryData } from './directory-data'
import type { FaceVerifierSlot } from './face-engine-loader'
import { faceRoutes } from './face-route'
import { decideFault, jitteredDelay, type FaultSettings } from './faults'
import { hospitalRoutes } from './hospital-routes'
import { failure, writeJson, type JsonAnswer } from './http-io'
import { monthlyQuotaFor, quotaExceededMessage, rateLimitFor, type PlanSettings, type Product } from './plans'
import { prngFor } from './prng'
import { regionalRoutes } from './regional-routes'
import type { RegionTree } from '../core/regions/region-tree'
import type { Route } from './route-types'
import { schoolRoutes } from './school-routes'
import { createTokenBucket, type TokenBucket } from './token-bucket'

/**
 * The request pipeline, in the order the service applies it:
 * route -> latency -> injected fault -> auth (401) -> rate (429 + Retry-After) ->
 * monthly quota (429 "Monthly quota exceeded…") -> handler -> count the hit if it succeeded.
 */
export interface SandboxServerDeps {
  keys: string[]
  adminToken: string
  premium: boolean
  plan: PlanSettings
  faults: FaultSettings
  seed: number
  /** the region tree, loaded on the first request that needs it (not before a face job's first line) */
  tree: () => RegionTree
  data: DirectoryData
  account: Account
  face: FaceVerifierSlot
  now: () => number
  forgiveAbandoned?: boolean
}

/** schools/search is listed before the paths it would otherwise shadow; /{code} comes last. */
const ROUTES: Route[] = [...regionalRoutes, ...schoolRoutes, ...hospitalRoutes, ...faceRoutes]

export const RATE_LIMITED_TEXT = 'Too many requests, please slow down and retry after a second.'
export const INTERNAL_ERROR_TEXT = 'Internal server error'

function normalisePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '')
  return trimmed === '' ? '/' : trimmed
}

function findRoute(method: string, path: string): { route: Route; params: Record<string, string> } | 'wrong-method' | null {
  let pathKnown = false
  for (const route of ROUTES) {
    let params: Record<string, string> | null = null
    if (typeof route.path === 'string') {
      if (route.path === path) params = {}
    } else {
      const m = route.path.exec(path)
      if (m) {
        try {
          params = Object.fromEntries(Object.entries(m.groups ?? {}).map(([k, v]) => [k, decodeURIComponent(v)]))
        } catch {
          params = null
        }
      }
    }
    if (!params) continue
    if (route.method === method) return { route, params }
    pathKnown = true
  }
  return pathKnown ? 'wrong-method' : null
}

/** Sends the start of a success answer, then cuts the connection: a "dropped" request. */
function dropMidResponse(req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': '4096' })
  res.write('{"is_success":true,"message":"Succ', () => {
    req.socket.destroy()
  })
}

/** The plan's rate per product and key, a token bucket each: true when a request is over it. */
function createRateCheck(deps: Pick<SandboxServerDeps, 'plan'>): (product: Product, key: string, nowMs: number) => boolean {
  const buckets = new Map<string, TokenBucket>() // `${product}|${key}|${capacity}`
  return (product, key, nowMs) => {
    const limit = rateLimitFor(product, deps.plan)
    if (!limit) return false
    // a plan change (setPlans) starts a bucket of the new size
    const id = `${product}|${key}|${limit.capacity}`
    let bucket = buckets.get(id)
    if (!bucket) {
      bucket = createTokenBucket(limit.capacity, limit.refillPerSecond, nowMs)
      buckets.set(id, bucket)
    }
    return !bucket.tryTake(nowMs)
  }
}

export function createRequestHandler(deps: SandboxServerDeps): (req: IncomingMessage, res: ServerResponse) => void {
  const faultRng = prngFor(deps.seed, 'faults')
  const overRate = createRateCheck(deps)

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<JsonAnswer | 'dropped'> {
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid')
    const path = normalisePath(url.pathname)
    const method = req.method ?? 'GET'
    if (path.startsWith('/_sandbox/')) {
      return handleAdmin(req, path, { adminToken: deps.adminToken, account: deps.account, faults: deps.faults, nowMs: deps.now() })
    }
    const found = findRoute(method, path)
    if (found === null) return failure(404, `Not found: ${method} ${path}`, { data: null })
    if (found === 'wrong-method') return failure(405, `Method ${method} not allowed on ${path}`)
    const { route, params } = found
    // Every request that reached a service endpoint, when it arrived (a test sees when a client stopped
    // sending) and when it was answered (a test waits for the service to be done with every one).
    const seen = deps.account.recordRequest(route.product, path, deps.now())
    try {
      return await serve(req, res, route, params, url)
    } finally {
      seen.answeredAt = deps.now()
    }
  }

  /** A service endpoint's answer: latency, injected fault, auth, rate, quota, then the route. */
  async function serve(req: IncomingMessage, res: ServerResponse, route: Route, params: Record<string, string>, url: URL): Promise<JsonAnswer | 'dropped'> {
    const delay = jitteredDelay(deps.faults, faultRng)
    if (delay > 0) await new Promise((r) => setTimeout(r, delay))
    const fault = decideFault(deps.faults, faultRng)
    if (fault === 'server-error') return failure(500, INTERNAL_ERROR_TEXT)
    if (fault === 'drop') {
      dropMidResponse(req, res)
      return 'dropped'
    }

    const key = req.headers[DEFAULT_AUTH_HEADER]
    if (typeof key !== 'string' || !deps.keys.includes(key)) return failure(401, route.unauthorizedText)

    const nowMs = deps.now()
    if (overRate(route.product, key, nowMs)) return failure(429, RATE_LIMITED_TEXT, undefined, { 'retry-after': '1' })
    const quota = monthlyQuotaFor(route.product, deps.plan)
    if (quota !== null && deps.account.hitsThisMonth(route.product, nowMs) >= quota) {
      return failure(429, quotaExceededMessage(route.product, quota))
    }

    const result = await route.handle({
      req,
      query: url.searchParams,
      params,
      premium: deps.premium,
      tree: deps.tree(),
      data: deps.data,
      account: deps.account,
      faceVerifier: () => deps.face.get(),
      nowMs,
      forgiveAbandoned: deps.forgiveAbandoned ?? false,
    })
    if (result.status >= 200 && result.status < 300) deps.account.recordHit(route.product, nowMs)
    return result
  }

  return (req, res) => {
    answer(req, res).then(
      (result) => {
        if (result !== 'dropped') writeJson(res, result)
      },
      () => {
        // never echo the error: it could carry request content; the answer is uncharged
        if (!res.headersSent) writeJson(res, failure(500, INTERNAL_ERROR_TEXT))
        else res.destroy()
      },
    )
  }
}
