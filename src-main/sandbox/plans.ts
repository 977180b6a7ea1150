/**
 * What each product allows per plan (spec section 8 plus the sandbox's flags).
 * Hospitals: standard = 20 rps and 3,000 hits/month, premium = 100 rps and unlimited.
 * Schools and regional: no rate limit is specified; unlimited unless --monthly-quota.
 * Face match has no quota (pay per success) and no specified rate limit.
 */
export type Product = 'hospitals' | 'schools' | 'regional' | 'face-match'
export const PRODUCTS: readonly Product[] = ['hospitals', 'schools', 'regional', 'face-match']

export type HospitalPlan = 'standard' | 'premium'

export interface RateLimit {
  capacity: number
  refillPerSecond: number
}

export interface PlanSettings {
  hospitalPlan: HospitalPlan
  /** overrides the monthly quota of every directory product (hospitals, schools, regional) */
  monthlyQuota?: number
}

export const HOSPITAL_STANDARD_MONTHLY_HITS = 3_000

export function rateLimitFor(product: Product, plan: PlanSettings): RateLimit | null {
  if (product !== 'hospitals') return null
  return plan.hospitalPlan === 'premium'
    ? { capacity: 100, refillPerSecond: 100 }
    : { capacity: 20, refillPerSecond: 20 }
}

/** Hits allowed per calendar month, or null for unlimited. */
export function monthlyQuotaFor(product: Product, plan: PlanSettings): number | null {
  if (product === 'face-match') return null
  if (plan.monthlyQuota !== undefined) return plan.monthlyQuota
  if (product === 'hospitals' && plan.hospitalPlan === 'standard') return HOSPITAL_STANDARD_MONTHLY_HITS
  return null
}

export function quotaExceededMessage(product: Product, quota: number): string {
  // The client recognises kind 'quota' by this exact prefix.
  return `Monthly quota exceeded: ${quota} hits per month for ${product} on this plan. The quota renews on the 1st of next month.`
}
