/**
 * The plan names of each product (spec section 8), part of the contract: typed on the CLI, sent
 * by the renderer, stored in jobs. What each plan allows lives in src-main/core/model/plans.ts.
 */
export const SCHOOL_PLANS = ['free', 'starter', 'pro', 'business'] as const
export const REGIONAL_PLANS = ['starter'] as const
export const HOSPITAL_PLANS = ['free', 'standard', 'premium'] as const
export type SchoolPlan = (typeof SCHOOL_PLANS)[number]
export type RegionalPlan = (typeof REGIONAL_PLANS)[number]
export type HospitalPlan = (typeof HOSPITAL_PLANS)[number]
