/**
 * canonicalNumber's fast path (a fraction with at most 6 decimals) gives exactly what the 15-digit
 * rounding gives: the digest of every report and `rekap verify` depend on it.
 */
import { describe, expect, it } from 'vitest'
import { canonicalNumber, canonicalNumberText } from '../../src-main/core/reports/canonical-number'

const slow = (v: number): number => (Number.isInteger(v) ? v : Number(v.toPrecision(15)))

/** A deterministic stream of doubles (xorshift), so a failure is reproducible. */
function* numbers(n: number): Generator<number> {
  let x = 0x9e3779b9
  const next = (): number => {
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    return (x >>> 0) / 2 ** 32
  }
  for (let i = 0; i < n; i++) {
    const r = next()
    const decimals = Math.floor(next() * 9)
    const magnitude = 10 ** Math.floor(next() * 20 - 6)
    const sign = next() < 0.5 ? -1 : 1
    yield sign * Number((r * magnitude).toFixed(decimals > 7 ? 7 : decimals)) // short decimals of every size
    yield sign * r * magnitude // full doubles
    yield sign * (Math.floor(r * 1e6) / 1e6 + 1e9 * Math.floor(next() * 10)) // near the limit of the fast path
  }
}

describe('canonicalNumber', () => {
  it('equals the 15-digit rounding for 600,000 numbers of every size', () => {
    let differ = 0
    for (const v of numbers(200_000)) if (!Object.is(canonicalNumber(v), slow(v))) differ++
    expect(differ).toBe(0)
  })

  it('keeps the cases the reports show', () => {
    for (const v of [0.5, 12.5, -6.8712, 107.5834, 0.1 + 0.2, 0.13908009916989525, 2.0000000000000004, 1e-7, 123456789.123456, 999999999.999999, -0, 3273010101000001])
      expect(Object.is(canonicalNumber(v), slow(v)), String(v)).toBe(true)
  })

  it('writes the text String(canonicalNumber(v)) gives, for raw and already rounded numbers of every size', () => {
    let differ = 0
    for (const v of numbers(200_000)) {
      if (canonicalNumberText(v) !== String(canonicalNumber(v))) differ++
      // what the zip thread's digest is given: cells cellFor rounded already
      const rounded = canonicalNumber(v)
      if (canonicalNumberText(rounded) !== String(rounded)) differ++
    }
    expect(differ).toBe(0)
    for (const v of [0.5335495137851067, 0.533549513785107, 1e21, 1.5e-7, 1.2345678901234567e-7, 123456789012345680000, 1e300, -1e-300, 5e-324, -0, 0.1 + 0.2, 100.5, 0.000123])
      expect(canonicalNumberText(v), String(v)).toBe(String(canonicalNumber(v)))
  })
})
