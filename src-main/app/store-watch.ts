/**
 * Keeps open screens live when ANOTHER process changes the store (`rekap pause`, `rekap resume`,
 * `rekap review`, a second desktop window): SQLite's `PRAGMA data_version` changes on this
 * connection exactly when some other connection committed. Then every job whose state, counts or
 * actions moved is sent as if this process's engine had moved it (job.state, job.progress), and
 * lists are told to refresh (jobs.changed: History, review counts, the review queue). One cheap
 * pragma every `intervalMs` while nothing changes.
 *
 * Two changes a screen must show need more than the counts:
 * - an owner giving the job back (its lease deleted) changes only what may be done (Resume
 *   appears on a job the CLI paused), so the actions are part of what is compared;
 * - an owner that dies commits nothing at all: while another process owns a job, its jobs are
 *   looked at every tick, so a killed `rekap run` shows as interrupted, with Resume, at once;
 * - a watched file's claim taken by another computer (or taken back here) is a file, not a commit:
 *   the claims are judged every tick (claim-watch.ts), the jobs looked at when a verdict moved.
 */
import type { Store } from '../core/store'
import type { Engine } from '../core/engine/types'
import type { JobSummaryView } from '../contract/ipc'
import type { EventHub } from './event-hub'
import { createClaimWatch } from './claim-watch'

export const STORE_WATCH_MS = 500

// notRunHere: a watched job's claim moved (taken, then given up) changes why it is not run here, not its actions
const signature = (j: JobSummaryView): string => `${j.state}|${JSON.stringify(j.counts)}|${j.actions.join(',')}|${j.notRunHere ?? ''}`

export function watchStoreChanges(store: Store, engine: Engine, hub: EventHub, intervalMs = STORE_WATCH_MS): () => void {
  const version = (): number => store.dataVersion()
  let seen = version()
  const signatures = new Map<string, string>()
  /** jobs another live process owns: their owner may die without committing anything */
  const ownedElsewhere = new Set<string>()
  const ended = (j: JobSummaryView): boolean => j.state === 'done' || j.state === 'cancelled'
  const claims = createClaimWatch(store)

  /** Sends what moved (unless `quiet`); true if anything did. */
  const look = (quiet = false): boolean => {
    let moved = false
    const jobs = engine.listJobs()
    claims.follow(jobs)
    for (const j of jobs) {
      const sig = signature(j)
      const before = signatures.get(j.id)
      if (before === sig) continue
      signatures.set(j.id, sig)
      moved = true
      if (quiet && ended(j)) continue // nobody owns a finished job: no need to ask
      const p = engine.progress(j.id)
      if (p.owner && !p.owner.self) ownedElsewhere.add(j.id)
      else ownedElsewhere.delete(j.id)
      if (quiet) continue
      if (before?.split('|')[0] !== p.state) hub.emit('job.state', { jobId: j.id, state: p.state, blockedReason: p.blockedReason, detail: p.stateDetail })
      hub.emit('job.progress', p)
    }
    return moved
  }
  look(true) // what the screens already show, and who runs what, when the app opens

  const tick = (): void => {
    try {
      const now = version()
      // judged every tick, so a look for another reason does not leave a verdict stale
      const claimMoved = claims.moved()
      if (now !== seen) {
        seen = now
        look()
        hub.emit('jobs.changed', { reason: 'changed by another rekap process' })
      } else if (ownedElsewhere.size > 0 && look()) {
        hub.emit('jobs.changed', { reason: 'the rekap process running a job stopped' })
      } else if (claimMoved && look()) {
        hub.emit('jobs.changed', { reason: "a watched file's claim moved" })
      }
    } catch {
      return // the store is closing
    }
  }
  const timer = setInterval(tick, intervalMs)
  timer.unref()
  return () => clearInterval(timer)
}
