import { describe, expect, it } from 'vitest'
import { normaliseSchool, parseAccreditation, parseCoordinate } from '../../src-main/core/provider/school-normalise'
import type { SchoolRecordWire } from '../../src-main/core/provider/types'

const base: SchoolRecordWire = {
  npsn: '20106343',
  name: 'SMP NEGERI 241',
  grade: 'SMP',
  status: 'N',
  accreditation: 'Data hanya tersedia untuk paket premium',
  address: 'Jl. Pendidikan',
  province_code: '31',
  province_name: 'DKI JAKARTA',
  regency_code: '3101',
  regency_name: 'KAB. ADM. KEP. SERIBU',
  district_code: '310102',
  district_name: 'Kepulauan Seribu Selatan',
  lang: 'Data hanya tersedia untuk paket premium',
  long: 'Data hanya tersedia untuk paket premium',
}

describe('school normalisation', () => {
  it('turns the non-premium placeholder into null in all three fields, keeping the rest', () => {
    const school = normaliseSchool(base)
    expect(school.accreditation).toBeNull()
    expect(school.lang).toBeNull()
    expect(school.long).toBeNull()
    expect(school.npsn).toBe('20106343')
    expect(school.district_name).toBe('Kepulauan Seribu Selatan')
  })

  it('reads premium coordinates given as strings or numbers', () => {
    const school = normaliseSchool({ ...base, accreditation: 'A', lang: '-6.9147', long: 107.6098 as unknown as string })
    expect(school).toMatchObject({ accreditation: 'A', lang: -6.9147, long: 107.6098 })
  })

  it.each([
    ['-6.9147', -6.9147],
    [' 106.5003 ', 106.5003],
    ['+6', 6],
    ['-6,9147', -6.9147],
    ['.5', 0.5],
    [0, 0],
    [-180, -180],
  ])('coordinate %j -> %j', (input, expected) => {
    expect(parseCoordinate(input)).toBe(expected)
  })

  it.each([
    'Only available for premium package',
    'premium',
    '',
    '   ',
    'NaN',
    'Infinity',
    '1e3',
    '-6.9.1',
    '12abc',
    '0x1A',
    '181',
    null,
    undefined,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    true,
    {},
  ])('coordinate %j -> null (never NaN)', (input) => {
    expect(parseCoordinate(input)).toBeNull()
  })

  it.each([
    ['A', 'A'],
    [' B ', 'B'],
    ['Belum Terakreditasi', 'Belum Terakreditasi'],
    ['Premium only', null],
    ['Tersedia di paket PREMIUM', null],
    ['', null],
    [null, null],
    [7, null],
  ])('accreditation %j -> %j', (input, expected) => {
    expect(parseAccreditation(input)).toBe(expected)
  })
})
