import { describe, expect, it } from 'vitest'
import { csvField, literalCell } from '../../src-main/core/reports/cell-safety'
import { isRealFormula } from '../../src-main/core/csv/csv-text'
import { cellFor } from '../../src-main/core/reports/column-cells'
import { codeText } from '../../src-main/core/importers/code-values'
import { inReviewBand, verdictOf } from '../../src-main/core/verdict'
import { utcOffsetLabel, wallClockDate, zonelessIsoDate, humanDuration } from '../../src-main/core/reports/report-time'
import { Pivot } from '../../src-main/core/reports/pivot'
import { serviceHost } from '../../src-main/core/reports/summary-sheet'
import { labelsFor } from '../../src-main/core/reports/labels'

const fmt = (d: Date): string => d.toISOString()

describe('reports: formula-like text', () => {
  // one rule for what a spreadsheet evaluates (the CSV guard's); a phone number with a sign is data
  it.each(['=HYPERLINK("http://x","y")', '-1+1', '@SUM(A1)', '\tcmd', '\rcmd'])('%j is a formula', (t) => {
    expect(isRealFormula(t)).toBe(true)
  })
  it.each(['Siti', '62 812', '+62 812', '1-1', 'a=b', ''])('%j is not', (t) => expect(isRealFormula(t)).toBe(false))

  it('CSV prefixes formula-like text with a single quote and quotes what needs quoting', () => {
    expect(csvField('=HYPERLINK("a","b")', fmt)).toBe(`"'=HYPERLINK(""a"",""b"")"`)
    // a field that starts like a formula is quoted as well as prefixed (issue 14, item 8)
    // a phone number is data: no apostrophe (issue 23 item 14); a formula is still guarded
    expect(csvField('+62 812', fmt)).toBe('+62 812')
    expect(csvField('-Budi', fmt)).toBe('-Budi')
    expect(csvField('-', fmt)).toBe('-')
    expect(csvField('-1+1', fmt)).toBe(`"'-1+1"`)
    expect(csvField('@SUM(A1)', fmt)).toBe(`"'@SUM(A1)"`)
    expect(csvField('\tcmd', fmt)).toBe(`"'\tcmd"`)
    expect(csvField('x;=1+1;y', fmt)).toBe(`"x;'=1+1;y"`)
    expect(csvField('a,b', fmt)).toBe('"a,b"')
    expect(csvField('line\nbreak', fmt)).toBe('"line\nbreak"')
    expect(csvField('0012', fmt)).toBe('0012')
  })

  it('CSV leaves real numbers alone, negative ones included', () => {
    expect(csvField(-5, fmt)).toBe('-5')
    expect(csvField(0.25, fmt)).toBe('0.25')
    expect(csvField(null, fmt)).toBe('')
  })

  it('never passes an object to the workbook: formula, rich text and hyperlink shapes become text', () => {
    expect(literalCell({ formula: 'SUM(A1:A2)' })).toBe('{"formula":"SUM(A1:A2)"}')
    expect(typeof literalCell({ richText: [{ text: 'x' }] })).toBe('string')
    expect(literalCell(Number.NaN)).toBeNull()
    expect(literalCell(Infinity)).toBeNull()
    expect(literalCell(new Date('nope'))).toBeNull()
    expect(literalCell('a\u0000b\u0007c')).toBe('abc')
    expect((literalCell('x'.repeat(40_000)) as string).length).toBe(32_767)
  })
})

describe('reports: codes stay text', () => {
  it('keeps leading zeros and every digit of a 16-digit NIK', () => {
    expect(codeText('0012345678901234')).toBe('0012345678901234')
    expect(codeText(3273010101010002)).toBe('3273010101010002')
    expect(codeText(1101)).toBe('1101')
    expect(cellFor(20_100_001, 'code')).toBe('20100001')
    expect(cellFor('', 'code')).toBeNull()
  })
  it('revives the dates the store keeps as JSON text', () => {
    expect(cellFor('1990-05-17T00:00:00.000Z', 'auto')).toEqual(new Date('1990-05-17T00:00:00.000Z'))
    expect(cellFor('1990-05-17', 'auto')).toBe('1990-05-17')
  })
})

describe('reports: outcome rule', () => {
  const band: [number, number] = [0.45, 0.55]
  it('marks scores inside the band (inclusive) for review, match or not', () => {
    expect(verdictOf('done', 'match', inReviewBand(0.5, band))).toBe('review')
    expect(verdictOf('done', 'no-match', inReviewBand(0.45, band))).toBe('review')
    expect(verdictOf('done', 'match', inReviewBand(0.56, band))).toBe('match')
    expect(verdictOf('done', 'match', inReviewBand(0.5, null))).toBe('match')
  })
  it('labels unfinished and unknown rows as such', () => {
    expect(verdictOf('pending', null, false)).toBe('pending')
    expect(verdictOf('in-flight', null, false)).toBe('pending')
    expect(verdictOf('uncertain', null, false)).toBe('uncertain')
    expect(verdictOf('failed', 'not-found', false)).toBe('not-found')
    expect(verdictOf('failed', 'failed', false)).toBe('failed')
  })
  it('has the same label keys in both languages', () => {
    expect(Object.keys(labelsFor('en').outcomes)).toEqual(Object.keys(labelsFor('id').outcomes))
    expect(labelsFor(undefined).outcomes.review).toBe('PERLU TINJAUAN')
    expect(labelsFor('en').outcomes.review).toBe('NEEDS REVIEW')
  })
})

describe('reports: time, hosts, pivots', () => {
  it('shows instants as the local wall clock and names the offset', () => {
    const ms = Date.UTC(2026, 0, 1, 3, 0, 0)
    expect(wallClockDate(ms, 420).toISOString()).toBe('2026-01-01T10:00:00.000Z')
    expect(utcOffsetLabel(ms, 420)).toBe('UTC+07:00')
    expect(utcOffsetLabel(ms, -150)).toBe('UTC-02:30')
    expect(zonelessIsoDate('2025-03-01T10:20:30.123')?.toISOString()).toBe('2025-03-01T10:20:30.123Z')
    expect(zonelessIsoDate('kemarin')).toBeNull()
    expect(humanDuration(3_723_000)).toBe('1 h 02 m 03 s')
    expect(humanDuration(3_723_000, 'id')).toBe('1 jam 02 mnt 03 dtk')
  })
  it('reduces a service URL to its host: no user, password or query', () => {
    expect(serviceHost('https://u:pw@api.example.co.id:8443/v1?api_key=abc')).toBe('api.example.co.id:8443')
    expect(serviceHost('not a url with key abc')).toBe('-')
  })
  it('counts and sums per row and column key', () => {
    const p = new Pivot()
    p.add('32', 'A', 100)
    p.add('32', 'B', 50)
    p.add('11', 'A', 10)
    expect(p.rowKeys()).toEqual(['11', '32'])
    expect(p.count('32')).toBe(2)
    expect(p.count('32', 'A')).toBe(1)
    expect(p.sum('32')).toBe(150)
    expect(p.columnCount('A')).toBe(2)
    expect(p.columnKeys(['A', 'B', 'C', 'D'])).toEqual(['A', 'B', 'C', 'D'])
  })
})
