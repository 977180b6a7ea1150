/**
 * A coordination that is loaded on first use: the CLI opens an engine synchronously, while the
 * team implementation (and its PostgreSQL driver) is only loaded when the command works in a
 * team. Every call waits for the real one; nothing is decided here.
 */
import type { Coordination, HitCounter } from './port'

export function deferredCoordination(load: () => Promise<Coordination>): Coordination {
  let loaded: Promise<Coordination> | null = null
  const real = (): Promise<Coordination> => (loaded ??= load())
  const counters = new Map<string, HitCounter>()
  return {
    rate(account, product, rps) {
      const turns = real().then((c) => c.rate(account, product, rps))
      turns.catch(() => {})
      return {
        take: async (signal) => (await turns).take(signal),
        rateLimited: (ms) => void turns.then((t) => t.rateLimited(ms), () => {}),
        succeeded: () => void turns.then((t) => t.succeeded(), () => {}),
      }
    },
    hits(account, product) {
      const id = `${account}|${product}`
      const known = counters.get(id)
      if (known) return known
      const h = real().then((c) => c.hits(account, product))
      h.catch(() => {})
      let used = 0
      const counter: HitCounter = {
        tryStart: async (quota) => {
          const ok = await (await h).tryStart(quota)
          used = (await h).used()
          return ok
        },
        unstart: () => void h.then((x) => x.unstart(), () => {}),
        used: () => used,
        read: async () => (used = await (await h).read()),
        acquire: () => void h.then((x) => x.acquire(), () => {}),
        release: () => void h.then((x) => x.release(), () => {}),
        state: async (n) => (await h).state(n),
      }
      counters.set(id, counter)
      return counter
    },
    money(scope) {
      const gate = real().then((c) => c.money(scope))
      gate.catch(() => {})
      return { reserve: async (price) => (await gate).reserve(price) }
    },
    pairs(account) {
      const gate = real().then((c) => c.pairs(account))
      gate.catch(() => {})
      return { claim: async (pair, signal) => (await gate).claim(pair, signal) }
    },
    reachable: async (signal) => (await real()).reachable(signal),
    onUnreachable(listener) {
      let off: (() => void) | null = null
      let gone = false
      void real().then((c) => {
        if (!gone) off = c.onUnreachable(listener)
      }, () => {})
      return () => {
        gone = true
        off?.()
      }
    },
    async close() {
      if (loaded) await (await loaded.catch(() => null))?.close()
    },
  }
}
