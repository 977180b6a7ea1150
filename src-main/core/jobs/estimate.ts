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
