/**
 * What each product allows per plan: the service's price list (spec section 8), read from the
 * one catalog rekap also uses (core/jobs/plans.ts), plus the sandbox's --monthly-quota override.
 * Hospitals: free 1,000 hits/month, standard 3,000 at 20 rps, premium unlimited at 100 rps.
 * Schools: free 1,000, starter 10,000, pro 50,000, business unlimited. Regional: starter 5,000.
 * School and regional rate limits are not published: none here. Face match: no quota.
 */
import { PLAN_TERMS, type HospitalPlan, type RegionalPlan, type SchoolPlan } from '../core/model/plans'

export type Product = 'hospitals' | 'schools' | 'regional' | 'face-match'
export const PRODUCTS: readonly Product[] = ['hospitals', 'schools', 'regional', 'face-match']

export type { HospitalPlan, SchoolPlan, RegionalPlan } from '../core/model/plans'

export interface RateLimit {
  capacity: number
  refillPerSecond: number
}

export interface PlanSettings {
  hospitalPlan: HospitalPlan
  /** default starter */
  schoolPlan?: SchoolPlan
  /** default starter */
  regionalPlan?: RegionalPlan
  /** overrides the monthly quota of every directory product (hospitals, schools, regional) */
  monthlyQuota?: number
}

export const HOSPITAL_STANDARD_MONTHLY_HITS = PLAN_TERMS.hospitals.standard.monthlyHits!

export function rateLimitFor(product: Product, plan: PlanSettings): RateLimit | null {
  if (product !== 'hospitals') return null
  const rps = PLAN_TERMS.hospitals[plan.hospitalPlan].rps ?? 20
  return { capacity: rps, refillPerSecond: rps }
}

/** Hits allowed per calendar month, or null for unlimited. */
export function monthlyQuotaFor(product: Product, plan: PlanSettings): number | null {
  if (product === 'face-match') return null
  if (plan.monthlyQuota !== undefined) return plan.monthlyQuota
  if (product === 'hospitals') return PLAN_TERMS.hospitals[plan.hospitalPlan].monthlyHits
  if (product === 'schools') return PLAN_TERMS.schools[plan.schoolPlan ?? 'starter'].monthlyHits
  return PLAN_TERMS.regional[plan.regionalPlan ?? 'starter'].monthlyHits
}

export function quotaExceededMessage(product: Product, quota: number): string {
  // The client recognises kind 'quota' by this exact prefix.
  return `Monthly quota exceeded: ${quota} hits per month for ${product} on this plan. The quota renews on the 1st of next month.`
}
