import type { Clock } from '../../src-main/core/context'

/** A clock the test moves by hand: for timing rules only, never to skip real work. */
export function fakeClock(start = 0): Clock & { advance(ms: number): Promise<void>; sleeps: number[] } {
  let now = start
  const timers: Array<{ at: number; resolve: () => void }> = []
  const sleeps: number[] = []
  return {
    sleeps,
    now: () => now,
    sleep(ms, signal) {
      sleeps.push(ms)
      return new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason)
        timers.push({ at: now + ms, resolve })
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true })
      })
    },
    async advance(ms) {
      now += ms
      for (const t of timers.splice(0)) {
        if (t.at <= now) t.resolve()
        else timers.push(t)
      }
      await new Promise((r) => setImmediate(r))
    },
  }
}
