/**
 * The team's money settings and what the Team screen and `rekap team status` show of the shared
 * counts: this month's budget (rekap team budget), the balance stated after a top-up (rekap team
 * balance), budget and balance left after charges and living reservations, hits this month per
 * product, and the rate each product's limiter is set to (used in the last minute).
 */
import type pg from 'pg'
import { TEAM_MONTH_NOW as MONTH, inTeamMonth } from './team-month'

export interface TeamMoneyView {
  month: string
  budgetRp: number | null
  balanceRp: number | null
  spentThisMonthRp: number
  reservedRp: number
  budgetLeftRp: number | null
  balanceLeftRp: number | null
}

export async function setTeamBudget(pool: pg.Pool, rp: number): Promise<TeamMoneyView> {
  await pool.query(
    `INSERT INTO rekap.budgets (month, budget_rp) VALUES (${MONTH}, $1)
     ON CONFLICT (month) DO UPDATE SET budget_rp = EXCLUDED.budget_rp, set_by = current_user, set_at = now()`,
    [rp],
  )
  return readTeamMoney(pool)
}

/** The balance as the dashboard shows it after a top-up: from now on, charges count against it. */
export async function setTeamBalance(pool: pg.Pool, rp: number): Promise<TeamMoneyView> {
  await pool.query(
    `INSERT INTO rekap.balance (id, balance_rp) VALUES (true, $1)
     ON CONFLICT (id) DO UPDATE SET balance_rp = EXCLUDED.balance_rp, stated_at = now(), set_by = current_user`,
    [rp],
  )
  return readTeamMoney(pool)
}

export async function readTeamMoney(pool: pg.Pool): Promise<TeamMoneyView> {
  const r = await pool.query(
    `SELECT ${MONTH} AS month,
       (SELECT budget_rp FROM rekap.budgets WHERE month = ${MONTH}) AS budget,
       (SELECT balance_rp FROM rekap.balance) AS balance,
       (SELECT coalesce(sum(amount_rp), 0) FROM rekap.charges WHERE ${inTeamMonth('charged_at', MONTH)}) AS spent,
       (SELECT coalesce(sum(amount_rp), 0) FROM rekap.charges WHERE charged_at >= (SELECT stated_at FROM rekap.balance)) AS spent_since_balance,
       (SELECT coalesce(sum(r.amount_rp), 0) FROM rekap.reservations r JOIN rekap.leases l ON l.session = r.session
         WHERE rekap.lease_lives(l.lease_until)) AS reserved`,
  )
  const row = r.rows[0]
  const budget = row.budget === null ? null : Number(row.budget)
  const balance = row.balance === null ? null : Number(row.balance)
  const spent = Number(row.spent)
  const reserved = Number(row.reserved)
  return {
    month: row.month,
    budgetRp: budget,
    balanceRp: balance,
    spentThisMonthRp: spent,
    reservedRp: reserved,
    budgetLeftRp: budget === null ? null : Math.max(0, budget - spent - reserved),
    balanceLeftRp: balance === null ? null : Math.max(0, balance - Number(row.spent_since_balance) - reserved),
  }
}

/** Hits this month and the rate in use per product, over every account of the team. */
export async function readTeamCounts(pool: pg.Pool): Promise<{ hits: Record<string, number>; rateInUse: Record<string, number> }> {
  const hits = await pool.query(`SELECT product, sum(hits)::int AS n FROM rekap.hits WHERE month = ${MONTH} GROUP BY product ORDER BY product`)
  // a limiter whose schedule reaches past the last minute is in use
  const rate = await pool.query(
    `SELECT product, max(rps) AS rps FROM rekap.rate_limits WHERE tat > clock_timestamp() - interval '1 minute' GROUP BY product ORDER BY product`,
  )
  return {
    hits: Object.fromEntries(hits.rows.map((h) => [h.product, h.n as number])),
    rateInUse: Object.fromEntries(rate.rows.map((x) => [x.product, Number(x.rps)])),
  }
}
