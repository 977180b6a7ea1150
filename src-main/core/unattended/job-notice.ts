/**
 * The one rule for which job events reach a person as a desktop notification (the app in Electron,
 * the browser's notifications in browser mode): a job that ended, one that is blocked and waits for
 * a person (402 / budget / balance, quota, offline, team store), and a finished face job with pairs
 * left for review. Everything else (running, paused by the user, cancelled by the user) is what the
 * person just did and is not announced. Pure: the state change and the open review count in.
 */
export type NoticeReason = 'done' | 'blocked' | 'review'

export interface NoticeInput {
  state: string
  blockedReason: string | null
  /** pairs of the job still waiting for a review decision (0 for kinds without review) */
  reviewOpen: number
}

export function noticeReason(e: NoticeInput): NoticeReason | null {
  if (e.state === 'blocked') return 'blocked'
  if (e.state !== 'done') return null
  return e.reviewOpen > 0 ? 'review' : 'done'
}

/**
 * The same change seen twice (this process's engine and the store watch both report a job another
 * window runs) is announced once: the key a notice was last given for, per job.
 */
export function noticeKey(jobId: string, reason: NoticeReason, blockedReason: string | null): string {
  return `${jobId}|${reason}|${blockedReason ?? ''}`
}
