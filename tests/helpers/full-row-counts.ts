/**
 * The oracle for the trigger-kept row counts (migration 5): the same figures counted the slow
 * way, every row and every result of the job read, written here independently of the store.
 */
import type { Db, RowCounts } from '../../src-main/core/store'

export function fullRowCounts(db: Db, jobId: string): RowCounts {
  const c: RowCounts = {
    total: 0,
    pending: 0,
    inFlight: 0,
    done: 0,
    failed: 0,
    uncertain: 0,
    localFailures: 0,
    charged: 0,
    costPoints: 0,
    outcomes: {},
    cacheHits: 0,
    resentUncertain: 0,
  }
  const key: Record<string, 'pending' | 'inFlight' | 'done' | 'failed' | 'uncertain'> = {
    pending: 'pending',
    'in-flight': 'inFlight',
    done: 'done',
    failed: 'failed',
    uncertain: 'uncertain',
  }
  for (const r of db
    .prepare('SELECT state, local_failure, charged, cost_points, resent_uncertain FROM job_rows NOT INDEXED WHERE job_id = ?')
    .iterate(jobId) as Iterable<{ state: string; local_failure: number; charged: number; cost_points: number; resent_uncertain: number }>) {
    c.total++
    c[key[r.state]]++
    c.localFailures += r.local_failure
    c.charged += r.charged
    c.costPoints += r.cost_points
    c.resentUncertain += r.resent_uncertain
  }
  for (const r of db.prepare('SELECT outcome, from_cache FROM results NOT INDEXED WHERE job_id = ?').iterate(jobId) as Iterable<{ outcome: string; from_cache: number }>) {
    const o = r.outcome as keyof RowCounts['outcomes']
    c.outcomes[o] = (c.outcomes[o] ?? 0) + 1
    c.cacheHits += r.from_cache
  }
  return c
}
