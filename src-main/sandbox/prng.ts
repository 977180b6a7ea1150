/**
 * Seeded pseudo-random numbers for the sandbox's generated data. Everything the
 * sandbox invents comes from here (never Math.random), so one seed gives the same
 * hospitals, schools and fault sequence on every machine.
 */

/** FNV-1a over the parts, so (seed, 'schools', '3273') names one independent stream. */
export function hashParts(...parts: Array<string | number>): number {
  let h = 0x811c9dc5
  for (const part of parts) {
    const s = `${part}\u0000`
    for (let i = 0; i < s.length; i++) {
      h ^= s.charCodeAt(i)
      h = Math.imul(h, 0x01000193)
    }
  }
  return h >>> 0
}

export interface Prng {
  /** uniform in [0, 1) */
  next(): number
  /** integer in [min, max] inclusive */
  int(min: number, max: number): number
  pick<T>(items: readonly T[]): T
  /** picks by relative weights; weights and items have the same length */
  weighted<T>(items: readonly T[], weights: readonly number[]): T
  chance(p: number): boolean
}

/** mulberry32: tiny, fast and good enough for plausible fake data. */
export function createPrng(seed: number): Prng {
  let state = seed >>> 0
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1))
  return {
    next,
    int,
    pick: (items) => items[Math.floor(next() * items.length)],
    weighted(items, weights) {
      const total = weights.reduce((a, b) => a + b, 0)
      let r = next() * total
      for (let i = 0; i < items.length; i++) {
        r -= weights[i]
        if (r < 0) return items[i]
      }
      return items[items.length - 1]
    },
    chance: (p) => next() < p,
  }
}

/** A stream derived from the seed and a label, e.g. prngFor(seed, 'schools', '3273'). */
export function prngFor(seed: number, ...labels: Array<string | number>): Prng {
  return createPrng(hashParts(seed, ...labels))
}
