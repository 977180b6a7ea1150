/**
 * The local coordination (the default): one desk, one SQLite file, no server. It is what rekap
 * always did, now behind the port: a rate limiter per service and product in this process, a hit
 * counter per account and product fed by the store's usage table, and a money guard per job
 * (its budget and stated balance against its own charges). Charges are written by the row
 * transitions themselves (core/store/charge-ledger.ts), in the transaction that settles the
 * row, so settling a hold here only frees the reservation. Pair reuse is done at planning
 * (kinds/face-match/pair-reuse.ts) and again by a claim in the store before a paid pair is sent
 * (./local-pairs.ts): two jobs of one data file never pay for one pair twice.
 */
import type { Clock } from '../context'
import type { Store } from '../store'
import type { Product } from '../model/products'
import { RateLimiter } from '../jobs/rate-limiter'
import { AccountHits } from '../jobs/account-hits'
import { MoneyGuard } from '../jobs/money-guard'
import type { Coordination, HitCounter, JobScope, MoneyGate, PairGate, RateTurns } from './port'
import { localPairs } from './local-pairs'

export function createLocalCoordination(store: Store, clock: Clock): Coordination {
  const limiters = new Map<string, RateLimiter>()
  const counters = new Map<string, HitCounter>()
  const now = (): number => clock.now()
  const pairGates = new Map<string, PairGate>()

  return {
    rate(account, product, rps) {
      const key = `${account}|${product}`
      let l = limiters.get(key)
      if (!l) limiters.set(key, (l = new RateLimiter(rps, clock)))
      else l.setTarget(rps)
      return limiterTurns(l)
    },
    hits(account, product) {
      const key = `${account}|${product}`
      let h = counters.get(key)
      if (!h) counters.set(key, (h = localHits(store, account, product, now)))
      return h
    },
    money(scope) {
      return localMoney(store, scope)
    },
    pairs(account) {
      let g = pairGates.get(account)
      if (!g) pairGates.set(account, (g = localPairs(store, clock, account)))
      return g
    },
    reachable: async () => {},
    onUnreachable: () => () => {},
    close: async () => {},
  }
}

function limiterTurns(l: RateLimiter): RateTurns {
  return {
    take: (signal) => l.acquire(signal),
    rateLimited: (ms) => l.onRateLimited(ms),
    succeeded: () => l.onSuccess(),
  }
}

function localHits(store: Store, account: string, product: Product, now: () => number): HitCounter {
  const h = new AccountHits(() => store.usage.hitsThisMonth(product, now(), account))
  return {
    tryStart: async (quota) => h.tryStart(quota),
    unstart: () => h.unstart(),
    used: () => h.used(),
    read: async () => store.usage.hitsThisMonth(product, now(), account),
    acquire: () => h.acquire(),
    release: () => h.release(),
    state: async (hits) => {
      store.usage.setHitsThisMonth(account, product, hits, now())
      h.refresh()
      return hits
    },
  }
}

/** The job's own budget and stated balance, against what this job was charged. */
export function localMoney(store: Store, { job }: Pick<JobScope, 'job'>): MoneyGate & { guard: MoneyGuard } {
  const s = job.settings
  const guard = new MoneyGuard({ budgetRp: s.budgetRp, balanceRp: s.balanceRp }, store.usage.chargedPoints(job.id))
  return {
    guard,
    async reserve(price) {
      const over = guard.wouldExceed(price)
      if (over) return { ok: false, limit: over, limitRp: (over === 'budget' ? s.budgetRp : s.balanceRp) ?? 0 }
      guard.reserve(price)
      return { ok: true, hold: { sending: async () => {}, settle: ({ charged }) => guard.settle(price, charged && price > 0) } }
    },
  }
}
