import { utimesSync } from 'node:fs'
import { claimHolder } from './claim-owner'
import { claimFiles } from './watch-folder'

/**
 * Every 30 s a watcher touches the claims it holds, so watchers on other computers sharing the
 * folder see it alive (claim-owner.ts: stale after 3 minutes without a beat). Often enough for
 * six beats per window; rare enough to cost nothing on a network share.
 */
export const HEARTBEAT_MS = 30_000

/** Six beats per staleness window, whatever the window (tests shorten it): a watcher's own claim is distrusted after half (own-claim.ts). */
export function heartbeatFor(claimStaleMs: number): number {
  return Math.min(HEARTBEAT_MS, Math.max(50, Math.floor(claimStaleMs / 6)))
}

/** Touches one claim if it is this process's; false if it is not (any more) or could not be touched. */
export function beatClaim(claimFile: string, now = new Date()): boolean {
  if (claimHolder(claimFile).kind !== 'this-process') return false
  try {
    utimesSync(claimFile, now, now)
    return true
  } catch {
    // settled meanwhile, or the share out of reach
    return false
  }
}

/** Touches this process's claims in `dir`'s proses/ (never another's: a claim taken over stays the taker's). */
export function beatOwnClaims(dir: string, onBeaten?: (claimFile: string) => void): void {
  const now = new Date()
  for (const c of claimFiles(dir)) if (beatClaim(c.claimFile, now)) onBeaten?.(c.claimFile)
}

/** Beats until stopped, telling `onBeaten` of each claim written; the timer does not keep the process alive. */
export function startClaimHeartbeat(dir: string, intervalMs = HEARTBEAT_MS, onBeaten?: (claimFile: string) => void): { stop(): void } {
  const timer = setInterval(() => {
    try {
      beatOwnClaims(dir, onBeaten)
    } catch {
      // the folder unreachable for a moment (a share): the next beat tries again
    }
  }, intervalMs)
  timer.unref()
  return { stop: () => clearInterval(timer) }
}
