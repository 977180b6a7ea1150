import { PRICE_POINTS, type Product } from '../model/products'

/** Upper bound of a job's cost: every call that could be charged, charged (failures are free). */
export function estimateCostRp(product: Product, callsNeeded: number): number {
  return PRICE_POINTS[product] * callsNeeded
}

/** Time the calls take at the plan's rate, bounded by concurrency over typical latency. */
export function estimateSeconds(callsNeeded: number, rps: number, concurrency: number, typicalLatencyMs: number): number {
  if (callsNeeded <= 0) return 0
  const byConcurrency = (concurrency * 1000) / Math.max(1, typicalLatencyMs)
  const effective = Math.max(0.01, Math.min(rps, byConcurrency))
  return Math.ceil(callsNeeded / effective)
}

/** Hits left in this month's quota, or null when the plan is unlimited. */
export function quotaLeft(quota: number | null, usedThisMonth: number): number | null {
  return quota === null ? null : Math.max(0, quota - usedThisMonth)
}

/**
 * Rows finished per second, from the completion times of the last 10 seconds. Measured between
 * completions, never from the run's start: the first face match of a fresh service waits for the
 * model to load (tens of seconds), and that wait says nothing about the pace after it. Fewer than
 * two completions give no rate (0: "estimating"), not a guess that would show a wild first ETA.
 */
export function completionRate(times: readonly number[], now: number): number {
  const recent = times.filter((t) => t >= now - 10_000)
  if (recent.length < 2) return 0
  const span = Math.max(500, now - recent[0])
  return ((recent.length - 1) * 1000) / span
}
