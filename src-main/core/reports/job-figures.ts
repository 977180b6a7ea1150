import type { Store, RowCounts } from '../store'
import type { JobRecord } from '../store'
import { verdictOf, type Verdict } from '../verdict'

/** The numbers a summary states, read from the store in a few aggregate queries (no row pass). */
export interface JobFigures {
  counts: RowCounts
  /** rows per report label, by the same rule the results sheet uses */
  outcomes: Partial<Record<Verdict, number>>
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
  const outcomes: Partial<Record<Verdict, number>> = {}
  for (const g of store.rows.outcomeGroups(job.id, band)) {
    const key = verdictOf(g.state, g.outcome, g.inBand)
    outcomes[key] = (outcomes[key] ?? 0) + g.n
  }
  const attempts = store.rows.attemptsTotal(job.id)
  const records = store.rows.recordsCount(job.id)
  return {
    counts: store.rows.counts(job.id),
    outcomes,
    attempts,
    ledgerPoints: store.usage.chargedPoints(job.id),
    ledgerCalls: store.usage.chargedCalls(job.id),
    records,
  }
}
