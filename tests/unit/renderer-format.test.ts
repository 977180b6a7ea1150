import { describe, expect, it } from 'vitest'
import {
  durationParts,
  formatNumber,
  formatPercent,
  formatRp,
  formatScore,
  parseRpInput,
} from '../../src-renderer/src/format/numbers'

describe('formatRp', () => {
  it('writes rupiah the Indonesian way: Rp, no space, dots between thousands', () => {
    expect(formatRp(1_234_000, 'id')).toBe('Rp1.234.000')
    expect(formatRp(400, 'id')).toBe('Rp400')
    expect(formatRp(0, 'id')).toBe('Rp0')
    expect(formatRp(20_000_000, 'id')).toBe('Rp20.000.000')
  })
  it('uses commas on English screens and rounds to whole rupiah', () => {
    expect(formatRp(1_234_000, 'en')).toBe('Rp1,234,000')
    expect(formatRp(399.6, 'en')).toBe('Rp400')
    expect(formatRp(-50_000, 'id')).toBe('-Rp50.000')
  })
})

describe('formatNumber / formatPercent / formatScore', () => {
  it('groups and decimals follow the language', () => {
    expect(formatNumber(50_000, 'id')).toBe('50.000')
    expect(formatNumber(50_000, 'en')).toBe('50,000')
    expect(formatNumber(12.345, 'id', 1)).toBe('12,3')
    expect(formatNumber(12.345, 'en', 1)).toBe('12.3')
    expect(formatNumber(12, 'en', 1)).toBe('12')
  })
  it('percent and score', () => {
    expect(formatPercent(0.8734, 'id')).toBe('87,3%')
    expect(formatPercent(0.8734, 'en')).toBe('87.3%')
    expect(formatScore(0.8, 'id')).toBe('0,800')
    expect(formatScore(0.87345, 'en')).toBe('0.873')
  })
})

describe('parseRpInput', () => {
  it('reads what people type into a rupiah box', () => {
    expect(parseRpInput('1.234.000')).toBe(1_234_000)
    expect(parseRpInput('1,234,000')).toBe(1_234_000)
    expect(parseRpInput('Rp 50.000')).toBe(50_000)
    expect(parseRpInput('rp20000')).toBe(20_000)
    expect(parseRpInput('  400 ')).toBe(400)
  })
  it('empty means no limit; anything else is rejected, not guessed', () => {
    expect(parseRpInput('')).toBeNull()
    expect(parseRpInput('   ')).toBeNull()
    expect(parseRpInput('abc')).toBeNaN()
    expect(parseRpInput('-5')).toBeNaN()
    expect(parseRpInput('12k')).toBeNaN()
  })
})

describe('durationParts', () => {
  it('picks the unit a person would say', () => {
    expect(durationParts(42.4)).toEqual({ unit: 'seconds', n: 42 })
    expect(durationParts(125)).toEqual({ unit: 'minutes', m: 2, s: 5 })
    expect(durationParts(3 * 3600 + 25 * 60 + 59)).toEqual({ unit: 'hours', h: 3, m: 25 })
    expect(durationParts(-3)).toEqual({ unit: 'seconds', n: 0 })
  })
})
