/**
 * Issue 23 item 15: a busy run (`--concurrency 16` with 429 retries) printed Node's English
 * "MaxListenersExceededWarning ... 11 abort listeners added to [AbortSignal]" on the user's stderr,
 * because every row waiting out its retry delay put its own listener on the job's stop signal.
 */
import { describe, expect, it } from 'vitest'
import { systemClock } from '../../src-main/core/context'

describe('systemClock.sleep', () => {
  it('many rows sleeping on one job signal raise no MaxListenersExceededWarning, and all wake on abort', async () => {
    const warnings: Error[] = []
    const onWarning = (w: Error): void => void warnings.push(w)
    process.on('warning', onWarning)
    try {
      const stop = new AbortController()
      const sleeping = Array.from({ length: 16 }, () => systemClock.sleep(60_000, stop.signal).then(() => 'woke', (e) => e))
      const done = Array.from({ length: 16 }, () => systemClock.sleep(1, stop.signal))
      await Promise.all(done)
      stop.abort(new Error('stopped'))
      const ends = await Promise.all(sleeping)
      expect(ends.every((e) => e instanceof Error && e.message === 'stopped')).toBe(true)
      await new Promise((r) => setImmediate(r)) // warnings are emitted on the next tick
      expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([])
    } finally {
      process.off('warning', onWarning)
    }
  })
})
