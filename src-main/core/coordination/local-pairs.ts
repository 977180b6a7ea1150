/**
 * Pay once on one data file. Reuse at planning (kinds/face-match/pair-reuse.ts) sees only answers
 * already stored; two jobs of one workbook planned at once (two `rekap run`, the app and a
 * script, a watched folder and a person) found none and both sent every pair, and the service
 * charged each twice. So a paid pair is also claimed here, in the store, just before it is sent:
 * an answer another job paid for meanwhile is reused, free; a pair another job has in flight is
 * waited for, then reused (or sent, if that request failed).
 */
import type { Clock } from '../context'
import type { Store } from '../store'
import type { PairGate, PairTurn, SharedPairAnswer } from './port'
import { verifiedElsewhere } from '../kinds/face-match/pair-reuse'

const WAIT_STEP_MS = 100

export function localPairs(store: Store, clock: Clock, account: string): PairGate {
  /**
   * Another job's claim stands while that job is run by a live owner (its lease not expired; a
   * killed process's lapses within the lease's time to live) who made the claim (a claim older
   * than the lease is a dead owner's: its row is uncertain now, never sent again by itself).
   */
  function heldElsewhere(claim: { jobId: string; claimedAt: number }): boolean {
    const lease = store.leases.get(claim.jobId)
    return !!lease && lease.expiresAt > clock.now() && claim.claimedAt >= lease.acquiredAt
  }

  return {
    async claim({ key, jobId, rowNo, sinceMs }, signal): Promise<PairTurn> {
      const settings = store.jobs.get(jobId)!.settings
      for (;;) {
        signal?.throwIfAborted()
        const turn = store.reuse.claimPair(
          { account, unitKey: key, jobId, rowNo, now: clock.now() },
          { heldElsewhere, answered: () => verifiedElsewhere(store, key, jobId, settings, sinceMs) },
        )
        if (turn.kind === 'reuse') {
          const p = turn.answer
          const answer: SharedPairAnswer = { outcome: p.outcome, match: p.match, confidence: p.confidence, at: p.at, source: { desk: null, jobId: p.jobId, rowNo: p.rowNo } }
          return { kind: 'reuse', answer }
        }
        if (turn.kind === 'send') return { kind: 'send', finish: () => store.reuse.releasePairClaim(account, key, jobId, rowNo) }
        await clock.sleep(WAIT_STEP_MS, signal)
      }
    },
  }
}
