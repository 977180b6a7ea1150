import { InvalidArgumentError } from 'commander'

/** '150000', '150.000', 'Rp150.000' -> 150000 (Indonesian thousands dots are common). */
export function parseMoney(v: string): number {
  const n = Number(v.replace(/^rp/i, '').replace(/[.\s_]/g, '').replace(',', '.'))
  if (!Number.isFinite(n) || n < 0) throw new InvalidArgumentError(`"${v}" is not an amount in Rupiah`)
  return Math.floor(n)
}

export function parsePositive(v: string): number {
  const n = Number(v)
  if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError(`"${v}" must be a positive number`)
  return n
}

export function parseBand(v: string): [number, number] {
  const parts = v.split(',').map(Number)
  if (parts.length !== 2 || parts.some((x) => !Number.isFinite(x) || x < 0 || x > 1) || parts[0] > parts[1]) {
    throw new InvalidArgumentError(`"${v}" must be two scores low,high between 0 and 1, e.g. 0.45,0.55`)
  }
  return [parts[0], parts[1]]
}

export function collect(v: string, prev: string[]): string[] {
  return [...prev, v]
}
