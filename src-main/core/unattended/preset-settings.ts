import type { JobKind } from '../../contract/job-kinds'
import { kindModule } from '../kinds/registry'
import { withPlans, type JobSettings } from '../model/job-settings'
import type { Preset } from './presets'

/** The preset fields that decide a job's settings snapshot (a run's flags have the same names). */
export type PresetRunFields = Pick<
  Preset,
  'authHeader' | 'budget' | 'balance' | 'reviewBand' | 'reuseDays' | 'rps' | 'concurrency' | 'schoolPlan' | 'regionalPlan' | 'hospitalPlan' | 'allowOutsidePaths' | 'refresh'
>

/**
 * The job settings a preset (or a run's flags, which carry the same fields) gives over a base: the
 * CLI's defaults for `rekap run`, the app's Settings for the New Job screen and Folder pantau. One
 * rule, so a preset chosen in the app runs with the settings `rekap run --preset NAME` would use.
 */
export function presetJobSettings(base: JobSettings, p: PresetRunFields, kind: JobKind): JobSettings {
  const plans = withPlans(base, { hospitals: p.hospitalPlan, schools: p.schoolPlan, regional: p.regionalPlan })
  const rps = { ...plans.rps }
  if (p.rps !== undefined) rps[kindModule(kind).product] = p.rps
  return {
    ...base,
    ...plans,
    rps,
    authHeader: (p.authHeader ?? base.authHeader).toLowerCase(),
    reuseDays: p.reuseDays ?? base.reuseDays,
    concurrency: p.concurrency ?? base.concurrency,
    budgetRp: p.budget ?? base.budgetRp,
    balanceRp: p.balance ?? base.balanceRp,
    reviewBand: p.reviewBand ?? base.reviewBand,
    allowOutsidePaths: p.allowOutsidePaths ?? base.allowOutsidePaths,
    // --refresh: nothing in the cache is fresh enough, every record is fetched again
    ...(p.refresh ? { cacheFreshnessHours: 0 } : {}),
  }
}
