/**
 * Spec 2.4: without premium, `accreditation`, `lang` and `long` carry a fixed text saying the
 * data is premium-only. The exact text is not given, so the rule is by content: a coordinate
 * is a number or a string that reads as one (anything else is unavailable, never NaN), and an
 * accreditation is unavailable when empty or when it talks about "premium".
 */
import type { SchoolRecord, SchoolRecordWire } from './types'

/** Decimal with optional sign; a single comma is accepted as the decimal mark ("-6,9147"). */
const DECIMAL = /^[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)$/

/** A coordinate number, or null for the premium placeholder and anything else unreadable. */
export function parseCoordinate(value: unknown): number | null {
  let n: number
  if (typeof value === 'number') n = value
  else if (typeof value === 'string') {
    const text = value.trim()
    if (!DECIMAL.test(text)) return null
    n = Number(text.replace(',', '.'))
  } else return null
  // Both fields are checked against the wider longitude range: the spec does not say which
  // of `lang`/`long` is latitude, and a swapped pair is better kept than silently dropped.
  if (!Number.isFinite(n) || Math.abs(n) > 180) return null
  return n
}

export function parseAccreditation(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const text = value.trim()
  if (text === '' || /premium/i.test(text)) return null
  return text
}

export function normaliseSchool(wire: SchoolRecordWire): SchoolRecord {
  return {
    ...wire,
    accreditation: parseAccreditation(wire.accreditation),
    lang: parseCoordinate(wire.lang),
    long: parseCoordinate(wire.long),
  }
}
