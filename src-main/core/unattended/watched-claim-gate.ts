import type { JobRecord, Store } from '../store'
import { coreText, storedText, type CoreText } from '../texts/core-text'
import { beatClaim, heartbeatFor } from './claim-heartbeat'
import { CLAIM_STALE_MS, claimHolder } from './claim-owner'
import { OwnClaim, type ClaimLoss } from './own-claim'
import { claimPath, reclaim } from './watch-folder'
import { watchedOriginOf, type WatchedOrigin } from './watched-job'
import { judgeWatchedRun } from './watched-run-rule'

/** Why a job from a watched folder may not send now (its claim read now, nothing changed), or null; null for other jobs. */
export function watchedClaimRefusal(store: Store, job: JobRecord): CoreText | null {
  const origin = watchedOriginOf(store, job)
  return origin ? claimRefusalOf(origin, job.id) : null
}

/** The same, for a job whose watched file is known (an open screen's watch reads it every tick: no store read). */
export function claimRefusalOf(origin: WatchedOrigin, jobId: string): CoreText | null {
  const v = judgeWatchedRun(claimHolder(claimPath(origin.dir, origin.name)), origin, jobId)
  return v.verdict === 'refuse' ? v.text : null
}

/** A person's run of a watched job holding its claim: asked before each request, let go when the run ends. */
export interface WatchedClaimHold {
  /** a reason (stored text) to pause instead of sending, or null */
  holdBack: () => string | null
  /** stops beating the claim; the claim stays, as a watcher's stays when it ends */
  release(): void
}

/**
 * For a person's run of a watched job (rekap resume, the app's Resume, retry, re-send): the claim is
 * held as a watcher holds it. A claim nobody beats any more (its watcher ended, `rekap watch --once`
 * from cron) is taken back and beaten while the job runs, so other computers keep off the file; one a
 * live watcher here beats is left to it and read before requests. Either way the job pauses before
 * the next request once the claim is another's, gone, or (held here) not beaten in time.
 * Null for a job run by hand; a refusal if the claim is not this computer's (the rule, read now).
 */
export function holdWatchedClaim(store: Store, job: JobRecord, windowMs = CLAIM_STALE_MS): WatchedClaimHold | { refusal: CoreText } | null {
  const origin = watchedOriginOf(store, job)
  if (!origin) return null
  const file = claimPath(origin.dir, origin.name)
  let v = judgeWatchedRun(claimHolder(file), origin, job.id)
  // of two taking it back (a watcher starting), one wins: the other reads who holds it now
  if (v.verdict === 'reclaim') v = reclaim(origin.dir, origin.name) ? { verdict: 'run' } : judgeWatchedRun(claimHolder(file), origin, job.id)
  if (v.verdict === 'refuse') return { refusal: v.text }
  if (v.verdict === 'reclaim') return { refusal: coreText('watch.resumeUnwatched', { name: origin.name, dir: origin.dir, job: job.id }) }
  return claimHolder(file).kind === 'this-process' ? heldHere(file, origin, job.id, windowMs) : beatenByWatcher(file, origin, job.id)
}

/** This process holds the claim: it beats it, and trusts it only while its beats come in time (own-claim.ts, as a watcher). */
function heldHere(file: string, origin: WatchedOrigin, job: string, windowMs: number): WatchedClaimHold {
  const own = new OwnClaim(file, windowMs)
  const timer = setInterval(() => beatClaim(file) && own.beaten(), heartbeatFor(windowMs))
  timer.unref()
  return {
    holdBack: () => {
      const loss = own.lost()
      return loss ? storedText(lossRefusal(loss, origin, job)) : null
    },
    release: () => clearInterval(timer),
  }
}

/** The claim is read at most this often before requests (as a watcher reads its own: own-claim.ts). */
const READ_EVERY_MS = 1000

/** A live watcher on this computer beats the claim: read before requests; its watcher ending pauses the job too. */
function beatenByWatcher(file: string, origin: WatchedOrigin, job: string, now: () => number = Date.now): WatchedClaimHold {
  let allowedAt = -Infinity
  return {
    holdBack: () => {
      if (now() - allowedAt < READ_EVERY_MS) return null
      const v = judgeWatchedRun(claimHolder(file), origin, job)
      if (v.verdict === 'refuse') return storedText(v.text)
      if (v.verdict === 'reclaim') return storedText(coreText('watch.resumeUnwatched', { name: origin.name, dir: origin.dir, job }))
      allowedAt = now()
      return null
    },
    release: () => undefined,
  }
}

function lossRefusal(loss: ClaimLoss, origin: WatchedOrigin, job: string): CoreText {
  const p = { name: origin.name, dir: origin.dir, job }
  if (loss.kind === 'taken') return coreText('watch.resumeTaken', { ...p, host: loss.host })
  if (loss.kind === 'gone') return coreText('watch.resumeGone', p)
  return coreText('watch.claimLapsed', { name: origin.name, seconds: loss.seconds, job })
}
