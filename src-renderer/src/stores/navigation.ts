import { defineStore } from 'pinia'

export type Screen = 'new' | 'history' | 'job' | 'review' | 'directory' | 'team' | 'settings'

interface Place {
  screen: Screen
  jobId: string | null
}

/** `#/job/abc123` <-> place; anything unknown lands on the new-job screen. */
export function parseHash(hash: string): Place {
  const [screen, jobId] = hash.replace(/^#\/?/, '').split('/')
  if ((screen === 'job' || screen === 'review') && jobId && /^[a-z0-9]{3,40}$/i.test(jobId)) return { screen, jobId }
  if (screen === 'history' || screen === 'directory' || screen === 'team' || screen === 'settings') return { screen, jobId: null }
  return { screen: 'new', jobId: null }
}

export function hashOf(place: Place): string {
  return (place.screen === 'job' || place.screen === 'review') && place.jobId ? `#/${place.screen}/${place.jobId}` : `#/${place.screen}`
}

/**
 * Which screen is shown. Kept in the URL hash so a reload (or the browser's back button in
 * browser mode) returns to the same place; hash changes never navigate the Electron window.
 */
export const useNavigationStore = defineStore('navigation', {
  state: (): Place => parseHash(typeof location === 'undefined' ? '' : location.hash),
  actions: {
    go(screen: Screen, jobId: string | null = null) {
      this.screen = screen
      this.jobId = screen === 'job' || screen === 'review' ? jobId : null
      const hash = hashOf({ screen, jobId })
      if (location.hash !== hash) location.hash = hash
    },
    openJob(jobId: string) {
      this.go('job', jobId)
    },
    followHash() {
      const place = parseHash(location.hash)
      this.screen = place.screen
      this.jobId = place.jobId
    },
  },
})
