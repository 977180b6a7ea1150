import type { JobPlanView } from '../../contract/ipc'
import type { Preset } from './presets'

/** When a preset does not say: at most this share of rows may fail pre-flight before a file is refused. */
export const DEFAULT_MAX_FAILING_SHARE = 0.1

export type Admission =
  | { verdict: 'run' }
  /** the workbook itself is wrong: it goes to gagal/ with the reason, for its sender to fix */
  | { verdict: 'refuse'; code: 'empty' | 'too-many-failing'; share?: number; limit?: number }
  /** the workbook is fine but the money or the quota is not there: it waits for a person */
  | { verdict: 'wait'; code: 'over-budget' | 'quota-shortfall'; needed: number; available: number }

/**
 * The one rule for an unattended file: run it, refuse it, or wait for a person. Pure: the plan
 * (pre-flight, cost upper bound, quota warnings) and the preset's limits in, the decision out.
 */
export function admit(plan: JobPlanView, preset: Preset): Admission {
  if (plan.rowsTotal === 0) return { verdict: 'refuse', code: 'empty' }
  const limit = preset.maxFailingShare ?? DEFAULT_MAX_FAILING_SHARE
  const share = plan.rowsFailingLocally / plan.rowsTotal
  if (share > limit) return { verdict: 'refuse', code: 'too-many-failing', share, limit }
  if (preset.budget !== undefined && plan.estimatedCostRp > preset.budget) {
    return { verdict: 'wait', code: 'over-budget', needed: plan.estimatedCostRp, available: preset.budget }
  }
  const shortfall = plan.warnings.find((w) => w.code === 'quota-shortfall')
  if (shortfall) return { verdict: 'wait', code: 'quota-shortfall', needed: shortfall.needed ?? 0, available: shortfall.available ?? 0 }
  return { verdict: 'run' }
}
