import { defineStore } from 'pinia'
import type { JobNoticeView } from '../../../src-main/contract/ipc'
import { getApi, isDesktop } from '../api'
import { useSettingsStore } from './settings'

export type BrowserPermission = 'granted' | 'denied' | 'default' | 'unsupported'

function permission(): BrowserPermission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission
}

/**
 * Job notices (the engine decides which events and words them: app/job-notices.ts). The desktop
 * app shows them from the main process; in browser mode this store shows them with the Web
 * Notification API, once the person allowed it (asked on a click in Settings, as browsers require).
 */
export const useNoticesStore = defineStore('notices', {
  state: () => ({
    listening: false,
    permission: permission(),
    /** the latest notices, newest first (kept for the session only) */
    recent: [] as JobNoticeView[],
  }),
  actions: {
    listen() {
      if (this.listening) return
      this.listening = true
      getApi().events.on('job.notice', (n) => this.show(n))
    },
    show(n: JobNoticeView) {
      this.recent = [n, ...this.recent].slice(0, 20)
      if (isDesktop() || !useSettingsStore().settings?.notifications) return
      if (permission() !== 'granted') return
      // a notice per job and reason: the browser replaces an older one with the same tag
      new Notification(n.title, { body: n.body, tag: `${n.jobId}-${n.reason}` })
    },
    /** Browser mode: asks the browser (call it from a click: browsers ignore the question otherwise). */
    async ask() {
      if (typeof Notification === 'undefined') return
      this.permission = await Notification.requestPermission()
    },
  },
})
