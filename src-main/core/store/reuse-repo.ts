import { type Db, writeTransaction } from './database'

/** A face pair's verified result from an earlier job, free to reuse. */
export interface VerifiedPair {
  jobId: string
  rowNo: number
  outcome: 'match' | 'no-match'
  match: boolean
  confidence: number | null
  at: number
  /** the earlier job's settings snapshot, to check it talked to the same service */
  settingsJson: string
}

/** The record_key a reused face row carries: which earlier job's row answered it. */
export function reusedKey(jobId: string, rowNo: number): string {
  return `reused:${jobId}#${rowNo}`
}

export function parseReusedKey(key: string | null | undefined): { jobId: string; rowNo: number } | null {
  const m = key ? /^reused:([^#]+)#(\d+)$/.exec(key) : null
  return m ? { jobId: m[1], rowNo: Number(m[2]) } : null
}

/**
 * Finds face pairs (the two photos' hashes, the row's unit key) already verified by the
 * service in another job of this store. Only real answers count (match / no-match), never a
 * failure, and the newest answer wins.
 */
export class ReuseRepo {
  constructor(private readonly db: Db) {}

  /** A reused row was never sent: no attempt. */
  clearAttempts(jobId: string, rowNo: number): void {
    this.db.prepare('UPDATE job_rows SET attempts = 0 WHERE job_id = ? AND row_no = ?').run(jobId, rowNo)
  }

  /** The newest other job of this kind that read the same workbook (same SHA-256). */
  earlierRun(fingerprint: string, kind: string, excludeJobId: string): { jobId: string; state: string; createdAt: number; finishedAt: number | null } | null {
    const r = this.db
      .prepare<unknown[], { id: string; state: string; created_at: number; finished_at: number | null }>(
        `SELECT id, state, created_at, finished_at FROM jobs
         WHERE input_fingerprint = ? AND kind = ? AND id != ? ORDER BY created_at DESC LIMIT 1`,
      )
      .get(fingerprint, kind, excludeJobId)
    return r ? { jobId: r.id, state: r.state, createdAt: r.created_at, finishedAt: r.finished_at } : null
  }

  /**
   * Before a paid pair is sent (coordination/local-pairs.ts), in one IMMEDIATE transaction: a
   * claim another job holds (`heldElsewhere` judges it) is waited for; else an answer already
   * paid for (`answered`, read in the same transaction, so one stored just before its claim was
   * released is seen) is reused; else this row claims the pair and sends it.
   */
  claimPair<T>(
    c: { account: string; unitKey: string; jobId: string; rowNo: number; now: number },
    judge: { heldElsewhere: (claim: { jobId: string; rowNo: number; claimedAt: number }) => boolean; answered: () => T | null },
  ): { kind: 'wait' } | { kind: 'reuse'; answer: T } | { kind: 'send' } {
    return writeTransaction(this.db, () => {
      const cur = this.db
        .prepare<unknown[], { job_id: string; row_no: number; claimed_at: number }>('SELECT job_id, row_no, claimed_at FROM pair_claims WHERE account = ? AND unit_key = ?')
        .get(c.account, c.unitKey)
      if (cur && cur.job_id !== c.jobId && judge.heldElsewhere({ jobId: cur.job_id, rowNo: cur.row_no, claimedAt: cur.claimed_at })) return { kind: 'wait' as const }
      const answer = judge.answered()
      if (answer) return { kind: 'reuse' as const, answer }
      this.db
        .prepare('INSERT OR REPLACE INTO pair_claims (account, unit_key, job_id, row_no, claimed_at) VALUES (?, ?, ?, ?, ?)')
        .run(c.account, c.unitKey, c.jobId, c.rowNo, c.now)
      return { kind: 'send' as const }
    })
  }

  /** The pair was answered (stored with its row) or failed: the claim is given up. */
  releasePairClaim(account: string, unitKey: string, jobId: string, rowNo: number): void {
    this.db.prepare('DELETE FROM pair_claims WHERE account = ? AND unit_key = ? AND job_id = ? AND row_no = ?').run(account, unitKey, jobId, rowNo)
  }

  latestVerified(unitKey: string, excludeJobId: string, since: number): VerifiedPair[] {
    return (
      this.db
        .prepare<unknown[], {
        job_id: string
        row_no: number
        outcome: 'match' | 'no-match'
        match: number | null
        confidence: number | null
        at: number
        settings_json: string
      }>(
          `SELECT r.job_id, r.row_no, res.outcome, res.match, res.confidence, res.at, j.settings_json
           FROM job_rows r
           JOIN results res ON res.job_id = r.job_id AND res.row_no = r.row_no
           JOIN jobs j ON j.id = r.job_id
           WHERE r.unit_key = ? AND r.job_id != ? AND j.kind = 'face-match' AND r.state = 'done'
             AND res.outcome IN ('match', 'no-match') AND res.at >= ?
             -- only the service's own, paid answers: never a reused answer (as old as its source, not
             -- its copy) nor a duplicate row's copy (answered free, after its original): the trail a
             -- reused row's note names must end at the row that was charged
             AND (res.record_key IS NULL OR res.record_key NOT LIKE 'reused:%')
             AND r.duplicate_of IS NULL AND res.from_cache = 0 AND r.charged = 1
           ORDER BY res.at DESC LIMIT 5`,
        )
        .all(unitKey, excludeJobId, since)
    ).map((r) => ({
      jobId: r.job_id,
      rowNo: r.row_no,
      outcome: r.outcome,
      match: r.match === 1,
      confidence: r.confidence,
      at: r.at,
      settingsJson: r.settings_json,
    }))
  }
}
