import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { SHARED_DIR } from '../helpers/temp-dir'
import { PLAN_TERMS, monthlyQuotas, biggerPlan, quotaExhaustedText, parseProductName } from '../../src-main/core/model/plans'
import { renderCoreText } from '../../src-main/core/texts/core-text'

const quotaExhaustedMessage = (...a: Parameters<typeof quotaExhaustedText>): string => renderCoreText(quotaExhaustedText(...a), 'en')
import { monthlyQuotaFor, rateLimitFor } from '../../src-main/sandbox/plans'
import { defaultJobSettings } from '../../src-main/core/model/job-settings'
import { openStore } from '../../src-main/core/store'
import { makeTempDir } from '../helpers/temp-dir'
import { accountId } from '../../src-main/core/engine/account-id'
import { AccountHits } from '../../src-main/core/jobs/account-hits'
import { parseHitsUsed, planSettings } from '../../src-main/cli/plan-options'

const spec = readFileSync(join(SHARED_DIR, 'spec/interface-spec.md'), 'utf8')
/** '10.000' (Indonesian thousands) -> 10000 */
const num = (s: string): number => Number(s.replace(/\./g, ''))

describe('the plan catalog is the spec\'s price list (section 8)', () => {
  it('school plans: Starter, Pro, Business', () => {
    const m = /Starter Rp([\d.]+) for ([\d.]+) hits; Pro Rp([\d.]+) for ([\d.]+) hits; Business Rp([\d.]+) unlimited/.exec(spec)!
    expect(m).not.toBeNull()
    expect(PLAN_TERMS.schools.starter).toMatchObject({ priceRp: num(m[1]), monthlyHits: num(m[2]) })
    expect(PLAN_TERMS.schools.pro).toMatchObject({ priceRp: num(m[3]), monthlyHits: num(m[4]) })
    expect(PLAN_TERMS.schools.business).toMatchObject({ priceRp: num(m[5]), monthlyHits: null })
  })
  it('regional Starter, hospitals Standard/Premium with their rates, the catalog free tier', () => {
    const regional = /Regional \(region\) data plan \| starts at Starter Rp([\d.]+) for ([\d.]+) hits/.exec(spec)!
    expect(PLAN_TERMS.regional.starter).toMatchObject({ priceRp: num(regional[1]), monthlyHits: num(regional[2]) })
    const hospitals = /Standard plan ([\d.]+) hits per month and (\d+) requests per second; Premium unlimited hits and (\d+) requests per second/.exec(spec)!
    expect(PLAN_TERMS.hospitals.standard).toMatchObject({ monthlyHits: num(hospitals[1]), rps: Number(hospitals[2]) })
    expect(PLAN_TERMS.hospitals.premium).toMatchObject({ monthlyHits: null, rps: Number(hospitals[3]) })
    const free = /free tier of ([\d.]+) hits per month for school, campus and hospital data/.exec(spec)!
    expect(PLAN_TERMS.schools.free.monthlyHits).toBe(num(free[1]))
    expect(PLAN_TERMS.hospitals.free.monthlyHits).toBe(num(free[1]))
  })
  it('rekap and the sandbox read the same quotas', () => {
    for (const schoolPlan of ['free', 'starter', 'pro', 'business'] as const) {
      for (const hospitalPlan of ['free', 'standard', 'premium'] as const) {
        const q = monthlyQuotas({ schools: schoolPlan, hospitals: hospitalPlan, regional: 'starter' })
        expect(monthlyQuotaFor('schools', { hospitalPlan, schoolPlan })).toBe(q.schools)
        expect(monthlyQuotaFor('hospitals', { hospitalPlan, schoolPlan })).toBe(q.hospitals)
        expect(monthlyQuotaFor('regional', { hospitalPlan, schoolPlan })).toBe(q.regional)
      }
    }
    expect(rateLimitFor('hospitals', { hospitalPlan: 'free' })).toEqual({ capacity: 20, refillPerSecond: 20 })
  })
  it('defaults: the smallest paid plan of each product', () => {
    expect(defaultJobSettings().monthlyQuota).toEqual({ 'face-match': null, hospitals: 3000, schools: 10000, regional: 5000 })
  })
  it('the quota message names the bigger plan and its flag', () => {
    expect(biggerPlan('schools', 'starter')).toBe('pro')
    expect(biggerPlan('schools', 'business')).toBeNull()
    expect(quotaExhaustedMessage('hospitals', 'standard', 3000, 3000)).toMatch(/--hospital-plan premium/)
    expect(quotaExhaustedMessage('regional', 'starter', 5000, 5000)).toMatch(/buy more hits/)
  })
})

describe('CLI plan flags', () => {
  it('--hits-used product=N, product names in either language form', () => {
    expect(parseHitsUsed('schools=9.500')).toEqual([['schools', 9500]])
    expect(parseHitsUsed('hospital=3', [['schools', 1]])).toEqual([['schools', 1], ['hospitals', 3]])
    expect(parseProductName('regions')).toBe('regional')
    expect(() => parseHitsUsed('face=3')).toThrow(/schools=9500/)
    expect(() => parseHitsUsed('schools')).toThrow(/schools=9500/)
  })
  it('--plan is the hospital alias; a resumed job keeps its other plans', () => {
    const base = defaultJobSettings({ schoolPlan: 'pro' })
    const s = planSettings(base, { plan: 'premium' })
    expect(s).toMatchObject({ hospitalPlan: 'premium', schoolPlan: 'pro' })
    expect(s.monthlyQuota.hospitals).toBeNull()
    expect(s.monthlyQuota.schools).toBe(50_000)
    expect(s.rps.hospitals).toBe(100)
  })
})

describe('hits are counted per account', () => {
  it('two keys on one host, or one key on two hosts, are different accounts; the key is never in the id', () => {
    const a = accountId({ baseUrl: 'https://api.example.id', apiKey: 'secret-key-1', sandbox: false })
    expect(a).not.toContain('secret-key-1')
    expect(accountId({ baseUrl: 'https://api.example.id', apiKey: 'secret-key-2', sandbox: false })).not.toBe(a)
    expect(accountId({ baseUrl: 'https://other.example.id', apiKey: 'secret-key-1', sandbox: false })).not.toBe(a)
    expect(accountId({ baseUrl: 'https://api.example.id/', apiKey: 'secret-key-1', sandbox: false })).toBe(a)
  })
  it('the store keeps each account\'s month apart; a statement sets the count', () => {
    const tmp = makeTempDir()
    const store = openStore(join(tmp.dir, 'r.db'))
    try {
      const now = Date.UTC(2026, 10, 15)
      store.usage.addHits('schools', 7, now, 'A')
      store.usage.addHits('schools', 2, now, 'B')
      expect(store.usage.hitsThisMonth('schools', now, 'A')).toBe(7)
      expect(store.usage.hitsThisMonth('schools', now)).toBe(9)
      store.usage.setHitsThisMonth('A', 'schools', 9500, now)
      store.usage.addHits('schools', 1, now, 'A')
      expect(store.usage.hitsThisMonth('schools', now, 'A')).toBe(9501)
      expect(store.usage.hitsThisMonth('schools', now, 'B')).toBe(2)
    } finally {
      store.close()
      tmp.cleanup()
    }
  })
  it('two jobs drawing on one account counter cannot both take the last hit', () => {
    let stored = 9
    const hits = new AccountHits(() => stored)
    hits.acquire()
    hits.acquire()
    expect(hits.tryStart(10)).toBe(true)
    expect(hits.tryStart(10)).toBe(false)
    hits.unstart()
    expect(hits.tryStart(10)).toBe(true)
    stored = 0
    hits.refresh()
    expect(hits.used()).toBe(0)
  })
})
