/**
 * The service's price list (spec section 8), the one place rekap and its sandbox read plan
 * names, hit quotas, rates and prices from.
 *
 * - Schools: Starter Rp19.000 for 10.000 hits, Pro Rp39.000 for 50.000, Business Rp79.000 unlimited.
 * - Regional: Starter Rp19.000 for 5.000 hits ("starts at"; a separate subscription).
 * - Hospitals: Standard 3.000 hits/month at 20 requests/s, Premium unlimited at 100 requests/s.
 * - Catalog free tier: 1.000 hits/month for school, campus and hospital data (not regional).
 * - Face match: Rp400 per successful verification, pay as you go, no quota.
 *
 * Where the spec is silent, rekap chooses (and the README says so): school and regional hits
 * are counted per calendar month like the hospital ones; the free hospital tier runs at the
 * Standard plan's 20 requests/s; school and regional rates keep rekap's conservative defaults.
 */
import type { Product } from './products'

import { HOSPITAL_PLANS, REGIONAL_PLANS, SCHOOL_PLANS, type HospitalPlan, type RegionalPlan, type SchoolPlan } from '../../contract/plan-names'
import { coreText, type CoreText } from '../texts/core-text'

export { HOSPITAL_PLANS, REGIONAL_PLANS, SCHOOL_PLANS, type HospitalPlan, type RegionalPlan, type SchoolPlan }

/** The plan the account has for each product with a quota. */
export interface PlanChoice {
  schools: SchoolPlan
  regional: RegionalPlan
  hospitals: HospitalPlan
}

export interface PlanTerms {
  /** hits per calendar month; null = unlimited */
  monthlyHits: number | null
  /** price of the plan per month in Rupiah (0 = free tier) */
  priceRp: number
  /** published requests per second; null = not published */
  rps: number | null
}

export const FREE_TIER_HITS = 1_000

export const PLAN_TERMS: {
  schools: Record<SchoolPlan, PlanTerms>
  regional: Record<RegionalPlan, PlanTerms>
  hospitals: Record<HospitalPlan, PlanTerms>
} = {
  schools: {
    free: { monthlyHits: FREE_TIER_HITS, priceRp: 0, rps: null },
    starter: { monthlyHits: 10_000, priceRp: 19_000, rps: null },
    pro: { monthlyHits: 50_000, priceRp: 39_000, rps: null },
    business: { monthlyHits: null, priceRp: 79_000, rps: null },
  },
  regional: {
    starter: { monthlyHits: 5_000, priceRp: 19_000, rps: null },
  },
  hospitals: {
    // rps not published for the free tier: the Standard plan's rate, the lowest published one.
    free: { monthlyHits: FREE_TIER_HITS, priceRp: 0, rps: 20 },
    standard: { monthlyHits: 3_000, priceRp: 0, rps: 20 },
    premium: { monthlyHits: null, priceRp: 0, rps: 100 },
  },
}

/** The plans assumed until the user says otherwise: the smallest paid plan of each product. */
export const DEFAULT_PLANS: PlanChoice = { schools: 'starter', regional: 'starter', hospitals: 'standard' }

export type PlanProduct = keyof PlanChoice
export const PLAN_PRODUCTS: readonly PlanProduct[] = ['schools', 'regional', 'hospitals']

export function isPlanProduct(p: Product): p is PlanProduct {
  return p === 'schools' || p === 'regional' || p === 'hospitals'
}

export function termsOf(product: PlanProduct, plan: string): PlanTerms {
  const table = PLAN_TERMS[product] as Record<string, PlanTerms>
  const t = table[plan]
  if (!t) throw new Error(`unknown ${product} plan "${plan}"`)
  return t
}

/** Hits per calendar month for every product under these plans (face match: no quota). */
export function monthlyQuotas(plans: PlanChoice): Record<Product, number | null> {
  return {
    'face-match': null,
    hospitals: PLAN_TERMS.hospitals[plans.hospitals].monthlyHits,
    schools: PLAN_TERMS.schools[plans.schools].monthlyHits,
    regional: PLAN_TERMS.regional[plans.regional].monthlyHits,
  }
}

export function hospitalRps(plan: HospitalPlan): number {
  return PLAN_TERMS.hospitals[plan].rps ?? 20
}

/** The next bigger plan of a product (what "raise the plan" means), or null at the top. */
export function biggerPlan(product: PlanProduct, plan: string): string | null {
  const order: readonly string[] = product === 'schools' ? SCHOOL_PLANS : product === 'hospitals' ? HOSPITAL_PLANS : REGIONAL_PLANS
  const i = order.indexOf(plan)
  return i >= 0 && i < order.length - 1 ? order[i + 1] : null
}

/** The CLI flag that states a product's plan. */
export const PLAN_FLAG: Record<PlanProduct, string> = {
  schools: '--school-plan',
  regional: '--regional-plan',
  hospitals: '--hospital-plan',
}

/**
 * Why a job stops at its quota and what to do, in one sentence the CLI, the app and the
 * report all show (a core text: each says it in its language).
 */
export function quotaExhaustedText(product: PlanProduct, plan: string, quota: number, used: number): CoreText {
  return coreText('block.quotaPlan', { product, plan, quota, used, bigger: biggerPlan(product, plan) ?? null, flag: PLAN_FLAG[product] })
}

/** Accepts `school`/`schools`, `hospital`/`hospitals`, `region`/`regional`/`regions`, `face`/`face-match`. */
export function parseProductName(raw: string): Product | null {
  const v = raw.trim().toLowerCase()
  if (v === 'school' || v === 'schools') return 'schools'
  if (v === 'hospital' || v === 'hospitals') return 'hospitals'
  if (v === 'region' || v === 'regions' || v === 'regional') return 'regional'
  if (v === 'face' || v === 'face-match') return 'face-match'
  return null
}
