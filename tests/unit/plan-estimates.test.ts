import { describe, expect, it } from 'vitest'
import { completionRate } from '../../src-main/core/jobs/estimate'
import { shortfallWarnings } from '../../src-main/core/jobs/plan-warnings'

describe('the ETA of a face job is not distorted by the model warming up', () => {
  it('one completion gives no rate yet (no wild first ETA), the warm-up before it is not counted', () => {
    // the service loads its model for 20 s; then a pair finishes every 500 ms
    const warm = 20_000
    expect(completionRate([warm], warm + 10)).toBe(0)
    const times = [warm, warm + 500, warm + 1000, warm + 1500]
    expect(completionRate(times, warm + 1500)).toBeCloseTo(2, 5)
    // 100 rows left -> 50 s, not the 100 × 10 s the old first guess (1 row / 10 s) gave
    expect(Math.ceil(100 / completionRate(times, warm + 1500))).toBe(50)
  })
  it('a stall lowers the rate; completions older than 10 s drop out', () => {
    expect(completionRate([0, 500, 1000], 5000)).toBeCloseTo(0.4, 5)
    expect(completionRate([0, 500, 1000], 20_000)).toBe(0)
  })
})

describe('shortfall warnings', () => {
  const base = { product: 'face-match' as const, plan: null, hitsNeeded: 10, quotaLeft: null, costRp: 4000, pricePoints: 400, spentRp: 0, budgetRp: null, balanceRp: null }
  it('budget and balance are checked against what is left after this job\'s charges', () => {
    const w = shortfallWarnings({ ...base, budgetRp: 3000, balanceRp: 10_000, spentRp: 800, costRp: 3200 })
    expect(w.map((x) => [x.code, x.available, x.fits])).toEqual([['budget-shortfall', 2200, 5]])
    // amounts written the one way (formatRp): Rp3,200 and Rp2,200, not Rp3200
    expect(w[0].message).toContain('up to Rp3,200 and the budget leaves Rp2,200')
  })
  it('quota: the next bigger plan is offered; the top plan offers none', () => {
    const q = shortfallWarnings({ ...base, product: 'hospitals', plan: 'free', pricePoints: 0, costRp: 0, quotaLeft: 3 })
    expect(q[0]).toMatchObject({ code: 'quota-shortfall', needed: 10, available: 3, fits: 3, raiseTo: 'standard' })
    expect(shortfallWarnings({ ...base, product: 'regional', plan: 'starter', pricePoints: 0, costRp: 0, quotaLeft: 3 })[0].raiseTo).toBeNull()
    expect(shortfallWarnings({ ...base, product: 'schools', plan: 'pro', pricePoints: 0, costRp: 0, quotaLeft: 10 })).toEqual([])
  })
})
