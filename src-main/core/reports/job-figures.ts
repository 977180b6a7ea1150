import type { Store, RowCounts, Outcome } from '../store'
import type { JobRecord } from '../store'
import type { RowState } from '../model/row-state'
import { reportOutcome, type ReportOutcome } from './row-outcome'

/** The numbers a summary states, read from the store in a few aggregate queries (no row pass). */
export interface JobFigures {
  counts: RowCounts
  /** rows per report label, by the same rule the results sheet uses */
  outcomes: Partial<Record<ReportOutcome, number>>
  /** requests sent (every attempt of every row) */
  attempts: number
  /** points in the charges ledger for this job */
  ledgerPoints: number
  ledgerCalls: number
  /** records a directory job yielded (de-duplicated) */
  records: number
}

export function jobFigures(store: Store, job: JobRecord): JobFigures {
  const band = job.settings.reviewBand ?? null
  const groups = store.db
    .prepare(
      `SELECT r.state AS state, res.outcome AS outcome,
         CASE WHEN ? IS NOT NULL AND res.confidence IS NOT NULL AND res.confidence >= ? AND res.confidence <= ? THEN 1 ELSE 0 END AS in_band,
         COUNT(*) AS n
       FROM job_rows r LEFT JOIN results res ON res.job_id = r.job_id AND res.row_no = r.row_no
       WHERE r.job_id = ? GROUP BY 1, 2, 3`,
    )
    .all(band ? 1 : null, band?.[0] ?? 0, band?.[1] ?? 0, job.id) as {
    state: RowState
    outcome: Outcome | null
    in_band: number
    n: number
  }[]
  const outcomes: Partial<Record<ReportOutcome, number>> = {}
  for (const g of groups) {
    const key = reportOutcome(g.state, g.outcome, g.in_band === 1)
    outcomes[key] = (outcomes[key] ?? 0) + g.n
  }
  const attempts = (
    store.db.prepare('SELECT COALESCE(SUM(attempts), 0) AS n FROM job_rows WHERE job_id = ?').get(job.id) as { n: number }
  ).n
  const records = (store.db.prepare('SELECT COUNT(*) AS n FROM job_records WHERE job_id = ?').get(job.id) as { n: number }).n
  return {
    counts: store.rows.counts(job.id),
    outcomes,
    attempts,
    ledgerPoints: store.usage.chargedPoints(job.id),
    ledgerCalls: store.usage.chargedCalls(job.id),
    records,
  }
}
