/**
 * What `rekap team status` and the Team screen show: desks, operators, running jobs, and this
 * month's money and hits. Money, hits and rate come from the coordination tables when the store
 * has them (team-engine's migration); until then they are null, not zero.
 */
import type pg from 'pg'
import type { TeamStatusView } from '../../contract/ipc'
import { readTeamCounts, readTeamMoney } from '../coordination/team/team-money-settings'
import { TEAM_MONTH_NOW, inTeamMonth } from '../coordination/team/team-month'
import { shownState } from '../model/lease-rules'

/** The Team screen's view (the contract's) without who is asking: the team's own state. */
export type TeamStatus = Omit<TeamStatusView, 'team' | 'desk' | 'role'>

/** Job states that mean "a desk is working on it now" (contract/job-names). */
const RUNNING = ['running', 'blocked']

/**
 * The month is the team's (team-month: WIB), never the viewer's: budget, budget left, hits and
 * every paid request's check count that month, and a desk set to another zone (WITA, WIT, UTC)
 * showed the spend of a month shifted by its offset beside the budget left of the team's. The
 * team report bounds its month by the same inTeamMonth, so its totals are this spend.
 */
export async function readTeamStatus(pool: pg.Pool): Promise<TeamStatus> {
  // dead desks' reservations become uncertain charges first (migration v3): the month's spend includes them
  await pool.query('SELECT rekap.sweep_dead_reservations()')
  const desks = await pool.query(`SELECT name, host, last_seen, last_role FROM rekap.desks ORDER BY name`)
  const ops = await pool.query(
    `SELECT role, array_agg(desk ORDER BY desk) AS desks, max(last_seen) AS last_seen FROM rekap.operators GROUP BY role ORDER BY role`,
  )
  // a job's process lives while its lease does (migration v4); one published by hand names none
  const jobs = await pool.query(
    `SELECT desk, job_id, kind, state, total, counts, operator, updated_at,
            session IS NULL OR EXISTS (SELECT 1 FROM rekap.leases l WHERE l.session = j.session AND rekap.lease_lives(l.lease_until)) AS owner_lives
       FROM rekap.jobs j WHERE state = ANY($1) ORDER BY desk, job_id`,
    [RUNNING],
  )
  const money = await pool.query(
    `SELECT ${TEAM_MONTH_NOW} AS month,
            coalesce(sum(amount_rp), 0)::bigint AS spent, count(*) FILTER (WHERE NOT reused)::int AS charges,
            count(*) FILTER (WHERE reused)::int AS reuses
       FROM rekap.charges WHERE ${inTeamMonth('charged_at', TEAM_MONTH_NOW)}`,
  )
  const mc = await pool.query(`SELECT value = 'true'::jsonb AS on FROM rekap.settings WHERE key = 'maker_checker'`)
  // the shared counts (core/coordination/team): hits, budget left, rate in use
  const [counts, teamMoney] = await Promise.all([readTeamCounts(pool), readTeamMoney(pool)])
  return {
    desks: desks.rows.map((d) => ({ name: d.name, host: d.host, lastSeen: iso(d.last_seen), lastRole: d.last_role })),
    operators: ops.rows.map((o) => ({ role: o.role, desks: o.desks, lastSeen: iso(o.last_seen) })),
    runningJobs: jobs.rows.map((j) => ({
      // a killed desk never publishes again: its job reads interrupted, as on the desk itself
      desk: j.desk, jobId: j.job_id, kind: j.kind, state: shownState(j.state, j.owner_lives ? 'live' : 'dead'), total: j.total, counts: j.counts, operator: j.operator, updatedAt: iso(j.updated_at),
    })),
    month: money.rows[0].month,
    spentRp: Number(money.rows[0].spent),
    charges: money.rows[0].charges,
    reuses: money.rows[0].reuses,
    hits: counts.hits,
    budgetRp: teamMoney.budgetRp,
    budgetLeftRp: teamMoney.budgetLeftRp,
    balanceRp: teamMoney.balanceRp,
    rateInUse: counts.rateInUse,
    makerChecker: mc.rows[0]?.on === true,
  }
}

function iso(d: Date | string): string {
  return new Date(d).toISOString()
}

/** rekap team settings --maker-checker on|off (needs the store owner's rights). */
export async function setMakerChecker(pool: pg.Pool, on: boolean): Promise<void> {
  await pool.query(
    `INSERT INTO rekap.settings (key, value) VALUES ('maker_checker', $1::jsonb)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, set_by = current_user, set_at = now()`,
    [JSON.stringify(on)],
  )
}
