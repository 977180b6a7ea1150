/**
 * The team store's clock seen from a desk (core/coordination/team/server-clock.ts): the fastest
 * recent answer sets the offset, and a server time is placed no earlier than it can be.
 */
import { describe, expect, it } from 'vitest'
import { ServerClock } from '../../src-main/core/coordination/team/server-clock'

describe('ServerClock', () => {
  it('keeps the fastest answer: a slow one (it waited for a core) does not shift the slots', () => {
    const c = new ServerClock()
    // the server runs 500 ms ahead; answered 2 ms after sending
    c.sample(1000, 1002, 1501)
    // a slow answer: handled 80 ms late
    c.sample(1100, 1182, 1601)
    expect(c.local(2001)).toBe(1502) // 2001 - 500 + half the fast round trip
  })

  it('never places a server time earlier than the desk could have seen it', () => {
    const c = new ServerClock()
    // the server's time may be anywhere in the round trip: at its start or its end
    for (const serverAt of [1000, 1010]) {
      const s = new ServerClock()
      s.sample(1000, 1010, serverAt)
      expect(s.local(serverAt)).toBeGreaterThanOrEqual(serverAt === 1000 ? 1000 : 1010)
    }
    expect(() => c.local(0)).toThrow()
  })

  it('a sample older than 10 s gives way to newer ones (clocks drift), the fastest of them, not merely the last', () => {
    const c = new ServerClock()
    c.sample(0, 1, 100.5)
    c.sample(20_000, 20_010, 20_205) // offset 200, 10 ms round trip
    expect(c.local(20_205)).toBe(20_010)
    c.sample(20_100, 20_180, 20_340) // a slow answer (80 ms) does not move it
    expect(c.local(20_205)).toBe(20_010)
  })

  it('when the fastest answer ages out, the fastest of the recent ones takes its place, not the slow one that came last', () => {
    const c = new ServerClock()
    c.sample(0, 1, 100.5) // offset 100, 1 ms round trip
    c.sample(5_000, 5_002, 5_101) // offset 100, 2 ms
    c.sample(10_100, 10_180, 10_240) // 80 ms: waited for a core
    expect(c.local(20_100)).toBe(20_001) // 20_100 - 100 + 1: by the 2 ms answer, not 40 ms late
  })
})
