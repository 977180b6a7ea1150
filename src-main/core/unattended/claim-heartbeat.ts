import { utimesSync } from 'node:fs'
import { claimHolder } from './claim-owner'
import { claimFiles } from './watch-folder'

/**
 * Every 30 s a watcher touches the claims it holds, so watchers on other computers sharing the
 * folder see it alive (claim-owner.ts: stale after 3 minutes without a beat). Often enough for
 * six beats per window; rare enough to cost nothing on a network share.
 */
export const HEARTBEAT_MS = 30_000

/** Touches this process's claims in `dir`'s proses/ (never another's: a claim taken over stays the taker's). */
export function beatOwnClaims(dir: string): void {
  const now = new Date()
  for (const c of claimFiles(dir)) {
    if (claimHolder(c.claimFile).kind !== 'this-process') continue
    try {
      utimesSync(c.claimFile, now, now)
    } catch {
      // settled meanwhile: nothing to keep alive
    }
  }
}

/** Beats until stopped; the timer does not keep the process alive. */
export function startClaimHeartbeat(dir: string, intervalMs = HEARTBEAT_MS): { stop(): void } {
  const timer = setInterval(() => {
    try {
      beatOwnClaims(dir)
    } catch {
      // the folder unreachable for a moment (a share): the next beat tries again
    }
  }, intervalMs)
  timer.unref()
  return { stop: () => clearInterval(timer) }
}
