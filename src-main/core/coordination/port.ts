/**
 * The coordination port: the one narrow interface through which the engine reaches what the
 * service counts per ACCOUNT (not per desk): the rate per product, the money, the monthly hits,
 * pair reuse (pay once) and the charges ledger. Two implementations:
 *   - local (./local.ts): today's in-process limiter, money guard and hit counter over this
 *     desk's SQLite file; the default, no server, no set-up;
 *   - team (./team/): the same decisions taken in one shared PostgreSQL store, so several desks
 *     on one service key together stay inside the account's rate, budget, balance and quota.
 * The engine and the runner never ask which one they hold.
 *
 * Every method that may reach a shared store is async; a store that cannot be reached makes
 * it throw TeamUnreachable (./team-unreachable.ts), which the runner turns into a resumable
 * block, never into an uncoordinated request.
 */
import type { JobRecord } from '../store/jobs-repo'
import type { RowResult } from '../store/row-queries'
import type { Product } from '../model/products'

/** Turns of one account's product: every request waits for one. */
export interface RateTurns {
  /** resolves when the caller may send one request; callers are paced to the plan's rate */
  take(signal?: AbortSignal): Promise<void>
  /** the service answered 429: every caller of this account slows down (and waits Retry-After) */
  rateLimited(retryAfterMs?: number): void
  /** a request got an answer that was not a 429 */
  succeeded(): void
}

/** The month's hits of one account's product (what the plan's quota counts). */
export interface HitCounter {
  /** a request the quota counts is about to start: false (and nothing counted) when no hit is left */
  tryStart(quota: number | null): Promise<boolean>
  /** the request ended without counting as a hit */
  unstart(): void
  /** hits used this month as last known (for messages and views) */
  used(): number
  /**
   * Hits used this month as the counter's store holds them now: a plan's "quota left" must count
   * every desk of a team, not what this desk last saw (0 before its first request).
   */
  read(): Promise<number>
  /** a runner starts / stops drawing on the counter (the first one re-reads the stored count) */
  acquire(): void
  release(): void
  /**
   * The user states how many hits the account used this month; resolves to the count now held.
   * A team's count is never lowered by a statement (it holds every desk's requests): a stated
   * count below it leaves it as it is, and the higher count comes back.
   */
  state(hits: number): Promise<number>
}

/** Which limit stops a paid request: the job's own or the team's (account's) shared one. */
export type MoneyLimitName = 'budget' | 'balance' | 'team-budget' | 'team-balance'

/** What a paid request holds between its reservation and its answer. */
export interface MoneyHold {
  /**
   * The request is about to leave (its turn taken): from now on it may be charged. The team marks
   * its reservation sent before it goes, so a desk that dies afterwards leaves an uncertain charge
   * on the ledger, while a reservation that never left is simply released.
   */
  sending(): Promise<void>
  /**
   * The answer (or the certainty that nothing was charged) is known: charge or release. `uncertain`:
   * the request was cut off and may have been charged; the local guard releases it (as it always
   * did), the team keeps the reservation while this desk lives, so the team cannot overspend by it.
   * `answeredAt`: when the answer was stored (this desk's clock, as its own ledger dates the
   * charge); the team dates its charge then, not when the settle reached the store.
   */
  settle(outcome: { charged: boolean; uncertain?: boolean; rowNo: number; pairKey: string | null; answeredAt?: number }): void
}

export type Reservation = { ok: true; hold: MoneyHold } | { ok: false; limit: MoneyLimitName; limitRp: number }

/** The money gate of one job: reserve before a paid request, settle after. */
export interface MoneyGate {
  reserve(pricePoints: number): Promise<Reservation>
}

/** A pair's verified answer another job (or desk) paid for. */
export interface SharedPairAnswer {
  outcome: 'match' | 'no-match'
  match: boolean
  confidence: number | null
  /** when the service answered */
  at: number
  /** the job (and row) that paid for it, for the reuse trail */
  source: { desk: string | null; jobId: string; rowNo: number }
}

/** Before a paid pair is sent: someone answered it already, or this caller sends it (and tells the others). */
export type PairTurn =
  | { kind: 'reuse'; answer: SharedPairAnswer }
  | { kind: 'send'; finish(answer: Omit<SharedPairAnswer, 'source'> | null): void }

export interface PairGate {
  /**
   * Claims a pair (both photos' content hashes) for sending. A pair answered within the reuse
   * window is handed back for free; a pair another caller has in flight is waited for (its
   * answer reused, or the claim passed on if it failed).
   */
  claim(pair: { key: string; jobId: string; rowNo: number; sinceMs: number }, signal?: AbortSignal): Promise<PairTurn>
}

export interface JobScope {
  job: JobRecord
  account: string
  product: Product
}

export interface Coordination {
  /** the shared turns of one account's product at the given plan rate */
  rate(account: string, product: Product, rps: number): RateTurns
  /** the month's hit counter of one account's product */
  hits(account: string, product: Product): HitCounter
  /** the money gate of one job (its own budget and balance, and the account's shared ones) */
  money(scope: JobScope): MoneyGate
  /** pay once: pairs answered or in flight under this account */
  pairs(account: string): PairGate
  /**
   * Resolves when the shared store answers again (local: at once). The runner waits here while
   * its job is blocked as "team store unreachable".
   */
  reachable(signal?: AbortSignal): Promise<void>
  /** called when the shared store stops answering, even while nothing is being asked */
  onUnreachable(listener: () => void): () => void
  close(): Promise<void>
}

/** The result a row gets when its pair is reused from another job or desk. */
export function reusedPairResult(answer: SharedPairAnswer, recordKey: string): RowResult {
  return {
    outcome: answer.outcome,
    match: answer.match,
    confidence: answer.confidence,
    recordKey,
    fromCache: true,
    raw: {
      reusedFrom: {
        ...(answer.source.desk ? { desk: answer.source.desk } : {}),
        jobId: answer.source.jobId,
        rowNo: answer.source.rowNo,
        verifiedAt: new Date(answer.at).toISOString(),
      },
    },
  }
}
