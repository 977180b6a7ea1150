import type { Db } from './database'

/** What a reviewer can decide about a pair; `skip` leaves it open, `flag` puts a row in the queue. */
export const REVIEW_DECISIONS = ['approve', 'reject', 'retake', 'skip'] as const
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number]
export type ReviewEntryKind = ReviewDecision | 'flag'

/** One line of the append-only review log. */
export interface ReviewEntry {
  /** position in the log (ascending = the order decisions were taken) */
  seq: number
  jobId: string
  rowNo: number
  decision: ReviewEntryKind
  reviewer: string
  note: string | null
  at: number
  /** the service's verdict for the row when the decision was taken (a verdict key, e.g. 'review') */
  serviceVerdict: string | null
  serviceConfidence: number | null
  rowState: string | null
}

export type NewReviewEntry = Omit<ReviewEntry, 'seq'>

/** A row the queue may need: every face row the service finished, left uncertain, or someone flagged. */
export interface ReviewCandidate {
  rowNo: number
  state: string
  outcome: string | null
  confidence: number | null
  flagged: boolean
}

interface EntryDb {
  id: number
  job_id: string
  row_no: number
  decision: string
  reviewer: string
  note: string | null
  at: number
  service_verdict: string | null
  service_confidence: number | null
  row_state: string | null
}

const toEntry = (r: EntryDb): ReviewEntry => ({
  seq: r.id,
  jobId: r.job_id,
  rowNo: r.row_no,
  decision: r.decision as ReviewEntryKind,
  reviewer: r.reviewer,
  note: r.note,
  at: r.at,
  serviceVerdict: r.service_verdict,
  serviceConfidence: r.service_confidence,
  rowState: r.row_state,
})

/** `asOf` (ms) reads the log as it stood then: a report is re-made from the decisions it saw. */
const asOfSql = (asOf: number | undefined): string => (asOf === undefined ? '' : ' AND at <= @asOf')

/**
 * The review log. Append-only: there is no update or delete here, and the table's triggers
 * refuse them from anywhere else too.
 */
export class ReviewRepo {
  constructor(private readonly db: Db) {}

  append(e: NewReviewEntry): ReviewEntry {
    const info = this.db
      .prepare(
        `INSERT INTO review_decisions (job_id, row_no, decision, reviewer, note, at, service_verdict, service_confidence, row_state)
         VALUES (?,?,?,?,?,?,?,?,?)`,
      )
      .run(e.jobId, e.rowNo, e.decision, e.reviewer, e.note, e.at, e.serviceVerdict, e.serviceConfidence, e.rowState)
    return { ...e, seq: Number(info.lastInsertRowid) }
  }

  /** The whole log of a job in the order decisions were taken. */
  log(jobId: string, opts: { asOf?: number } = {}): ReviewEntry[] {
    return (
      this.db
        .prepare<unknown[], EntryDb>(`SELECT * FROM review_decisions WHERE job_id = @jobId${asOfSql(opts.asOf)} ORDER BY id`)
        .all({ jobId, asOf: opts.asOf })
    ).map(toEntry)
  }

  ofRow(jobId: string, rowNo: number): ReviewEntry[] {
    return (
      this.db.prepare<unknown[], EntryDb>('SELECT * FROM review_decisions WHERE job_id = ? AND row_no = ? ORDER BY id').all(jobId, rowNo)
    ).map(toEntry)
  }

  /** Every entry of the rows that have any, grouped by row in log order (for the queue and the final-decision column). */
  byRow(jobId: string, opts: { asOf?: number } = {}): Map<number, ReviewEntry[]> {
    const map = new Map<number, ReviewEntry[]>()
    for (const e of this.log(jobId, opts)) {
      const list = map.get(e.rowNo)
      if (list) list.push(e)
      else map.set(e.rowNo, [e])
    }
    return map
  }

  /** The service's answer for one row (what a decision is taken against). */
  resultOf(jobId: string, rowNo: number): { outcome: string; confidence: number | null } | null {
    const r = this.db.prepare<unknown[], { outcome: string; confidence: number | null }>('SELECT outcome, confidence FROM results WHERE job_id = ? AND row_no = ?').get(jobId, rowNo)
    return r ?? null
  }

  /**
   * Rows the review queue looks at: finished or uncertain rows with their result, plus any
   * row someone flagged. Which of them need a person is decided by the verdict rule, not here.
   */
  candidates(jobId: string): ReviewCandidate[] {
    const rows = this.db
      .prepare<unknown[], [number, string, string | null, number | null, number]>(
        `SELECT r.row_no, r.state, res.outcome, res.confidence,
           EXISTS (SELECT 1 FROM review_decisions d WHERE d.job_id = r.job_id AND d.row_no = r.row_no AND d.decision = 'flag') AS flagged
         FROM job_rows r LEFT JOIN results res ON res.job_id = r.job_id AND res.row_no = r.row_no
         WHERE r.job_id = ? AND (r.state IN ('done', 'uncertain')
           OR EXISTS (SELECT 1 FROM review_decisions d WHERE d.job_id = r.job_id AND d.row_no = r.row_no AND d.decision = 'flag'))
         ORDER BY r.row_no`,
      )
      .raw(true)
      .all(jobId)
    return rows.map(([rowNo, state, outcome, confidence, flagged]) => ({ rowNo, state, outcome, confidence, flagged: flagged === 1 }))
  }
}
