import { PRODUCTS, type Product } from './plans'

/** Face match price per successful verification, in points (1 point = Rp1). */
export const FACE_MATCH_PRICE = 400

/**
 * The sandbox account: one points balance for all products, the charged face matches,
 * and successful hits per product per calendar month. A face match reserves its price
 * before verification so concurrent requests cannot overspend (balance 800 -> exactly
 * two charged matches however many arrive at once); the reservation becomes a charge on
 * success and is released on any error.
 */
/** One charged verification: what the service's ledger would show (pair = sha256 of image1:image2). */
export interface LedgerEntry {
  at: number
  product: Product
  points: number
  pair: string | null
  /** the client had left before the answer: charged all the same (the worst case) */
  abandoned?: boolean
}

/** A request that reached a service endpoint (before latency, faults, auth or limits). */
export interface RequestEntry {
  at: number
  product: Product
  path: string
  /** when its answer was made (or the connection dropped): a test waits for every request to be done */
  answeredAt?: number
}

/** The request log keeps the latest entries only (a rehearsal may send millions). */
const REQUEST_LOG_MAX = 200_000

export interface Account {
  balance(): number
  chargedCalls(): number
  /** false when the balance minus reservations cannot cover one match (-> 402) */
  reserveFaceMatch(): boolean
  commitFaceMatch(pair?: string, nowMs?: number, opts?: { abandoned?: boolean }): void
  releaseFaceMatch(): void
  topUp(points: number): void
  /** every charge since the start (or the last reset-usage) */
  ledger(): LedgerEntry[]
  /** the entry, to which the server adds when it answered */
  recordRequest(product: Product, path: string, nowMs: number): RequestEntry
  /** requests received since the start (or the last reset-usage), oldest first */
  requests(): RequestEntry[]
  /** rehearsal: the account already used this many hits this month (other machines, other tools) */
  setHitsThisMonth(product: Product, hits: number, nowMs: number): void
  recordHit(product: Product, nowMs: number): void
  hitsThisMonth(product: Product, nowMs: number): number
  resetUsage(): void
}

/** Calendar month in Western Indonesia Time (UTC+7, no DST), where the service's plans renew. */
export function monthKey(nowMs: number): string {
  return new Date(nowMs + 7 * 3600_000).toISOString().slice(0, 7)
}

export function createAccount(initialBalance: number): Account {
  let balance = initialBalance
  let reserved = 0
  let charged = 0
  let hits = new Map<string, number>() // `${month}|${product}` -> count
  let ledger: LedgerEntry[] = []
  let requests: RequestEntry[] = []
  return {
    balance: () => balance,
    chargedCalls: () => charged,
    reserveFaceMatch() {
      if (balance - reserved < FACE_MATCH_PRICE) return false
      reserved += FACE_MATCH_PRICE
      return true
    },
    commitFaceMatch(pair, nowMs, opts = {}) {
      reserved -= FACE_MATCH_PRICE
      balance -= FACE_MATCH_PRICE
      charged++
      ledger.push({
        at: nowMs ?? Date.now(),
        product: 'face-match',
        points: FACE_MATCH_PRICE,
        pair: pair ?? null,
        ...(opts.abandoned ? { abandoned: true } : {}),
      })
    },
    ledger: () => [...ledger],
    recordRequest(product, path, nowMs) {
      const entry: RequestEntry = { at: nowMs, product, path }
      requests.push(entry)
      if (requests.length > REQUEST_LOG_MAX) requests = requests.slice(-REQUEST_LOG_MAX / 2)
      return entry
    },
    requests: () => requests.map((r) => ({ ...r })),
    setHitsThisMonth(product, n, nowMs) {
      hits.set(`${monthKey(nowMs)}|${product}`, n)
    },
    releaseFaceMatch() {
      reserved -= FACE_MATCH_PRICE
    },
    topUp(points) {
      balance += points
    },
    recordHit(product, nowMs) {
      const k = `${monthKey(nowMs)}|${product}`
      hits.set(k, (hits.get(k) ?? 0) + 1)
    },
    hitsThisMonth(product, nowMs) {
      return hits.get(`${monthKey(nowMs)}|${product}`) ?? 0
    },
    resetUsage() {
      hits = new Map()
      charged = 0
      ledger = []
      requests = []
    },
  }
}

export function hitsSnapshot(account: Account, nowMs: number): Record<Product, number> {
  const out = {} as Record<Product, number>
  for (const p of PRODUCTS) out[p] = account.hitsThisMonth(p, nowMs)
  return out
}
