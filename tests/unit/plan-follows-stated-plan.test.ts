/**
 * Issue 23 item 8: a rehearsal behaves like the plan the user states, and the plan's duration is
 * worked out with the same rate the sandbox then answers at. Not timed: the inputs are compared.
 */
import { describe, expect, it } from 'vitest'
import { defaultJobSettings } from '../../src-main/core/model/job-settings'
import { HOSPITAL_PLANS, REGIONAL_PLANS, SCHOOL_PLANS } from '../../src-main/core/model/plans'
import { estimateSeconds } from '../../src-main/core/jobs/estimate'
import { typicalLatencyMs } from '../../src-main/core/engine/plan-estimate'
import { monthlyQuotaFor, rateLimitFor } from '../../src-main/sandbox/plans'
import { DEFAULT_FACE_WARMUP_MS, faceWarmUpOf } from '../../src-main/app/embedded-sandbox'
import type { RunningSandbox } from '../../src-main/sandbox'

describe('the plan and the sandbox read the same terms of the stated plan', () => {
  it.each(HOSPITAL_PLANS)('hospitals, %s: the rate and quota a job plans by are the ones the sandbox answers by', (hospitalPlan) => {
    const s = defaultJobSettings({ hospitalPlan })
    const limit = rateLimitFor('hospitals', { hospitalPlan })
    expect(s.rps.hospitals).toBe(limit?.refillPerSecond)
    expect(s.monthlyQuota.hospitals).toBe(monthlyQuotaFor('hospitals', { hospitalPlan }))
  })

  it('schools and regional: the quota a job plans by is the sandbox\'s for every plan', () => {
    for (const schoolPlan of SCHOOL_PLANS) {
      expect(defaultJobSettings({ schoolPlan }).monthlyQuota.schools).toBe(monthlyQuotaFor('schools', { hospitalPlan: 'standard', schoolPlan }))
    }
    for (const regionalPlan of REGIONAL_PLANS) {
      expect(defaultJobSettings({ regionalPlan }).monthlyQuota.regional).toBe(monthlyQuotaFor('regional', { hospitalPlan: 'standard', regionalPlan }))
    }
  })

  it('a sandbox plan of 10,000 premium lookups takes the premium rate, not a latency guess for the internet', () => {
    const s = defaultJobSettings({ hospitalPlan: 'premium' })
    // the CLI's concurrency for hospital lookups (kinds/hospital-lookup: 8)
    expect(estimateSeconds(10_000, s.rps.hospitals, 8, typicalLatencyMs('hospitals', true))).toBe(10_000 / rateLimitFor('hospitals', { hospitalPlan: 'premium' })!.refillPerSecond)
    // against a real service the latency guess still bounds it (8 at a time, 150 ms each: 53/s)
    expect(estimateSeconds(10_000, s.rps.hospitals, 8, typicalLatencyMs('hospitals', false))).toBe(188)
  })
})

describe('the face warm-up a plan adds', () => {
  const sandbox = (warmUpMs: number | null, charged = 0): RunningSandbox =>
    ({ faceWarmUpMs: () => warmUpMs, state: () => ({ charged_calls: charged }) }) as unknown as RunningSandbox
  it('cold: the warm-up measured on this machine before, else the default', () => {
    expect(faceWarmUpOf(sandbox(null), 5_158)).toBe(5)
    expect(faceWarmUpOf(sandbox(null), null)).toBe(Math.round(DEFAULT_FACE_WARMUP_MS / 1000))
  })
  it('warm in this process: nothing', () => {
    expect(faceWarmUpOf(sandbox(1_700), 25_000)).toBe(0)
    expect(faceWarmUpOf(sandbox(null, 3), 25_000)).toBe(0)
  })
})
