import { resolve } from 'node:path'
import type { Store } from '../store'
import type { SeenClaim, SeenMemory } from './claim-owner'

/**
 * What this computer has seen of other computers' claims in the watched folder `dir` (claim-owner.ts
 * ForeignClaims), kept in this computer's store beside the watcher's other state (the files it
 * took), so successive `rekap watch --once` runs add up their evidence. Times are this computer's
 * wall clock: the only clock that goes on between two runs.
 */
export function seenClaimsIn(store: Store, dir: string): SeenMemory {
  const key = `watch-claims-seen:${resolve(dir)}`
  return {
    load: () => validSeen(store.settings.get<unknown>(key)),
    save: (seen) => (Object.keys(seen).length ? store.settings.set(key, seen) : store.settings.delete(key)),
  }
}

/** What was kept, without an entry that is not a stamp and a time (a newer or older rekap's). */
function validSeen(v: unknown): Record<string, SeenClaim> {
  if (typeof v !== 'object' || v === null) return {}
  const out: Record<string, SeenClaim> = {}
  for (const [f, s] of Object.entries(v as Record<string, Partial<SeenClaim>>)) {
    if (typeof s?.stamp === 'string' && Number.isFinite(s.since)) out[f] = { stamp: s.stamp, since: s.since! }
  }
  return out
}
