import { describe, expect, it } from 'vitest'
import { RateLimiter } from '../../src-main/core/jobs/rate-limiter'
import { decideAfterFailure, backoffMs } from '../../src-main/core/jobs/retry-policy'
import { MoneyGuard } from '../../src-main/core/jobs/money-guard'
import { estimateCostRp, estimateSeconds, quotaLeft } from '../../src-main/core/jobs/estimate'
import { checkHospitalCode, checkNpsn, checkRegencyCode, checkSchoolStatus } from '../../src-main/core/kinds/row-checks'
import { canTransitionJob } from '../../src-main/core/model/job-state'
import { canTransitionRow } from '../../src-main/core/model/row-state'
import { ServiceError, type ServiceErrorKind } from '../../src-main/core/provider'
import { MESSAGES } from '../../src-main/core/provider/types'
import { fakeClock } from '../helpers/fake-clock'

const err = (kind: ServiceErrorKind, extra: Partial<ConstructorParameters<typeof ServiceError>[0]> = {}) =>
  new ServiceError({ kind, method: 'POST', endpoint: '/face-match/verify', requestSent: true, ...extra })
const ctx = (o: Partial<Parameters<typeof decideAfterFailure>[1]> = {}) => ({
  attempts: 1,
  maxAttempts: 6,
  rateLimitedTimes: 0,
  paid: false,
  resendUncertain: false,
  random: () => 0.5,
  ...o,
})

describe('rate limiter', () => {
  it('spaces requests evenly at the plan rate: 20 rps = one every 50 ms, never a burst', async () => {
    const clock = fakeClock(1000)
    const limiter = new RateLimiter(20, clock)
    const granted: number[] = []
    for (let i = 0; i < 5; i++) void limiter.acquire().then(() => granted.push(clock.now()))
    await clock.advance(0)
    for (let t = 0; t < 10; t++) await clock.advance(50)
    expect(granted).toEqual([1000, 1050, 1100, 1150, 1200])
  })

  it('keeps its schedule when timers fire late, catching up by at most five slots', async () => {
    const clock = fakeClock(0)
    const limiter = new RateLimiter(20, clock)
    await limiter.acquire() // slot 0
    await clock.advance(500) // the caller was busy for 10 slots
    const granted: number[] = []
    for (let i = 0; i < 8; i++) void limiter.acquire().then(() => granted.push(clock.now()))
    await clock.advance(0)
    for (let t = 0; t < 10; t++) await clock.advance(50)
    // 5 slots are made up at once, then the plan's pace again: never more than 6 in one instant.
    expect(granted.filter((t) => t === 500)).toHaveLength(6)
    expect(granted.slice(6)).toEqual([550, 600])
  })

  it('on 429 waits out Retry-After and slows down, then climbs back to the plan rate', async () => {
    const clock = fakeClock(0)
    const limiter = new RateLimiter(20, clock)
    await limiter.acquire()
    limiter.onRateLimited(1000)
    expect(limiter.rps).toBeCloseTo(14)
    let granted = -1
    void limiter.acquire().then(() => (granted = clock.now()))
    await clock.advance(999)
    expect(granted).toBe(-1)
    await clock.advance(1)
    expect(granted).toBe(1000)
    for (let i = 0; i < 300; i++) limiter.onSuccess()
    expect(limiter.rps).toBe(20)
  })

  it('an aborted waiter does not hold up the ones behind it', async () => {
    const clock = fakeClock(0)
    const limiter = new RateLimiter(1, clock)
    await limiter.acquire()
    const ac = new AbortController()
    const first = limiter.acquire(ac.signal)
    let second = false
    void limiter.acquire().then(() => (second = true))
    ac.abort(new Error('paused'))
    await expect(first).rejects.toThrow('paused')
    await clock.advance(3000)
    expect(second).toBe(true)
  })
})

describe('retry policy', () => {
  it('blocks the whole job on 401, 402 and a used-up quota', () => {
    expect(decideAfterFailure(err('auth', { serviceMessage: 'API key required in x-api-service-id header' }), ctx())).toMatchObject({ action: 'block', reason: 'auth-failed' })
    expect(decideAfterFailure(err('balance', { serviceMessage: MESSAGES.insufficientBalance }), ctx())).toMatchObject({ action: 'block', reason: 'needs-top-up', message: MESSAGES.insufficientBalance })
    expect(decideAfterFailure(err('quota'), ctx())).toMatchObject({ action: 'block', reason: 'quota-exhausted' })
  })

  it('400 and 404 are final for the row and keep the service text', () => {
    expect(decideAfterFailure(err('validation', { serviceMessage: MESSAGES.noFace }), ctx())).toEqual({ action: 'fail', code: 'invalid', message: MESSAGES.noFace })
    expect(decideAfterFailure(err('not-found', { serviceMessage: 'hospital not found' }), ctx())).toMatchObject({ action: 'fail', code: 'not-found' })
  })

  it('429 honours Retry-After and does not use up the row attempts', () => {
    expect(decideAfterFailure(err('rate-limited', { retryAfterMs: 1000 }), ctx({ attempts: 6 }))).toEqual({ action: 'retry', delayMs: 1000, countsAsAttempt: false })
  })

  it('5xx and network errors retry with growing back-off, then give up with the reason', () => {
    const d1 = decideAfterFailure(err('server'), ctx({ attempts: 1 }))
    const d3 = decideAfterFailure(err('server'), ctx({ attempts: 3 }))
    expect(d1.action).toBe('retry')
    expect((d3 as { delayMs: number }).delayMs).toBeGreaterThan((d1 as { delayMs: number }).delayMs)
    expect(decideAfterFailure(err('server', { serviceMessage: 'Internal server error' }), ctx({ attempts: 6 }))).toMatchObject({ action: 'fail', code: 'server', message: expect.stringMatching(/gave up after 6 attempts/) })
  })

  it('a paid request that may have reached the service is never re-sent silently', () => {
    expect(decideAfterFailure(err('network'), ctx({ paid: true }))).toMatchObject({ action: 'uncertain' })
    expect(decideAfterFailure(err('timeout'), ctx({ paid: true }))).toMatchObject({ action: 'uncertain' })
    // ...unless it never left (connection refused), or the user accepted the risk.
    expect(decideAfterFailure(err('network', { requestSent: false }), ctx({ paid: true })).action).toBe('retry')
    expect(decideAfterFailure(err('network'), ctx({ paid: true, resendUncertain: true })).action).toBe('retry')
  })

  it('back-off has jitter within [ceiling/2, ceiling] and a 30 s cap', () => {
    expect(backoffMs(1, () => 0)).toBe(250)
    expect(backoffMs(1, () => 1)).toBe(500)
    expect(backoffMs(20, () => 1)).toBe(30_000)
  })
})

describe('money guard', () => {
  it('never lets spent + reserved exceed the tighter of budget and balance', () => {
    const g = new MoneyGuard({ budgetRp: 1000, balanceRp: 900 }, 0)
    expect(g.reserve(400)).toBe(true)
    expect(g.reserve(400)).toBe(true)
    expect(g.wouldExceed(400)).toBe('balance')
    expect(g.reserve(400)).toBe(false)
    g.settle(400, false) // an error: free, the reservation goes back
    expect(g.reserve(400)).toBe(true)
    g.settle(400, true)
    g.settle(400, true)
    expect(g.spent).toBe(800)
    expect(g.reserved).toBe(0)
  })

  it('counts what the job already spent before a restart', () => {
    const g = new MoneyGuard({ budgetRp: 800, balanceRp: null }, 800)
    expect(g.wouldExceed(400)).toBe('budget')
    expect(new MoneyGuard({ budgetRp: null, balanceRp: null }, 0).limit).toBeNull()
  })
})

describe('estimates and checks', () => {
  it('cost is an upper bound of Rp400 per pair; directory hits cost nothing', () => {
    expect(estimateCostRp('face-match', 50_000)).toBe(20_000_000)
    expect(estimateCostRp('hospitals', 3000)).toBe(0)
    expect(estimateSeconds(3000, 20, 8, 150)).toBe(150)
    expect(estimateSeconds(100, 100, 1, 1000)).toBe(100) // bounded by concurrency / latency
    expect(quotaLeft(3000, 2990)).toBe(10)
    expect(quotaLeft(null, 5)).toBeNull()
  })

  it('shape-checks codes locally with a reason a user understands', () => {
    expect(checkNpsn('20106343')).toEqual({ ok: true, value: '20106343' })
    expect(checkNpsn(2010634)).toMatchObject({ ok: false, reason: expect.stringMatching(/8 digits/) })
    expect(checkRegencyCode('3273')).toEqual({ ok: true, value: '3273' })
    expect(checkHospitalCode('=cmd|x')).toMatchObject({ ok: false })
    expect(checkSchoolStatus('Swasta')).toEqual({ ok: true, value: 'S' })
    expect(checkSchoolStatus('X')).toMatchObject({ ok: false })
  })

  it('state machines allow the designed moves only', () => {
    expect(canTransitionJob('running', 'blocked')).toBe(true)
    expect(canTransitionJob('blocked', 'running')).toBe(true)
    expect(canTransitionJob('cancelled', 'running')).toBe(false)
    expect(canTransitionJob('draft', 'running')).toBe(false)
    expect(canTransitionRow('done', 'pending')).toBe(false)
    expect(canTransitionRow('uncertain', 'pending')).toBe(true)
  })
})
