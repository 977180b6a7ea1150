/**
 * Tells the store watch (store-watch.ts) when a watched job's claim moved: another computer's
 * watcher took the file, or a watcher here took it back. The claim is a file in the watched
 * folder's proses/, not in the store, so SQLite's data_version never says it, and an open job
 * screen kept offering Resume (or kept the refusal) until something else in the store changed.
 *
 * Cost: per tick, one stat and one read of a ~60-byte file (and, for a claim of this computer,
 * one kill(pid, 0)) per watched job not yet done or cancelled; the job list is looked at only when
 * a verdict moved. The claim's heartbeat (its time stamp) moves no verdict, so beats cost nothing more.
 */
import type { Store } from '../core/store'
import type { JobSummaryView } from '../contract/ipc'
import { claimRefusalOf } from '../core/unattended/watched-claim-gate'
import { watchedOriginOf, type WatchedOrigin } from '../core/unattended/watched-job'

interface Tracked {
  origin: WatchedOrigin
  /** the refusal as last judged (JSON), '' when none */
  verdict: string
}

export interface ClaimWatch {
  /** the jobs listed now: watched ones not ended are followed, ended ones dropped */
  follow(jobs: JobSummaryView[]): void
  /** judges every followed claim again: true if any verdict moved since the last call or follow */
  moved(): boolean
}

const verdictOf = (t: Pick<Tracked, 'origin'>, jobId: string): string => {
  try {
    return JSON.stringify(claimRefusalOf(t.origin, jobId) ?? '')
  } catch {
    return '?' // the folder unreachable for a moment: judged again next tick
  }
}

export function createClaimWatch(store: Store): ClaimWatch {
  const tracked = new Map<string, Tracked>()
  return {
    follow(jobs) {
      const open = new Set<string>()
      for (const j of jobs) {
        if (j.state === 'done' || j.state === 'cancelled') continue
        open.add(j.id)
        if (tracked.has(j.id)) continue
        // a job's watched file never changes once kept; a hand job is asked again on the next list
        // (its origin may be written just after its plan), as the job list asks it anyway
        const record = store.jobs.get(j.id)
        const origin = record && watchedOriginOf(store, record)
        if (origin) tracked.set(j.id, { origin, verdict: verdictOf({ origin }, j.id) })
      }
      for (const id of tracked.keys()) if (!open.has(id)) tracked.delete(id)
    },
    moved() {
      let moved = false
      for (const [id, t] of tracked) {
        const v = verdictOf(t, id)
        if (v === t.verdict) continue
        t.verdict = v
        moved = true
      }
      return moved
    },
  }
}
