import type { JobRecord, Store } from './store'
import { verdictOf, type Verdict } from './verdict'

/**
 * A job's rows per verdict (the one rule, `verdictOf`, with the job's review band), in one
 * aggregate query: what the report's summary and `rekap jobs --json` (`counts.verdicts`) state.
 */
export function verdictCounts(store: Store, job: JobRecord): Partial<Record<Verdict, number>> {
  const out: Partial<Record<Verdict, number>> = {}
  for (const g of store.rows.outcomeGroups(job.id, job.settings.reviewBand ?? null)) {
    const key = verdictOf(g.state, g.outcome, g.inBand)
    out[key] = (out[key] ?? 0) + g.n
  }
  return out
}
