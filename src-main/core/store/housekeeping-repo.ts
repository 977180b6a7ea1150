import { type Db, writeTransaction } from './database'
import { removingJobs } from './job-removal'

/** What a deleted job leaves behind: its totals and the digest of its last report, for the month's audit. */
export interface DeletedJobLine {
  jobId: string
  kind: string
  inputName: string | null
  inputFingerprint: string | null
  createdAt: number
  finishedAt: number | null
  deletedAt: number
  rowsTotal: number
  chargedRows: number
  points: number
  reportDigest: string | null
}

interface DeletedJobDb {
  job_id: string
  kind: string
  input_name: string | null
  input_fingerprint: string | null
  created_at: number
  finished_at: number | null
  deleted_at: number
  rows_total: number
  charged_rows: number
  points: number
  report_digest: string | null
}

/**
 * A job as the person deciding to delete it was shown it: its state, its last change, who held
 * its lease. See HousekeepingRepo.deleteJob.
 */
export interface JobAsShown {
  state: string
  updatedAt: number
  leaseOwner: string | null
}

/** A job that may be pruned: finished (done, cancelled) or a plan never started, last touched before the cut-off. */
export interface PrunableJob {
  id: string
  kind: string
  state: string
  inputName: string | null
  updatedAt: number
}

/**
 * Housekeeping: deleting jobs without breaking the month's money. A deleted job's charge lines
 * become one line per product and month (row 0: the job as a whole) with the same points, so the
 * ledger's month totals are unchanged; `deleted_jobs` keeps its totals and its report digest.
 */
export class HousekeepingRepo {
  constructor(private readonly db: Db) {}

  /** Jobs nobody will resume, last changed before `before`: done, cancelled, or planned and never started. */
  prunable(before: number): PrunableJob[] {
    return (
      this.db
        .prepare<unknown[], PrunableJob>(
          `SELECT id, kind, state, input_name AS inputName, updated_at AS updatedAt FROM jobs
           WHERE updated_at < ? AND (state IN ('done', 'cancelled') OR (state IN ('draft', 'ready') AND started_at IS NULL))
           ORDER BY updated_at`,
        )
        .all(before)
    )
  }

  /** The job as it is now, to show before deleting it (undefined: no such job). */
  asShown(jobId: string): JobAsShown | undefined {
    return this.db
      .prepare<unknown[], JobAsShown>(
        'SELECT j.state, j.updated_at AS updatedAt, l.owner_id AS leaseOwner FROM jobs j LEFT JOIN job_leases l ON l.job_id = j.id WHERE j.id = ?',
      )
      .get(jobId)
  }

  /**
   * Deletes the job (rows, results, records, decisions and counts) and folds its ledger lines.
   * With `shown`, only if the job is still as it was shown (else null, nothing changed): the
   * person decided on what they saw, and between that and now (their confirmation, the final
   * report of a big job) another process may have resumed it; deleted, it vanished under that
   * process, whose requests in flight were charged by the service and never reached the ledger.
   * Judged here, in the IMMEDIATE transaction that deletes: no process can change it in between.
   */
  deleteJob(jobId: string, o: { reportDigest: string | null; now: number; shown?: JobAsShown }): DeletedJobLine | null {
    // removingJobs: the job goes in this short transaction, its rows after, a few thousand per
    // transaction: the cascade held the write lock ~10 s for 1,000,000 rows (job-removal.ts)
    return removingJobs(this.db, () => writeTransaction(this.db, () => {
      if (o.shown && !sameJob(this.asShown(jobId), o.shown)) return null
      const job = this.db
        .prepare<unknown[], { id: string; kind: string; input_name: string | null; input_fingerprint: string | null; created_at: number; finished_at: number | null }>('SELECT id, kind, input_name, input_fingerprint, created_at, finished_at FROM jobs WHERE id = ?')
        .get(jobId)
      if (!job) throw new Error(`no job ${jobId}`)
      const totals = this.db
        .prepare<unknown[], { rows_total: number; charged_rows: number }>('SELECT COUNT(*) AS rows_total, COALESCE(SUM(charged), 0) AS charged_rows FROM job_rows WHERE job_id = ?')
        .get(jobId)!
      const folded = this.db
        .prepare<unknown[], { product: string; month: string; points: number; at: number }>('SELECT product, month, SUM(points) AS points, MAX(at) AS at FROM charges WHERE job_id = ? GROUP BY product, month')
        .all(jobId)
      this.db.prepare('DELETE FROM charges WHERE job_id = ?').run(jobId)
      const line = this.db.prepare('INSERT INTO charges (job_id, row_no, product, points, month, at) VALUES (?, 0, ?, ?, ?, ?)')
      for (const f of folded) line.run(jobId, f.product, f.points, f.month, f.at)
      const points = folded.reduce((sum, f) => sum + f.points, 0)
      this.db
        .prepare(
          `INSERT OR REPLACE INTO deleted_jobs (job_id, kind, input_name, input_fingerprint, created_at, finished_at, deleted_at,
             rows_total, charged_rows, points, report_digest) VALUES (?,?,?,?,?,?,?,?,?,?,?)`,
        )
        .run(jobId, job.kind, job.input_name, job.input_fingerprint, job.created_at, job.finished_at, o.now, totals.rows_total, totals.charged_rows, points, o.reportDigest)
      this.db.prepare('DELETE FROM jobs WHERE id = ?').run(jobId)
      return this.deleted(jobId)!
    }))
  }

  deleted(jobId: string): DeletedJobLine | undefined {
    const r = this.db.prepare<unknown[], DeletedJobDb>('SELECT * FROM deleted_jobs WHERE job_id = ?').get(jobId)
    return r && toLine(r)
  }

  deletedJobs(): DeletedJobLine[] {
    return (this.db.prepare<unknown[], DeletedJobDb>('SELECT * FROM deleted_jobs ORDER BY deleted_at').all()).map(toLine)
  }

  /** The ledger's total per month (Rp points), deleted jobs' folded lines included. */
  monthTotals(): Record<string, number> {
    const rows = this.db.prepare<unknown[], { month: string; points: number }>('SELECT month, SUM(points) AS points FROM charges GROUP BY month').all()
    return Object.fromEntries(rows.map((r) => [r.month, r.points]))
  }
}

function toLine(r: DeletedJobDb): DeletedJobLine {
  return {
    jobId: r.job_id,
    kind: r.kind,
    inputName: r.input_name,
    inputFingerprint: r.input_fingerprint,
    createdAt: r.created_at,
    finishedAt: r.finished_at,
    deletedAt: r.deleted_at,
    rowsTotal: r.rows_total,
    chargedRows: r.charged_rows,
    points: r.points,
    reportDigest: r.report_digest,
  }
}

function sameJob(now: JobAsShown | undefined, shown: JobAsShown): boolean {
  return !!now && now.state === shown.state && now.updatedAt === shown.updatedAt && now.leaseOwner === shown.leaseOwner
}
