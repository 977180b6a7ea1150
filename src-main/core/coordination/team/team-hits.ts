/**
 * The month's hits of one account's product, counted in the team store: a hit is reserved in one
 * statement that refuses to pass the quota, so desks together never start a request the quota
 * has no hit left for. The month is the team's (team-month: Asia/Jakarta, as every team figure counts it).
 */
import type { HitCounter } from '../port'
import type { TeamLink } from './team-link'
import { TEAM_MONTH_NOW as MONTH } from './team-month'

export function teamHits(link: TeamLink, account: string, product: string): HitCounter {
  let known = 0
  return {
    async tryStart(quota) {
      if (quota !== null && quota <= 0) return false
      if (quota === null) {
        // nothing to refuse (an unlimited plan): counted for the team's view, without a round trip first
        known++
        link.eventually(
          `INSERT INTO rekap.hits AS h (account, product, month, hits) VALUES ($1, $2, ${MONTH}, 1)
           ON CONFLICT (account, product, month) DO UPDATE SET hits = h.hits + 1`,
          [account, product],
        )
        return true
      }
      const r = await link.q(
        `INSERT INTO rekap.hits AS h (account, product, month, hits) VALUES ($1, $2, ${MONTH}, 1)
         ON CONFLICT (account, product, month) DO UPDATE SET hits = h.hits + 1
           WHERE $3::integer IS NULL OR h.hits < $3::integer
         RETURNING hits`,
        [account, product, quota],
      )
      if (r.rows.length) {
        known = r.rows[0].hits as number
        return true
      }
      if (quota !== null) known = Math.max(known, quota)
      return false
    },
    unstart() {
      known = Math.max(0, known - 1)
      link.eventually(`UPDATE rekap.hits SET hits = greatest(hits - 1, 0) WHERE account = $1 AND product = $2 AND month = ${MONTH}`, [account, product])
    },
    used: () => known,
    async read() {
      const r = await link.q(`SELECT hits FROM rekap.hits WHERE account = $1 AND product = $2 AND month = ${MONTH}`, [account, product])
      known = r.rows.length ? (r.rows[0].hits as number) : 0
      return known
    },
    acquire() {},
    release() {},
    async state(hits) {
      // raised to a higher stated count (requests from outside the team), never lowered: the
      // team's count holds every desk's requests, and one desk's statement must not erase them
      const r = await link.q(
        `INSERT INTO rekap.hits AS h (account, product, month, hits) VALUES ($1, $2, ${MONTH}, $3)
         ON CONFLICT (account, product, month) DO UPDATE SET hits = greatest(h.hits, EXCLUDED.hits)
         RETURNING hits`,
        [account, product, Math.max(0, Math.floor(hits))],
      )
      known = r.rows[0].hits as number
      return known
    },
  }
}
