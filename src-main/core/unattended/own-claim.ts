import { hostname } from 'node:os'
import { coreText, type CoreText } from '../texts/core-text'
import { claimHolder, type ClaimHolder } from './claim-owner'

/**
 * A moment on two clocks: the monotonic one never goes back (a clock set back cannot hide a
 * stall); the wall clock goes on while the computer sleeps (Linux's and macOS's monotonic clocks
 * stop then, and a closed lid is the stall that matters most).
 */
export interface Instant {
  mono: number
  wall: number
}

export function instantNow(): Instant {
  return { mono: performance.now(), wall: Date.now() }
}

/** How long since `then`: the longer of the two clocks. A wall clock set forward only pauses early. Pure. */
export function elapsedMs(then: Instant, now: Instant): number {
  return Math.max(now.mono - then.mono, now.wall - then.wall)
}

/**
 * How long a watcher's own claim may go without a beat written before it stops trusting it: half
 * the window another computer waits. That one counts from when it first saw the last beat, so
 * the other half is left for a share's cached file times and clocks running at different speeds.
 */
export function ownClaimLimitMs(windowMs: number): number {
  return windowMs / 2
}

/** Why a watcher may no longer send for a file it claimed. */
export type ClaimLoss =
  /** the claim is another's now (taken over while this process stalled) */
  | { kind: 'taken'; host: string }
  /** the claim is not there any more */
  | { kind: 'gone' }
  /** its heartbeat was not written in time: another computer may have taken it over meanwhile */
  | { kind: 'lapsed'; seconds: number }

/** Pure: the claim's holder as read (null: not read this time) and its last beat decide. */
export function judgeOwnClaim(lastBeat: Instant, now: Instant, windowMs: number, holder: ClaimHolder | null): ClaimLoss | null {
  if (holder?.kind === 'gone') return { kind: 'gone' }
  if (holder?.kind === 'elsewhere') return { kind: 'taken', host: holder.host }
  if (holder?.kind === 'here') return { kind: 'taken', host: hostname() }
  const late = elapsedMs(lastBeat, now)
  return late > ownClaimLimitMs(windowMs) ? { kind: 'lapsed', seconds: Math.round(late / 1000) } : null
}

/** The claim file is read at most this often before requests (a small file, even on a share). */
const READ_EVERY_MS = 1000

/**
 * The claim of the file a watcher is running: asked before each request whether it may still be
 * trusted. A loss is for good: a beat written after a lapse cannot undo a takeover that may have
 * happened meanwhile.
 */
export class OwnClaim {
  private lastBeat: Instant
  private lastRead: Instant | null = null
  private loss: ClaimLoss | null = null

  constructor(
    readonly claimFile: string,
    private readonly windowMs: number,
    private readonly now: () => Instant = instantNow,
    private readonly holder: (file: string) => ClaimHolder = claimHolder,
  ) {
    this.lastBeat = now()
  }

  /** The heartbeat wrote the claim: counted only if it came in time. */
  beaten(): void {
    if (!this.lost()) this.lastBeat = this.now()
  }

  /** Why the claim can no longer be trusted, or null. Read when late, else at most every second. */
  lost(): ClaimLoss | null {
    if (this.loss) return this.loss
    const now = this.now()
    const late = elapsedMs(this.lastBeat, now) > ownClaimLimitMs(this.windowMs)
    const read = late || !this.lastRead || elapsedMs(this.lastRead, now) >= READ_EVERY_MS
    if (read) this.lastRead = now
    this.loss = judgeOwnClaim(this.lastBeat, now, this.windowMs, read ? this.holder(this.claimFile) : null)
    return this.loss
  }
}

/** What the watcher says (and the paused job keeps as its reason) when it lost the claim of `name`. */
export function lossText(loss: ClaimLoss, name: string, job: string): CoreText {
  if (loss.kind === 'taken') return coreText('watch.claimTaken', { name, host: loss.host, job })
  if (loss.kind === 'gone') return coreText('watch.claimGone', { name, job })
  return coreText('watch.claimLapsed', { name, seconds: loss.seconds, job })
}
