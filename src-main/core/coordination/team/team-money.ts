/**
 * The team's money: every paid request reserves its cost under one lock in the team store
 * (rekap.reserve_money: month's budget, stated balance, charges on the ledger, reservations of
 * living desks), after the job's own budget and balance said yes. Settling turns the reservation
 * into one charge on the team ledger, or releases it; a settle that cannot reach the store is
 * kept and retried (the reservation keeps counting meanwhile, so nothing can overspend).
 *
 * A charge is dated when it was answered, not when its settle reached the store: one settled after
 * an outage across a month's end belongs to the month it happened in, as this desk's own ledger
 * says. The desk sends the answer's age (its clock at sending minus its clock at the answer: only
 * the difference counts, so a desk whose clock is set wrong still says it right) and the store
 * places it on its own clock, clamped to [the reservation's sent_at, now()] (schema v6): no desk,
 * whatever its clock, dates a charge before its request left or after the store learned of it.
 */
import type { Clock } from '../../context'
import type { Store } from '../../store'
import { localMoney } from '../local'
import type { JobScope, MoneyGate } from '../port'
import type { TeamLink } from './team-link'
import { TEAM_TIME_ZONE } from './team-month'
import { TeamUnreachable } from '../team-unreachable'
import { coreText } from '../../texts/core-text'

export function teamMoney(link: TeamLink, store: Store, clock: Clock, scope: JobScope): MoneyGate {
  const own = localMoney(store, scope)
  return {
    async reserve(price) {
      const mine = await own.reserve(price)
      if (!mine.ok) return mine
      try {
        const desk = await link.desk()
        const r = await link.q('SELECT * FROM rekap.reserve_money($1, $2, $3, $4, $5, $6, $7)', [
          link.lease,
          desk,
          scope.job.id,
          0,
          scope.product,
          price,
          TEAM_TIME_ZONE,
        ])
        const row = r.rows[0] as { reservation: string | null; limit_name: 'team-budget' | 'team-balance' | null; limit_rp: string | null }
        if (row.reservation === null) {
          mine.hold.settle({ charged: false, rowNo: 0, pairKey: null })
          return { ok: false, limit: row.limit_name!, limitRp: Number(row.limit_rp) }
        }
        return {
          ok: true,
          hold: {
            async sending() {
              await mine.hold.sending()
              const sent = await link.q('UPDATE rekap.reservations SET sent_at = clock_timestamp() WHERE id = $1', [row.reservation])
              // gone: this desk's lease lapsed (a stalled process, a closed laptop) and the team released
              // it as a dead desk's; sent now, its charge would reach no ledger. Not sent: the job
              // blocks and, the store answering, reserves again under the team's money check.
              if (sent.rowCount === 0) throw new TeamUnreachable(coreText('team.leaseLapsed', {}))
            },
            settle(o) {
              mine.hold.settle(o)
              if (o.uncertain) return
              const answeredAt = o.answeredAt ?? clock.now()
              // the age is measured at each try: one kept through an outage is older when it lands
              link.eventually('SELECT rekap.settle_money($1, $2, $3, $4)', () => [
                row.reservation, o.charged, o.pairKey, Math.max(0, Math.round(clock.now() - answeredAt)),
              ])
            },
          },
        }
      } catch (err) {
        mine.hold.settle({ charged: false, rowNo: 0, pairKey: null })
        throw err
      }
    },
  }
}
