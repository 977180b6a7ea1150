/**
 * The job registry: what a desk tells the team about its jobs (kind, state, counts, calls, spend)
 * for the Team screen and the month's report. Never the API key, never the rows' data.
 */
import type pg from 'pg'
import type { JobRecord, RowCounts } from '../store'

export interface PublishedJob {
  jobId: string
  kind: string
  state: string
  counts: RowCounts
  /** the lease of the process running the job (the coordination link's); none when published by hand */
  session?: string | null
}

/** Requests that reached the service (the pre-flight's own refusals and reused answers never did). */
export function callsOf(c: RowCounts): number {
  return Math.max(0, c.done + c.uncertain + c.failed - c.localFailures - c.cacheHits)
}

/** The registry's view of a local job. */
export function publishedJob(job: Pick<JobRecord, 'id' | 'kind' | 'state'>, counts: RowCounts): PublishedJob {
  return { jobId: job.id, kind: job.kind, state: job.state, counts }
}

/** Upserts a job's state and counts; the operator is the role that first published it (the database says who). */
export async function publishJob(pool: pg.Pool | pg.PoolClient, desk: string, j: PublishedJob): Promise<void> {
  const c = j.counts
  await pool.query(
    `INSERT INTO rekap.jobs (desk, job_id, kind, state, total, counts, calls, spent_rp, session)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (desk, job_id) DO UPDATE SET state = EXCLUDED.state, total = EXCLUDED.total, counts = EXCLUDED.counts,
       calls = EXCLUDED.calls, spent_rp = EXCLUDED.spent_rp, session = coalesce(EXCLUDED.session, rekap.jobs.session), updated_at = now()`,
    [
      desk, j.jobId, j.kind, j.state, c.total,
      JSON.stringify({ pending: c.pending, inFlight: c.inFlight, done: c.done, failed: c.failed, uncertain: c.uncertain, charged: c.charged }),
      callsOf(c), c.costPoints, j.session ?? null,
    ],
  )
}
