/**
 * One rate per account and product across desks: a GCRA row in the team store. Taking a turn is
 * ONE statement: the row's theoretical arrival time (tat) moves one interval on, and the caller's
 * slot is where it stood (never earlier than now, less a single slot of catch-up when the row sat
 * idle). The caller sleeps until its slot; desks never talk to each other. A 429 pushes tat past
 * Retry-After, so every desk backs off together.
 */
import type { Clock } from '../../context'
import type { RateTurns } from '../port'
import type { TeamLink } from './team-link'

/** What one turn cost, for bench/team.ts (times in ms since the epoch, the server's slot by its clock). */
export interface TurnSeen {
  askedAt: number
  doneAt: number
  slotServerAt: number
  /** when this desk meant to let it go: its slot by this desk's clock, or when the slot became known if later */
  readyAt: number
  /** statements to the team store this turn waited for */
  roundTrips: number
}

export function teamRateTurns(
  link: TeamLink,
  clock: Clock,
  account: string,
  product: string,
  rps: number,
  observe?: (seen: TurnSeen) => void,
): RateTurns {
  const intervalMs = 1000 / rps
  return {
    async take(signal) {
      signal?.throwIfAborted()
      const askedAt = clock.now()
      const r = await link.q(
        `WITH up AS (
           INSERT INTO rekap.rate_limits AS l (account, product, tat, rps)
           VALUES ($1, $2, clock_timestamp() + $3 * interval '1 millisecond', $4)
           ON CONFLICT (account, product) DO UPDATE
             SET tat = greatest(l.tat, clock_timestamp() - $3 * interval '1 millisecond') + $3 * interval '1 millisecond', rps = $4
           RETURNING tat)
         SELECT extract(epoch FROM (tat - clock_timestamp())) * 1000 - $3 AS wait_ms, extract(epoch FROM tat) * 1000 - $3 AS slot_at FROM up`,
        [account, product, intervalMs, rps],
      )
      const knownAt = clock.now()
      const wait = Number(r.rows[0].wait_ms)
      if (wait > 0) await clock.sleep(wait, signal)
      observe?.({ askedAt, doneAt: clock.now(), slotServerAt: Number(r.rows[0].slot_at), readyAt: knownAt + Math.max(0, wait), roundTrips: 1 })
    },
    rateLimited(retryAfterMs) {
      link.eventually(
        `UPDATE rekap.rate_limits SET tat = greatest(tat, clock_timestamp() + $3 * interval '1 millisecond'), last_429 = clock_timestamp()
         WHERE account = $1 AND product = $2`,
        [account, product, retryAfterMs ?? 1000],
      )
    },
    succeeded() {},
  }
}
