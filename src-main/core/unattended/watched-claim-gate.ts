import type { JobRecord, Store } from '../store'
import { storedText, type CoreText } from '../texts/core-text'
import { claimHolder } from './claim-owner'
import { claimPath } from './watch-folder'
import { watchedOriginOf } from './watched-job'
import { watchedRunRefusal } from './watched-run-rule'

/** Why a job that came from a watched folder may not send now (its claim read now), or null; null for other jobs. */
export function watchedClaimRefusal(store: Store, job: JobRecord): CoreText | null {
  const origin = watchedOriginOf(store, job)
  return origin ? watchedRunRefusal(claimHolder(claimPath(origin.dir, origin.name)), origin, job.id) : null
}

/** The claim is read at most this often before requests (as a watcher reads its own: own-claim.ts). */
const READ_EVERY_MS = 1000

/**
 * For a watched job run by a person (rekap resume, the app's Resume): asked before each request,
 * the same rule as at the start, so a watcher that stops meanwhile, or another computer that takes
 * the file over, pauses the job before one more row is paid twice. Undefined for other jobs.
 */
export function watchedClaimHoldBack(store: Store, job: JobRecord, now: () => number = Date.now): (() => string | null) | undefined {
  const origin = watchedOriginOf(store, job)
  if (!origin) return undefined
  const file = claimPath(origin.dir, origin.name)
  let allowedAt = -Infinity
  return () => {
    if (now() - allowedAt < READ_EVERY_MS) return null
    const why = watchedRunRefusal(claimHolder(file), origin, job.id)
    if (why) return storedText(why)
    allowedAt = now()
    return null
  }
}
