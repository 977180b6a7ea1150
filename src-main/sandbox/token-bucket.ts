/**
 * Token bucket for the hospital plans' requests-per-second limit. Pure: the caller
 * passes the time, so tests drive it without sleeping.
 */
export interface TokenBucket {
  /** Takes one token at time `nowMs`; false means the request is over the rate. */
  tryTake(nowMs: number): boolean
}

export function createTokenBucket(capacity: number, refillPerSecond: number, startMs: number): TokenBucket {
  let tokens = capacity
  let last = startMs
  return {
    tryTake(nowMs) {
      const elapsed = Math.max(0, nowMs - last)
      last = Math.max(last, nowMs)
      tokens = Math.min(capacity, tokens + (elapsed / 1000) * refillPerSecond)
      if (tokens < 1) return false
      tokens -= 1
      return true
    },
  }
}
