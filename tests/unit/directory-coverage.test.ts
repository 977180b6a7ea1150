import { describe, expect, it } from 'vitest'
import { coverageOf } from '../../src-main/core/export/directory-coverage'

const at = 1_700_000_000_000
describe('coverageOf: a query is covered only by syncs with the same or wider filters', () => {
  it('a province sync covers a regency and a class inside it; not another province', () => {
    const syncs = [{ filters: { province_code: '32' }, fetchedAt: at }]
    expect(coverageOf({ product: 'hospitals', regencyCodes: ['3273'], class: 'B' }, syncs).covered).toBe(true)
    const c = coverageOf({ product: 'hospitals', provinceCodes: ['32', '51'] }, syncs)
    expect(c.covered).toBe(false)
    expect(c.gaps).toEqual([{ filters: { province_code: '51' } }])
  })
  it('a narrower sync (class B) does not cover the whole province; a country-wide sync covers everything', () => {
    expect(coverageOf({ product: 'hospitals', provinceCodes: ['32'] }, [{ filters: { province_code: '32', class: 'B' }, fetchedAt: at }]).covered).toBe(false)
    expect(coverageOf({ product: 'hospitals', provinceCodes: ['32'], name: 'sehat' }, [{ filters: {}, fetchedAt: at }]).covered).toBe(true)
  })
  it('schools: a province is its regencies; with no area nothing covers it', () => {
    const c = coverageOf({ product: 'schools', provinceCodes: ['31'] }, [{ filters: { regency_code: '3171' }, fetchedAt: at }])
    expect(c.covered).toBe(false)
    expect(c.gaps.map((g) => g.filters.regency_code)).not.toContain('3171')
    expect(coverageOf({ product: 'schools' }, [{ filters: {}, fetchedAt: at }]).covered).toBe(false)
  })
})
