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

export function teamRateTurns(link: TeamLink, clock: Clock, account: string, product: string, rps: number): RateTurns {
  const intervalMs = 1000 / rps
  return {
    async take(signal) {
      signal?.throwIfAborted()
      const r = await link.q(
        `WITH up AS (
           INSERT INTO rekap.rate_limits AS l (account, product, tat, rps)
           VALUES ($1, $2, clock_timestamp() + $3 * interval '1 millisecond', $4)
           ON CONFLICT (account, product) DO UPDATE
             SET tat = greatest(l.tat, clock_timestamp() - $3 * interval '1 millisecond') + $3 * interval '1 millisecond', rps = $4
           RETURNING tat)
         SELECT extract(epoch FROM (tat - clock_timestamp())) * 1000 - $3 AS wait_ms FROM up`,
        [account, product, intervalMs, rps],
      )
      const wait = Number(r.rows[0].wait_ms)
      if (wait > 0) await clock.sleep(wait, signal)
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
