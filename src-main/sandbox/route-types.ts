import type { IncomingMessage } from 'node:http'
import type { FaceVerifier } from './face/types'
import type { Account } from './account'
import type { DirectoryData } from './directory-data'
import type { JsonAnswer } from './http-io'
import type { Product } from './plans'
import type { RegionTree } from '../core/regions/region-tree'

/** Everything a route handler may read; built once per request by the server. */
export interface RouteContext {
  req: IncomingMessage
  query: URLSearchParams
  params: Record<string, string>
  premium: boolean
  tree: RegionTree
  data: DirectoryData
  account: Account
  faceVerifier: () => Promise<FaceVerifier>
  nowMs: number
  /** do not charge a verification whose client left before the answer (--forgive-abandoned) */
  forgiveAbandoned: boolean
}

export interface Route {
  method: 'GET' | 'POST'
  /** exact path, or a pattern whose named groups become params */
  path: string | RegExp
  product: Product
  /** the 401 text of this endpoint (spec 7; see each route file where the spec is silent) */
  unauthorizedText: string
  handle(ctx: RouteContext): Promise<JsonAnswer>
}

/** Case-insensitive "contains", the spec's partial name match. */
export function containsIgnoreCase(haystack: string, needle: string): boolean {
  return haystack.toLowerCase().includes(needle.toLowerCase())
}

/** A query parameter, trimmed; empty counts as absent (clients often send name=). */
export function param(query: URLSearchParams, name: string): string | null {
  const v = query.get(name)
  if (v === null) return null
  const t = v.trim()
  return t === '' ? null : t
}
