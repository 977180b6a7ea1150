/**
 * The plan flags shared by `rekap run` and `rekap resume`: which plan the account has for each
 * product, and how many hits it has already used this month. One place turns them into job
 * settings (quota and rate come from the plan catalog, core/jobs/plans.ts).
 */
import { Option, InvalidArgumentError, type Command } from 'commander'
import { HOSPITAL_PLANS, REGIONAL_PLANS, SCHOOL_PLANS, parseProductName } from '../core/model/plans'
import { withPlans, type JobSettings } from '../core/model/job-settings'
import type { Product } from '../core/model/products'
import { t } from './cli-language'

export interface PlanFlags {
  schoolPlan?: (typeof SCHOOL_PLANS)[number]
  regionalPlan?: (typeof REGIONAL_PLANS)[number]
  hospitalPlan?: (typeof HOSPITAL_PLANS)[number]
  /** the old name of --hospital-plan */
  plan?: (typeof HOSPITAL_PLANS)[number]
  hitsUsed?: Array<[Product, number]>
}

/** `schools=9500` -> ['schools', 9500]; product names as in --hits-used's help. */
export function parseHitsUsed(v: string, prev: Array<[Product, number]> = []): Array<[Product, number]> {
  const m = /^\s*([a-z-]+)\s*=\s*([\d.,_]+)\s*$/i.exec(v)
  const product = m ? parseProductName(m[1]) : null
  const n = m ? Number(m[2].replace(/[.,_]/g, '')) : NaN
  if (!m || !product || product === 'face-match' || !Number.isInteger(n) || n < 0) {
    throw new InvalidArgumentError(t().usage.badHitsUsed(v))
  }
  return [...prev, [product, n]]
}

export function addPlanOptions(cmd: Command): Command {
  return cmd
    .addOption(new Option('--school-plan <plan>').choices([...SCHOOL_PLANS]))
    .addOption(new Option('--regional-plan <plan>').choices([...REGIONAL_PLANS]))
    .addOption(
      new Option('--hospital-plan <plan>').choices([
        ...HOSPITAL_PLANS,
      ]),
    )
    .addOption(new Option('--plan <plan>').choices([...HOSPITAL_PLANS]))
    .option('--hits-used <product=N>', '', parseHitsUsed, [])
}

/** Settings the plan flags change; for a new job over the defaults, for a resumed one over its snapshot. */
export function planSettings(base: JobSettings, o: PlanFlags): Pick<JobSettings, 'hospitalPlan' | 'schoolPlan' | 'regionalPlan' | 'monthlyQuota' | 'rps'> {
  return withPlans(base, { hospitals: o.hospitalPlan ?? o.plan, schools: o.schoolPlan, regional: o.regionalPlan })
}

export function hasPlanFlags(o: PlanFlags): boolean {
  return Boolean(o.schoolPlan || o.regionalPlan || o.hospitalPlan || o.plan)
}

export function hitsUsedRecord(o: PlanFlags): Partial<Record<Product, number>> {
  return Object.fromEntries(o.hitsUsed ?? [])
}
