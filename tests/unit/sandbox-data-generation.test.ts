import { describe, expect, it } from 'vitest'
import { BLU_STATUSES, HOSPITAL_CLASSES, HOSPITAL_TYPES, OWNERSHIPS } from '../../src-main/core/provider/types'
import { formatScrapedAt, generateHospitals } from '../../src-main/sandbox/hospital-generator'
import { loadRegionTree } from '../../src-main/core/regions/region-tree'
import { generateSchoolsForRegency, npsnRegencyIndex, SCHOOL_GRADES } from '../../src-main/sandbox/school-generator'

const tree = loadRegionTree()

describe('region tree from idn-area-data', () => {
  it('has the real counts, plain-digit codes and upper-case regency names', () => {
    expect([tree.provinces.length, tree.regencies.length, tree.districts.length]).toEqual([38, 514, 7285])
    expect(tree.regenciesByProvince.get('11')).toHaveLength(23)
    expect(tree.districtsByRegency.get('3273')).toHaveLength(30)
    expect(tree.regencyByCode.get('3273')?.name).toBe('KOTA BANDUNG')
    expect(tree.districts.every((d) => /^\d{6}$/.test(d.code) && d.code.startsWith(d.regencyCode))).toBe(true)
  })
})

describe('generated hospitals', () => {
  const hospitals = generateHospitals(1, tree)

  it('are a few thousand, with unique 7-digit codes inside real regencies', () => {
    expect(hospitals.length).toBeGreaterThan(2500)
    expect(hospitals.length).toBeLessThan(4000)
    expect(new Set(hospitals.map((h) => h.code)).size).toBe(hospitals.length)
    expect(hospitals.every((h) => /^\d{7}$/.test(h.code) && tree.regencyByCode.has(h.regency_code))).toBe(true)
  })

  it('use every type, class, ownership and BLU value', () => {
    expect(new Set(hospitals.map((h) => h.type))).toEqual(new Set(HOSPITAL_TYPES))
    expect(new Set(hospitals.map((h) => h.class))).toEqual(new Set(HOSPITAL_CLASSES))
    expect(new Set(hospitals.map((h) => h.ownership))).toEqual(new Set(OWNERSHIPS))
    expect(new Set(hospitals.map((h) => h.blu_status))).toEqual(new Set(BLU_STATUSES))
    expect(hospitals.some((h) => h.facilities.building_area === '-')).toBe(true)
  })

  it('are identical for the same seed and different for another seed', () => {
    expect(generateHospitals(1, tree)).toEqual(hospitals)
    const other = generateHospitals(2, tree)
    expect(other.slice(0, 50)).not.toEqual(hospitals.slice(0, 50))
  })

  it('format scraped_at as ISO 8601 with microseconds and no zone', () => {
    expect(formatScrapedAt(Date.UTC(2025, 7, 14, 3, 12, 45), 123456)).toBe('2025-08-14T03:12:45.123456')
    expect(formatScrapedAt(Date.UTC(2025, 0, 1), 42)).toBe('2025-01-01T00:00:00.000042')
  })
})

describe('generated schools', () => {
  const all = tree.regencies.flatMap((r) => generateSchoolsForRegency(1, tree, r))

  it('cover every district with unique 8-digit NPSNs, every grade and both statuses', () => {
    expect(all.length).toBeGreaterThan(100_000)
    expect(new Set(all.map((s) => s.npsn)).size).toBe(all.length)
    expect(all.every((s) => /^\d{8}$/.test(s.npsn))).toBe(true)
    expect(new Set(all.map((s) => s.district_code)).size).toBe(tree.districts.length)
    for (const grade of SCHOOL_GRADES) {
      expect(new Set(all.filter((s) => s.grade === grade).map((s) => s.status))).toEqual(new Set(['N', 'S']))
    }
  })

  it('encode their regency in the NPSN so a lookup by NPSN alone finds it', () => {
    for (const s of all.filter((_, i) => i % 997 === 0)) {
      expect(tree.regencies[npsnRegencyIndex(s.npsn)!].code).toBe(s.regency_code)
    }
    expect(npsnRegencyIndex('123')).toBeNull()
    expect(npsnRegencyIndex('00000001')).toBeNull()
  })

  it('are the same per (seed, regency) however often or in whatever order generated', () => {
    const bandung = tree.regencyByCode.get('3273')!
    expect(generateSchoolsForRegency(1, tree, bandung)).toEqual(all.filter((s) => s.regency_code === '3273'))
    expect(generateSchoolsForRegency(9, tree, bandung)).not.toEqual(generateSchoolsForRegency(1, tree, bandung))
  })
})
