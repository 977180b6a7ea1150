import { describe, expect, it } from 'vitest'
import { createTokenBucket } from '../../src-main/sandbox/token-bucket'

describe('token bucket', () => {
  it('lets a full burst through, then refuses until time refills it', () => {
    const bucket = createTokenBucket(20, 20, 0)
    const burst = Array.from({ length: 25 }, () => bucket.tryTake(0))
    expect(burst.filter(Boolean)).toHaveLength(20)
    expect(bucket.tryTake(10)).toBe(false) // 10 ms refills 0.2 token
    expect(bucket.tryTake(50)).toBe(true) // 50 ms refills 1 token
    expect(bucket.tryTake(50)).toBe(false)
  })

  it('sustains exactly the refill rate and never stores more than its capacity', () => {
    const bucket = createTokenBucket(20, 20, 0)
    for (let i = 0; i < 20; i++) bucket.tryTake(0)
    let granted = 0
    for (let t = 1; t <= 10_000; t++) if (bucket.tryTake(t)) granted++ // one attempt per ms for 10 s
    expect(granted).toBe(200)
    const idle = createTokenBucket(100, 100, 0)
    const afterIdle = Array.from({ length: 150 }, () => idle.tryTake(60_000)).filter(Boolean)
    expect(afterIdle).toHaveLength(100)
  })

  it('ignores a clock that steps backwards instead of minting tokens', () => {
    const bucket = createTokenBucket(1, 1, 1000)
    expect(bucket.tryTake(1000)).toBe(true)
    expect(bucket.tryTake(0)).toBe(false)
    expect(bucket.tryTake(1000)).toBe(false)
    expect(bucket.tryTake(2000)).toBe(true)
  })
})
