import { describe, expect, it } from 'vitest'
import { createAccount, monthKey } from '../../src-main/sandbox/account'
import { monthlyQuotaFor, quotaExceededMessage, rateLimitFor } from '../../src-main/sandbox/plans'
import { isLoopbackHost, resolveSandboxOptions, SandboxOptionError } from '../../src-main/sandbox/sandbox-options'
import { classifyHttpFailure } from '../../src-main/core/provider/failure-classification'

describe('account', () => {
  it('reserves before verifying so the balance can never go below zero', () => {
    const a = createAccount(800)
    expect([a.reserveFaceMatch(), a.reserveFaceMatch(), a.reserveFaceMatch()]).toEqual([true, true, false])
    a.commitFaceMatch()
    a.releaseFaceMatch() // the second one failed: free
    expect(a.balance()).toBe(400)
    expect(a.chargedCalls()).toBe(1)
    expect(a.reserveFaceMatch()).toBe(true)
    a.commitFaceMatch()
    expect(a.reserveFaceMatch()).toBe(false)
    expect(a.balance()).toBe(0)
  })

  it('counts hits per product per calendar month in Western Indonesia Time', () => {
    const a = createAccount(0)
    const lastMinuteOfJulyWib = Date.UTC(2025, 6, 31, 16, 59) // 23:59 WIB
    a.recordHit('hospitals', lastMinuteOfJulyWib)
    a.recordHit('hospitals', lastMinuteOfJulyWib)
    expect(a.hitsThisMonth('hospitals', lastMinuteOfJulyWib)).toBe(2)
    expect(a.hitsThisMonth('schools', lastMinuteOfJulyWib)).toBe(0)
    const firstMinuteOfAugustWib = Date.UTC(2025, 6, 31, 17, 0)
    expect(monthKey(firstMinuteOfAugustWib)).toBe('2025-08')
    expect(a.hitsThisMonth('hospitals', firstMinuteOfAugustWib)).toBe(0)
  })
})

describe('plans', () => {
  it('hospitals: standard 20 rps and 3,000 hits, premium 100 rps and unlimited', () => {
    expect(rateLimitFor('hospitals', { hospitalPlan: 'standard' })).toEqual({ capacity: 20, refillPerSecond: 20 })
    expect(rateLimitFor('hospitals', { hospitalPlan: 'premium' })).toEqual({ capacity: 100, refillPerSecond: 100 })
    expect(monthlyQuotaFor('hospitals', { hospitalPlan: 'standard' })).toBe(3000)
    expect(monthlyQuotaFor('hospitals', { hospitalPlan: 'premium' })).toBeNull()
    expect(rateLimitFor('schools', { hospitalPlan: 'standard' })).toBeNull()
  })

  it('--monthly-quota overrides every directory product but never face match', () => {
    const plan = { hospitalPlan: 'premium' as const, monthlyQuota: 7 }
    expect(['hospitals', 'schools', 'regional'].map((p) => monthlyQuotaFor(p as 'schools', plan))).toEqual([7, 7, 7])
    expect(monthlyQuotaFor('face-match', plan)).toBeNull()
  })

  it('the quota message is what the client classifies as an exhausted quota', () => {
    expect(classifyHttpFailure(429, quotaExceededMessage('hospitals', 3000)).kind).toBe('quota')
  })
})

describe('options', () => {
  it('refuses a non-loopback host unless remote access is allowed, naming the reason', () => {
    expect(() => resolveSandboxOptions({ host: '0.0.0.0' })).toThrow(SandboxOptionError)
    expect(() => resolveSandboxOptions({ host: '0.0.0.0' })).toThrow(/not a loopback address.*--allow-remote/)
    expect(resolveSandboxOptions({ host: '0.0.0.0', allowRemote: true }).host).toBe('0.0.0.0')
    expect(['127.0.0.1', 'localhost', '::1', '[::1]', '127.1.2.3'].every(isLoopbackHost)).toBe(true)
  })

  it('defaults and a random admin token; bad values name their flag', () => {
    const a = resolveSandboxOptions({})
    expect(a).toMatchObject({ port: 8787, host: '127.0.0.1', balance: 10_000_000, hospitalPlan: 'standard', keys: ['sandbox-key'] })
    expect(a.adminToken).toMatch(/^[0-9a-f]{32}$/)
    expect(resolveSandboxOptions({}).adminToken).not.toBe(a.adminToken)
    expect(() => resolveSandboxOptions({ failRate: 1.5 })).toThrow(/--fail-rate/)
    expect(() => resolveSandboxOptions({ balance: -1 })).toThrow(/--balance/)
  })
})
