/**
 * The month's figures from the team store for the auditor: per desk and operator (jobs, calls,
 * charges, reuses, decisions), every charge and every decision. The month is the team's (WIB,
 * team-month), as the Team screen's spend and the budget count it: the report's time zone only
 * changes how times are shown, never which month a charge is in.
 */
import type pg from 'pg'
import { inTeamMonth } from '../coordination/team/team-month'

export interface OperatorLine {
  desk: string
  operator: string
  jobs: number
  calls: number
  charges: number
  amountRp: number
  reuses: number
  decisions: number
  /** charges a dead desk had sent but not settled (maybe charged): their count and Rupiah, part of charges/amountRp */
  uncertain: number
  uncertainRp: number
}
export interface ChargeLine {
  at: number; desk: string; operator: string; jobId: string; product: string; pairHash: string | null; amountRp: number; reused: boolean
  /** a request sent by a desk that died before its answer was settled: maybe charged (schema v3) */
  uncertain: boolean
}
export interface DecisionLine { at: number; deciderDesk: string | null; decider: string; pairDesk: string; jobId: string; rowNo: number; decision: string; note: string | null }

export interface TeamMonth {
  month: string
  byOperator: OperatorLine[]
  charges: ChargeLine[]
  decisions: DecisionLine[]
  /** a role seen on more than one desk: names do not tell people apart */
  sharedRole: boolean
}

const IN_MONTH = (col: string): string => inTeamMonth(col, '$1::text')

/** `month`: 'YYYY-MM', the team's (WIB) calendar month. */
export async function readTeamMonth(pool: pg.Pool, month: string): Promise<TeamMonth> {
  const p = [month]
  // a dead desk's unsettled requests are on the ledger (uncertain) before the month is read (migration v3)
  await pool.query('SELECT rekap.sweep_dead_reservations()')
  const by = await pool.query(
    `WITH j AS (SELECT desk, operator, count(*)::int AS jobs, sum(calls)::int AS calls FROM rekap.jobs WHERE ${IN_MONTH('started_at')} GROUP BY 1, 2),
          c AS (SELECT desk, operator, count(*) FILTER (WHERE NOT reused)::int AS charges, coalesce(sum(amount_rp), 0)::bigint AS amount,
                       count(*) FILTER (WHERE reused)::int AS reuses, count(*) FILTER (WHERE uncertain)::int AS uncertain,
                       coalesce(sum(amount_rp) FILTER (WHERE uncertain), 0)::bigint AS uncertain_rp FROM rekap.charges WHERE ${IN_MONTH('charged_at')} GROUP BY 1, 2),
          d AS (SELECT coalesce(desk, '') AS desk, decider AS operator, count(*)::int AS decisions FROM rekap.decisions WHERE ${IN_MONTH('decided_at')} GROUP BY 1, 2),
          k AS (SELECT desk, operator FROM j UNION SELECT desk, operator FROM c UNION SELECT desk, operator FROM d)
     SELECT k.desk, k.operator::text, coalesce(j.jobs, 0) AS jobs, coalesce(j.calls, 0) AS calls, coalesce(c.charges, 0) AS charges,
            coalesce(c.amount, 0) AS amount, coalesce(c.reuses, 0) AS reuses, coalesce(d.decisions, 0) AS decisions,
            coalesce(c.uncertain, 0) AS uncertain, coalesce(c.uncertain_rp, 0) AS uncertain_rp
       FROM k LEFT JOIN j USING (desk, operator) LEFT JOIN c USING (desk, operator) LEFT JOIN d USING (desk, operator)
      ORDER BY k.desk, k.operator`,
    p,
  )
  const charges = await pool.query(
    `SELECT charged_at, desk, operator::text, job_id, product, pair_hash, amount_rp, reused, uncertain FROM rekap.charges WHERE ${IN_MONTH('charged_at')} ORDER BY charged_at, id`,
    p,
  )
  const decisions = await pool.query(
    `SELECT d.decided_at, d.desk AS decider_desk, d.decider::text, i.desk AS pair_desk, i.job_id, i.row_no, d.decision, d.note
       FROM rekap.decisions d JOIN rekap.review_items i ON i.id = d.item_id WHERE ${IN_MONTH('d.decided_at')} ORDER BY d.decided_at, d.id`,
    p,
  )
  const shared = await pool.query(`SELECT EXISTS (SELECT 1 FROM rekap.operators GROUP BY role HAVING count(*) > 1) AS shared`)
  return {
    month,
    byOperator: by.rows.map((r) => ({
      desk: r.desk, operator: r.operator, jobs: r.jobs, calls: r.calls, charges: r.charges, amountRp: Number(r.amount), reuses: r.reuses, decisions: r.decisions,
      uncertain: r.uncertain, uncertainRp: Number(r.uncertain_rp),
    })),
    charges: charges.rows.map((r) => ({
      at: new Date(r.charged_at).getTime(), desk: r.desk, operator: r.operator, jobId: r.job_id, product: r.product, pairHash: r.pair_hash,
      amountRp: Number(r.amount_rp), reused: r.reused, uncertain: r.uncertain,
    })),
    decisions: decisions.rows.map((r) => ({
      at: new Date(r.decided_at).getTime(), deciderDesk: r.decider_desk, decider: r.decider, pairDesk: r.pair_desk, jobId: r.job_id, rowNo: r.row_no,
      decision: r.decision, note: r.note,
    })),
    sharedRole: shared.rows[0].shared,
  }
}
