/**
 * What will go wrong before it does: the plan compares the calls a job needs with the quota
 * left, and its cost with the budget and with the stated balance. One rule for the CLI's
 * `--dry-run --json`, its plan lines and the app's pre-flight card.
 */
import type { PlanWarningView } from '../../contract/ipc'
import { biggerPlan, PLAN_FLAG, isPlanProduct } from '../model/plans'
import type { Product } from '../model/products'
import { formatRp } from '../../contract/rupiah'

export interface ShortfallInput {
  product: Product
  /** the product's plan name (hospitals/schools/regional), for "raise the plan" */
  plan: string | null
  /** hits the job may still need (upper bound) */
  hitsNeeded: number
  quotaLeft: number | null
  /** the cost upper bound in Rp, and the price of one call */
  costRp: number
  pricePoints: number
  /** already charged to this job (a resumed job) */
  spentRp: number
  budgetRp: number | null
  balanceRp: number | null
}

export function shortfallWarnings(i: ShortfallInput): PlanWarningView[] {
  const out: PlanWarningView[] = []
  if (i.quotaLeft !== null && i.hitsNeeded > i.quotaLeft) {
    const bigger = isPlanProduct(i.product) && i.plan ? biggerPlan(i.product, i.plan) : null
    const raise = bigger && isPlanProduct(i.product) ? `${PLAN_FLAG[i.product]} ${bigger}` : null
    out.push({
      code: 'quota-shortfall',
      needed: i.hitsNeeded,
      available: i.quotaLeft,
      fits: i.quotaLeft,
      raiseTo: bigger,
      message:
        `This job may need ${i.hitsNeeded} ${i.product} hits and the plan has ${i.quotaLeft} left this month. ` +
        `Raise the plan${raise ? ` (${raise})` : ''}, split the sheet, or run what fits: rekap stops before the quota is passed and the rest waits for you.`,
      choices: ['raise', 'split', 'run-what-fits'],
    })
  }
  if (i.pricePoints > 0) {
    const check = (code: 'budget-shortfall' | 'balance-shortfall', limit: number | null, what: string): void => {
      if (limit === null) return
      const available = Math.max(0, limit - i.spentRp)
      if (i.costRp <= available) return
      const fits = Math.floor(available / i.pricePoints)
      out.push({
        code,
        needed: i.costRp,
        available,
        fits,
        raiseTo: null,
        message:
          `This job may cost up to ${formatRp(i.costRp, 'en')} and the ${what} leaves ${formatRp(available, 'en')} (${fits} verification(s)). ` +
          (code === 'budget-shortfall'
            ? `Raise the budget (--budget ${i.costRp + i.spentRp}), split the sheet, or run what fits: rekap stops before the budget is passed.`
            : `Top up and state the new balance (--balance), split the sheet, or run what fits: rekap stops before the balance is used up.`),
        choices: ['raise', 'split', 'run-what-fits'],
      })
    }
    check('budget-shortfall', i.budgetRp, 'budget')
    check('balance-shortfall', i.balanceRp, 'stated balance')
  }
  return out
}
