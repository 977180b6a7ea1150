import type { ProgressView } from '../../contract/ipc'
import type { JobRecord, Store } from '../store'
import { detailText, type CoreTextLang } from '../texts/core-text'
import type { StateChange } from './types'

export interface ProgressFeedDeps {
  store: Store
  now: () => number
  /** at most one snapshot per job this often (trailing edge kept) */
  intervalMs: number
  textLang: () => CoreTextLang
  snapshot: (jobId: string) => ProgressView
}

export type TransitionOptions = Parameters<Store['jobs']['transition']>[3]

/**
 * The engine's listeners: throttled progress snapshots per job and every state change, told
 * after the store has it. A transition always shows at once.
 */
export function createProgressFeed(d: ProgressFeedDeps) {
  const progressListeners = new Set<(p: ProgressView) => void>()
  const stateListeners = new Set<(s: StateChange) => void>()
  const lastEmit = new Map<string, number>()
  const pendingEmit = new Map<string, ReturnType<typeof setTimeout>>()
  /** How long the last snapshot of each job took (its counts are trigger-kept: tens of µs whatever the size). */
  const snapshotCost = new Map<string, number>()

  function emitProgress(jobId: string, force = false): void {
    const since = d.now() - (lastEmit.get(jobId) ?? 0)
    // Should a snapshot ever cost real time (a slow disk), keep it under ~1/8 of the serving thread's time.
    const wait = Math.max(d.intervalMs, 8 * (snapshotCost.get(jobId) ?? 0))
    if (!force && since < wait) {
      // Trailing edge: the last change of a burst is always shown.
      if (!pendingEmit.has(jobId)) {
        pendingEmit.set(jobId, setTimeout(() => (pendingEmit.delete(jobId), emitProgress(jobId, true)), wait - since))
      }
      return
    }
    const t = pendingEmit.get(jobId)
    if (t) (clearTimeout(t), pendingEmit.delete(jobId))
    lastEmit.set(jobId, d.now())
    const t0 = performance.now()
    const p = d.snapshot(jobId)
    snapshotCost.set(jobId, performance.now() - t0)
    for (const l of progressListeners) l(p)
  }

  function transition(jobId: string, to: JobRecord['state'], o: TransitionOptions = {}): void {
    const j = d.store.jobs.transition(jobId, to, d.now(), o)
    const change: StateChange = { jobId, state: j.state, blockedReason: j.blockedReason, detail: detailText(j.stateDetail, d.textLang) }
    for (const l of stateListeners) l(change)
    emitProgress(jobId, true)
  }

  return {
    emitProgress,
    transition,
    onProgress(l: (p: ProgressView) => void): () => boolean {
      progressListeners.add(l)
      return () => progressListeners.delete(l)
    },
    onState(l: (s: StateChange) => void): () => boolean {
      stateListeners.add(l)
      return () => stateListeners.delete(l)
    },
    close(): void {
      for (const t of pendingEmit.values()) clearTimeout(t)
    },
  }
}

export type ProgressFeed = ReturnType<typeof createProgressFeed>
