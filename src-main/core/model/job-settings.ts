import type { Product } from './products'
import { DEFAULT_PLANS, hospitalRps, isPlanProduct, monthlyQuotas, type HospitalPlan, type PlanProduct, type RegionalPlan, type SchoolPlan } from './plans'

export type { HospitalPlan, SchoolPlan, RegionalPlan } from './plans'

/**
 * Everything a job runs with, snapshotted into the job when it is created so a report can
 * state exactly what was used. Never holds the API key.
 */
export interface JobSettings {
  baseUrl: string
  /** true when the embedded sandbox answers instead of the real service */
  sandbox: boolean
  authHeader: string
  hospitalPlan: HospitalPlan
  schoolPlan: SchoolPlan
  regionalPlan: RegionalPlan
  /** requests per second per product (token bucket rate) */
  rps: Record<Product, number>
  concurrency: number
  /** stop before spending more than this (Rp), null = no budget */
  budgetRp: number | null
  /** what the user says the balance is (Rp = points), null = unknown */
  balanceRp: number | null
  /** monthly hit quotas counted locally (from the plans above); null = unlimited */
  monthlyQuota: Record<Product, number | null>
  /** confidence band [low, high] shown as PERLU TINJAUAN; null = off */
  reviewBand: [number, number] | null
  /** directory records fetched within this many hours are reused */
  cacheFreshnessHours: number
  /** a face pair verified in an earlier job within this many days is reused for free; 0 = off */
  reuseDays: number
  /** attempts per row for retryable errors (429, 5xx, timeout, network) */
  maxAttempts: number
  requestTimeoutMs: number
  /** re-send paid rows left uncertain by a crash (may charge twice) */
  resendUncertain: boolean
  /** allow image paths that leave the workbook's folder */
  allowOutsidePaths: boolean
}

export const DEFAULT_RPS: Record<Product, number> = {
  'face-match': 5,
  hospitals: 20,
  schools: 10,
  regional: 10,
}

export function planRps(plan: HospitalPlan): number {
  return hospitalRps(plan)
}

export const DEFAULT_REUSE_DAYS = 30

export function defaultJobSettings(overrides: Partial<JobSettings> = {}): JobSettings {
  const plans = {
    hospitals: overrides.hospitalPlan ?? DEFAULT_PLANS.hospitals,
    schools: overrides.schoolPlan ?? DEFAULT_PLANS.schools,
    regional: overrides.regionalPlan ?? DEFAULT_PLANS.regional,
  }
  return {
    baseUrl: '',
    sandbox: false,
    authHeader: 'x-api-service-id',
    hospitalPlan: plans.hospitals,
    schoolPlan: plans.schools,
    regionalPlan: plans.regional,
    rps: { ...DEFAULT_RPS, hospitals: planRps(plans.hospitals) },
    concurrency: 4,
    budgetRp: null,
    balanceRp: null,
    monthlyQuota: monthlyQuotas(plans),
    reviewBand: null,
    cacheFreshnessHours: 24 * 7,
    reuseDays: DEFAULT_REUSE_DAYS,
    maxAttempts: 6,
    requestTimeoutMs: 30_000,
    resendUncertain: false,
    allowOutsidePaths: false,
    ...overrides,
  }
}

/**
 * A job's settings on other plans (a resumed job after the user moved to a bigger plan): the
 * quotas follow, and the hospital rate when the hospital plan changed. Plans not given stay.
 */
export function withPlans(
  base: JobSettings,
  plans: Partial<{ hospitals: HospitalPlan; schools: SchoolPlan; regional: RegionalPlan }>,
): Pick<JobSettings, 'hospitalPlan' | 'schoolPlan' | 'regionalPlan' | 'monthlyQuota' | 'rps'> {
  const next = {
    hospitals: plans.hospitals ?? base.hospitalPlan,
    schools: plans.schools ?? base.schoolPlan ?? DEFAULT_PLANS.schools,
    regional: plans.regional ?? base.regionalPlan ?? DEFAULT_PLANS.regional,
  }
  return {
    hospitalPlan: next.hospitals,
    schoolPlan: next.schools,
    regionalPlan: next.regional,
    monthlyQuota: monthlyQuotas(next),
    rps: next.hospitals !== base.hospitalPlan ? { ...base.rps, hospitals: hospitalRps(next.hospitals) } : base.rps,
  }
}

/** Which setting holds each product's plan. */
const PLAN_SETTING: Record<PlanProduct, 'hospitalPlan' | 'schoolPlan' | 'regionalPlan'> = {
  hospitals: 'hospitalPlan',
  schools: 'schoolPlan',
  regional: 'regionalPlan',
}

/** The plan these settings name for a product; null for a product sold without plans (face-match). */
export function planOf(settings: Pick<JobSettings, 'hospitalPlan' | 'schoolPlan' | 'regionalPlan'>, product: Product): string | null {
  return isPlanProduct(product) ? settings[PLAN_SETTING[product]] : null
}
