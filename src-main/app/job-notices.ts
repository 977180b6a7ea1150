/**
 * Turns job state changes into `job.notice` events, worded in the app's language: the one rule
 * (core/unattended/job-notice.ts) decides which changes a person is told of. The desktop shows
 * them with Electron's Notification (electron/main.ts), browser mode with the Web Notification API
 * (the renderer's notices store); both only when Settings → Notifications is on.
 */
import { kindModule } from '../core/kinds/registry'
import { reviewQueue } from '../core/review'
import type { Store } from '../core/store'
import { renderCoreText, coreText, type CoreTextLang } from '../core/texts/core-text'
import { noticeKey, noticeReason } from '../core/unattended/job-notice'
import type { JobNoticeView } from '../contract/ipc'
import type { EventHub } from './event-hub'
import type { ReviewableJob } from '../core/review'

function openReviews(store: Store, jobId: string): number {
  const job = store.jobs.get(jobId)
  if (!job || !kindModule(job.kind).scored) return 0
  return reviewQueue(store, job as ReviewableJob).items.filter((i) => i.open).length
}

/** The notice for one state change, or null when the rule says nobody needs telling. */
export function noticeOf(store: Store, change: { jobId: string; state: string; blockedReason: string | null; detail: string | null }, lang: CoreTextLang): JobNoticeView | null {
  const reviewOpen = change.state === 'done' ? openReviews(store, change.jobId) : 0
  const reason = noticeReason({ state: change.state, blockedReason: change.blockedReason, reviewOpen })
  if (!reason) return null
  const job = store.jobs.get(change.jobId)
  const name = job?.inputName ?? change.jobId
  const counts = store.rows.counts(change.jobId)
  const say = (t: Parameters<typeof renderCoreText>[0]): string => renderCoreText(t, lang)
  if (reason === 'done') {
    return { jobId: change.jobId, reason, title: say(coreText('notice.doneTitle', {})), body: say(coreText('notice.done', { name, done: counts.done, failed: counts.failed })) }
  }
  if (reason === 'review') {
    return { jobId: change.jobId, reason, title: say(coreText('notice.reviewTitle', {})), body: say(coreText('notice.review', { name, open: reviewOpen })) }
  }
  return { jobId: change.jobId, reason, title: say(coreText('notice.blockedTitle', {})), body: say(coreText('notice.blocked', { name, detail: change.detail ?? change.blockedReason ?? '' })) }
}

/** Subscribes to the hub's `job.state` and emits `job.notice` once per job and reason. */
export function forwardJobNotices(store: Store, hub: EventHub, lang: () => CoreTextLang): () => void {
  const last = new Map<string, string>()
  return hub.subscribe((e) => {
    if (e.name !== 'job.state') return
    const s = e.payload
    const notice = noticeOf(store, s, lang())
    if (!notice) {
      // running again after a block: a later block of the same kind is news again
      if (s.state === 'running') last.delete(s.jobId)
      return
    }
    const key = noticeKey(s.jobId, notice.reason, s.blockedReason)
    if (last.get(s.jobId) === key) return
    last.set(s.jobId, key)
    hub.emit('job.notice', notice)
  })
}
