/**
 * Keeps open screens live when ANOTHER process changes the store (`rekap pause`, `rekap resume`,
 * `rekap review`, a second desktop window): SQLite's `PRAGMA data_version` changes on this
 * connection exactly when some other connection committed. Then every job whose state or counts
 * moved is sent as if this process's engine had moved it (job.state, job.progress), and lists are
 * told to refresh (jobs.changed: History, review counts, the review queue). One cheap pragma
 * every `intervalMs` while nothing changes.
 */
import type { Store } from '../core/store'
import type { Engine } from '../core/engine/types'
import type { EventHub } from './event-hub'

export const STORE_WATCH_MS = 500

export function watchStoreChanges(store: Store, engine: Engine, hub: EventHub, intervalMs = STORE_WATCH_MS): () => void {
  const version = (): number => store.dataVersion()
  let seen = version()
  const signatures = new Map<string, string>()
  const signature = (j: { state: string; counts: object }): string => `${j.state}|${JSON.stringify(j.counts)}`
  for (const j of engine.listJobs()) signatures.set(j.id, signature(j))

  const tick = (): void => {
    let now: number
    try {
      now = version()
    } catch {
      return // the store is closing
    }
    if (now === seen) return
    seen = now
    for (const j of engine.listJobs()) {
      const sig = signature(j)
      const before = signatures.get(j.id)
      if (before === sig) continue
      signatures.set(j.id, sig)
      const p = engine.progress(j.id)
      if (before?.split('|')[0] !== j.state) hub.emit('job.state', { jobId: j.id, state: p.state, blockedReason: p.blockedReason, detail: p.stateDetail })
      hub.emit('job.progress', p)
    }
    hub.emit('jobs.changed', { reason: 'changed by another rekap process' })
  }
  const timer = setInterval(tick, intervalMs)
  timer.unref()
  return () => clearInterval(timer)
}
