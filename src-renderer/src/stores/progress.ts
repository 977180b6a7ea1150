import { defineStore } from 'pinia'
import type { Events, ProgressView } from '../../../src-main/contract/ipc'
import { getApi } from '../api'

/**
 * The latest progress snapshot per job, fed by the engine's throttled `job.progress` events and
 * by the snapshot every command returns. Snapshots carry their time, so an older one that
 * arrives late never overwrites a newer one.
 */
export const useProgressStore = defineStore('progress', {
  state: () => ({
    byJob: {} as Record<string, ProgressView>,
    listening: false,
  }),
  actions: {
    put(p: ProgressView) {
      const known = this.byJob[p.jobId]
      if (known && known.at > p.at) return
      this.byJob[p.jobId] = p
    },
    applyState(s: Events['job.state']) {
      const known = this.byJob[s.jobId]
      if (!known) return
      this.byJob[s.jobId] = { ...known, state: s.state, blockedReason: s.blockedReason, stateDetail: s.detail }
    },
    async load(jobId: string): Promise<ProgressView> {
      const p = await getApi().jobs.get({ jobId })
      this.put(p)
      return this.byJob[jobId]
    },
    listen() {
      if (this.listening) return
      this.listening = true
      const api = getApi()
      api.events.on('job.progress', (p) => this.put(p))
      api.events.on('job.state', (s) => this.applyState(s))
    },
  },
})
