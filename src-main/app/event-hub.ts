/**
 * Engine -> renderer events in one stream, whatever carries them on (IPC or SSE). The engine
 * already throttles progress to <= 10 per second per job; the hub only fans out.
 */
import type { EventName, Events } from '../contract/ipc'
import type { Engine } from '../core/engine/types'

export type AppEvent = { [E in EventName]: { name: E; payload: Events[E] } }[EventName]

export interface EventHub {
  emit<E extends EventName>(name: E, payload: Events[E]): void
  subscribe(listener: (event: AppEvent) => void): () => void
}

export function createEventHub(): EventHub {
  const listeners = new Set<(event: AppEvent) => void>()
  return {
    emit(name, payload) {
      const event = { name, payload } as AppEvent
      for (const l of [...listeners]) {
        try {
          l(event)
        } catch {
          // one broken transport (a closed window, a dropped SSE socket) must not stop the others
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/** Progress and state changes of every job go to the hub; a state change also tells lists to refresh. */
export function forwardEngineEvents(engine: Engine, hub: EventHub): () => void {
  const offProgress = engine.onProgress((p) => hub.emit('job.progress', p))
  const offState = engine.onState((s) => {
    hub.emit('job.state', { jobId: s.jobId, state: s.state, blockedReason: s.blockedReason, detail: s.detail })
    hub.emit('jobs.changed', { reason: `job ${s.jobId} is ${s.state}` })
  })
  return () => {
    offProgress()
    offState()
  }
}
