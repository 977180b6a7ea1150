import type { Clock } from '../context'

/**
 * Client-side pacing for one product: a token bucket of capacity 1 (requests leave evenly
 * spaced, never in bursts the service would answer with 429) whose rate adapts. On a 429 it
 * drops to 70% and waits out Retry-After; every success then wins back 2% of the gap to the
 * plan rate, so it climbs back within a few seconds (AIMD, as TCP does).
 */
const MAX_CATCH_UP = 5

export class RateLimiter {
  private nextAt = 0
  private currentRps: number
  private chain: Promise<void> = Promise.resolve()

  constructor(
    private targetRps: number,
    private readonly clock: Clock,
  ) {
    this.currentRps = targetRps
  }

  get rps(): number {
    return this.currentRps
  }

  setTarget(rps: number): void {
    this.targetRps = rps
    this.currentRps = Math.min(this.currentRps, rps)
    if (this.currentRps <= 0) this.currentRps = rps
  }

  /** Resolves when the caller may send one request. Callers are served in order. */
  acquire(signal?: AbortSignal): Promise<void> {
    const turn = this.chain.then(() => this.waitTurn(signal))
    // A caller that aborts must not stall the ones behind it.
    this.chain = turn.catch(() => {})
    return turn
  }

  /** The service said 429: slow down and, if it said when, wait until then. */
  onRateLimited(retryAfterMs?: number): void {
    this.currentRps = Math.max(this.targetRps * 0.05, this.currentRps * 0.7)
    const now = this.clock.now()
    const until = now + (retryAfterMs ?? 1000 / this.currentRps)
    this.nextAt = Math.max(this.nextAt, until)
  }

  onSuccess(): void {
    if (this.currentRps < this.targetRps) {
      this.currentRps = Math.min(this.targetRps, this.currentRps + (this.targetRps - this.currentRps) * 0.02 + 0.01)
    }
  }

  private async waitTurn(signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted()
    const now = this.clock.now()
    const slot = 1000 / this.currentRps
    // Timers fire late on a busy machine; a schedule that restarts from "now" each time loses
    // that lateness for good (we measured 95% of the plan rate under load). Keeping the schedule
    // and catching up by at most MAX_CATCH_UP slots holds the rate without bursting past the
    // service's own bucket.
    const at = this.nextAt === 0 ? now : Math.max(now - MAX_CATCH_UP * slot, this.nextAt)
    this.nextAt = at + slot
    if (at > now) await this.clock.sleep(at - now, signal)
  }
}
