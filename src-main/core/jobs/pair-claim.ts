/**
 * Pay once at run time: before a paid row is sent, its unit (both photos' content hashes) is
 * claimed through the coordination port. When another job or desk already has the answer, or
 * has the pair in flight right now and gets one, the row takes it for free, with the trail
 * saying where it came from.
 */
import type { Store, JobRow, JobRecord, RowResult } from '../store'
import { reusedKey } from '../store/reuse-repo'
import { reusedPairResult, type PairGate, type PairTurn, type SharedPairAnswer } from '../coordination/port'

const DAY_MS = 86_400_000

/** null when the row has no unit key or reuse is off (settings.reuseDays = 0): simply send. */
export async function claimPair(pairs: PairGate, job: JobRecord, row: JobRow, now: number, signal: AbortSignal): Promise<PairTurn | null> {
  const days = job.settings.reuseDays ?? 0
  if (!row.unitKey || days <= 0) return null
  return pairs.claim({ key: row.unitKey, jobId: job.id, rowNo: row.rowNo, sinceMs: now - days * DAY_MS }, signal)
}

/** Completes the row, free, with the answer someone else paid for (no attempt, no hit, no charge). */
export function reuseClaimedPair(store: Store, jobId: string, rowNo: number, answer: SharedPairAnswer, now: number): void {
  const from = answer.source.desk ? `${answer.source.desk}/${answer.source.jobId}` : answer.source.jobId
  store.transaction(() => {
    store.rows.markInFlight(jobId, rowNo, now)
    store.rows.complete(jobId, rowNo, reusedPairResult(answer, reusedKey(from, answer.source.rowNo)), now, { chargePoints: 0, hits: 0 })
    store.reuse.clearAttempts(jobId, rowNo)
  })
}

/** What other jobs and desks may reuse of a paid answer: only the service's verdicts. */
export function pairAnswer(result: RowResult, at: number): { outcome: 'match' | 'no-match'; match: boolean; confidence: number | null; at: number } | null {
  if (result.outcome !== 'match' && result.outcome !== 'no-match') return null
  return { outcome: result.outcome, match: result.match === true, confidence: result.confidence ?? null, at }
}
