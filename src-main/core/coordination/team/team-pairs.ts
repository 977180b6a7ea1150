/**
 * Pay once across desks. A pair (both photos' content hashes) is claimed in one statement: the
 * claim wins when nobody holds the pair, when its answer is older than the reuse window, or when
 * the desk that had it in flight died (its lease expired: rekap.lease_lives, migration v5). Otherwise the pair is answered (reuse
 * it, free, with a zero line on the team ledger) or in flight on a living desk (wait for it).
 */
import type { Clock } from '../../context'
import type { PairGate, PairTurn, SharedPairAnswer } from '../port'
import type { TeamLink } from './team-link'

const WAIT_STEP_MS = 100

interface PairRow {
  state: 'in-flight' | 'done'
  desk: string
  job_id: string
  row_no: number
  outcome: 'match' | 'no-match' | null
  match: boolean | null
  confidence: number | null
  answered_at: Date | null
}

export function teamPairs(link: TeamLink, clock: Clock, account: string): PairGate {
  async function tryClaim(key: string, jobId: string, rowNo: number, sinceMs: number): Promise<boolean> {
    const desk = await link.desk()
    const r = await link.q(
      `INSERT INTO rekap.pairs AS p (account, pair_hash, state, session, desk, job_id, row_no)
       VALUES ($1, $2, 'in-flight', $3, $4, $5, $6)
       ON CONFLICT (account, pair_hash) DO UPDATE
         SET state = 'in-flight', session = EXCLUDED.session, desk = EXCLUDED.desk, job_id = EXCLUDED.job_id,
             row_no = EXCLUDED.row_no, outcome = NULL, match = NULL, confidence = NULL, answered_at = NULL
         WHERE (p.state = 'done' AND p.answered_at < to_timestamp($7 / 1000.0))
            OR (p.state = 'in-flight' AND NOT EXISTS (
                  SELECT 1 FROM rekap.leases l WHERE l.session = p.session AND rekap.lease_lives(l.lease_until)))
       RETURNING 1`,
      [account, key, link.lease, desk, jobId, rowNo, sinceMs],
    )
    return r.rows.length > 0
  }

  function sendTurn(key: string): PairTurn {
    return {
      kind: 'send',
      finish(answer) {
        if (answer) {
          link.eventually(
            `UPDATE rekap.pairs SET state = 'done', outcome = $4, match = $5, confidence = $6, answered_at = to_timestamp($7 / 1000.0)
             WHERE account = $1 AND pair_hash = $2 AND session = $3`,
            [account, key, link.lease, answer.outcome, answer.match, answer.confidence, answer.at],
          )
        } else {
          // no answer to share: the next claimant sends it
          link.eventually(`DELETE FROM rekap.pairs WHERE account = $1 AND pair_hash = $2 AND session = $3 AND state = 'in-flight'`, [account, key, link.lease])
        }
      },
    }
  }

  async function reuse(key: string, jobId: string, p: PairRow): Promise<PairTurn> {
    const desk = await link.desk()
    const answer: SharedPairAnswer = {
      outcome: p.outcome!,
      match: p.match === true,
      confidence: p.confidence,
      at: new Date(p.answered_at!).getTime(),
      source: { desk: p.desk, jobId: p.job_id, rowNo: p.row_no },
    }
    link.eventually(`INSERT INTO rekap.charges (pair_hash, product, job_id, desk, amount_rp, reused) VALUES ($1, 'face-match', $2, $3, 0, true)`, [key, jobId, desk])
    return { kind: 'reuse', answer }
  }

  return {
    async claim({ key, jobId, rowNo, sinceMs }, signal) {
      for (;;) {
        signal?.throwIfAborted()
        if (await tryClaim(key, jobId, rowNo, sinceMs)) return sendTurn(key)
        const r = await link.q(
          `SELECT state, desk, job_id, row_no, outcome, match, confidence, answered_at FROM rekap.pairs WHERE account = $1 AND pair_hash = $2`,
          [account, key],
        )
        const p = r.rows[0] as PairRow | undefined
        if (p?.state === 'done' && p.outcome) return reuse(key, jobId, p)
        // in flight on a living desk (or gone meanwhile): look again shortly
        await clock.sleep(WAIT_STEP_MS, signal)
      }
    },
  }
}
