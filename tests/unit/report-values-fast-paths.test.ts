/**
 * A hospital record's scrape time and areas are read digit by digit when they have the service's
 * usual shape (issue 27: the patterns cost ~0.6 µs a record of a 100,000-row report). Whatever the
 * text, the value must be the one the patterns alone give, which these tests keep as the reference.
 */
import { describe, expect, it } from 'vitest'
import { revivedInputDate, zonelessIsoDate } from '../../src-main/core/reports/report-time'
import { squareMetres } from '../../src-main/core/kinds/hospital-records/fields'

/** zonelessIsoDate before the digit-by-digit reading. */
function patternDate(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?$/.exec(text.trim())
  if (!m) return null
  const ms = m[7] ? Math.round(Number('0.' + m[7]) * 1000) : 0
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0), ms))
  return Number.isNaN(d.getTime()) ? null : d
}

/** revivedInputDate before the digit-by-digit reading: the shape's pattern, then Date's own parser. */
function parsedInputDate(value: unknown): Date | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(value)) return null
  const d = new Date(value)
  return Number.isNaN(d.getTime()) ? null : d
}

/** squareMetres before the digit-by-digit reading. */
function patternArea(area: unknown): number | string | null {
  if (typeof area !== 'string') return typeof area === 'number' ? area : null
  const m = /^\s*(\d+(?:\.\d+)?)\s*(?:m2|m²|m\^2)\s*$/i.exec(area)
  if (m) return Number(m[1])
  const t = area.trim()
  return t === '' || t === '-' ? null : t
}

const same = (a: Date | null, b: Date | null): boolean => (a === null ? b === null : b !== null && a.getTime() === b.getTime())

describe('zonelessIsoDate read digit by digit', () => {
  it('gives the pattern’s date for every millisecond text and for dates out of range', () => {
    const texts: string[] = []
    for (let ms = 0; ms < 1000; ms++) texts.push(`2025-03-09T10:20:30.${String(ms).padStart(3, '0')}`)
    for (const day of ['0000-01-01', '0099-12-31', '1970-01-01', '2024-02-29', '2025-02-29', '2025-13-01', '2025-00-10', '2025-01-00', '2025-01-32', '9999-12-31'])
      for (const time of ['T00:00:00', ' 23:59:59', 'T24:00:00', 'T99:99:99', 'T10:20:30.999', ' 10:20:30.5', 'T10:20:30.1234', 'T10:20', ''])
        texts.push(day + time)
    texts.push(' 2025-03-09T10:20:30.123', '2025-03-09T10:20:30.123 ', '2025-03-09t10:20:30.123', '2025-03-09T10:20:30,123', '2025-03-09T10:20:3a.123')
    texts.push('2025/03/09T10:20:30.123', '2025-03-09T10-20:30.123', '٢٠٢٥-03-09T10:20:30.123', '2025-03-09T10:20:30.12a', 'kemarin', '', '-', '+2025-03-09T10:20:30')
    for (const t of texts) expect(same(zonelessIsoDate(t), patternDate(t)), t).toBe(true)
    expect(zonelessIsoDate('2025-03-01T10:20:30.123')?.toISOString()).toBe('2025-03-01T10:20:30.123Z')
  })
})

describe('squareMetres read digit by digit', () => {
  it('gives the pattern’s value for the usual shape and anything near it', () => {
    const areas: unknown[] = ['9485 m2', '808.5 m2', '0 m2', '007 m2', '1.25 m2', '12345678901234567890 m2', ' 9485 m2', '9485 m2 ', '9485m2', '9485  m2', '9485 M2', '9485 m²']
    areas.push('.5 m2', '5. m2', '1.2.3 m2', '1..2 m2', ' m2', 'm2', '-', '', ' ', '1e3 m2', '-5 m2', '+5 m2', '5 ha', '５ m2', '9485 m2x', 12, null, undefined, {})
    for (let i = 0; i < 2000; i += 7) areas.push(`${i} m2`, `${i}.${i % 10} m2`)
    for (const a of areas) expect(squareMetres(a), String(a)).toEqual(patternArea(a))
  })
})

describe('revivedInputDate read digit by digit', () => {
  it('gives the date Date’s parser gives, fields out of range and years below 100 included', () => {
    const texts: unknown[] = []
    const pad = (v: number, w: number): string => String(v).padStart(w, '0')
    for (const y of [0, 1, 50, 99, 100, 1899, 1900, 1970, 2024, 2025, 9999])
      for (const [mo, d] of [[1, 1], [2, 28], [2, 29], [2, 30], [2, 31], [4, 31], [12, 31], [0, 10], [13, 1], [1, 0], [1, 32], [99, 99]])
        for (const t of ['00:00:00.000', '23:59:59.999', '24:00:00.000', '24:00:00.001', '24:01:00.000', '23:60:00.000', '23:00:60.000', '25:00:00.000', '12:34:56.789'])
          texts.push(`${pad(y, 4)}-${pad(mo, 2)}-${pad(d, 2)}T${t}Z`)
    texts.push('2025-03-09T10:20:30.123z', '2025-03-09 10:20:30.123Z', '2025-03-09T10:20:30,123Z', '2025/03/09T10:20:30.123Z', '2025-03-09T10:20:3a.123Z')
    texts.push('+02025-03-09T10:20:30Z', '2025-03-09T10:20:30.123', '٢٠٢٥-03-09T10:20:30.123Z', '', 'kemarin', 20250309, null, new Date(0))
    for (const t of texts) expect(same(revivedInputDate(t), parsedInputDate(t)), String(t)).toBe(true)
  })
})
