import { InvalidArgumentError } from 'commander'
import { t } from './cli-language'

/** '150000', '150.000', 'Rp150.000' -> 150000 (Indonesian thousands dots are common). */
export function parseMoney(v: string): number {
  const n = Number(v.replace(/^rp/i, '').replace(/[.\s_]/g, '').replace(',', '.'))
  if (!/\d/.test(v) || !Number.isFinite(n) || n < 0) throw new InvalidArgumentError(t().usage.notAnAmount(v))
  return Math.floor(n)
}

export function parsePositive(v: string): number {
  const n = Number(v)
  if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError(t().usage.notPositive(v))
  return n
}

export function parseBand(v: string): [number, number] {
  const parts = v.split(',').map((p) => (p.trim() === '' ? Number.NaN : Number(p)))
  if (parts.length !== 2 || parts.some((x) => !Number.isFinite(x) || x < 0 || x > 1) || parts[0] > parts[1]) {
    throw new InvalidArgumentError(t().usage.badBand(v))
  }
  return [parts[0], parts[1]]
}

export function collect(v: string, prev: string[]): string[] {
  return [...prev, v]
}

export function parseNonNegativeInt(v: string): number {
  const n = Number(v)
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError(t().usage.notWholeNumber(v))
  return n
}
