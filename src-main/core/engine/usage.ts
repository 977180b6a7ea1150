import type { Product } from '../model/products'
import type { JobSettings } from '../model/job-settings'
import { quotaExhaustedText } from '../model/plans'
import { premiumRequired } from '../model/premium-text'
import { coreText, renderCoreText, type CoreText } from '../texts/core-text'
import { quotaLeft } from '../jobs/estimate'
import { PlanError } from '../jobs/plan-error'
import { ServiceError } from '../provider'
import { schoolSearchRecords } from '../provider/school-search'
import { accountId } from './account-id'
import type { EngineCore } from './engine-core'
import type { UsageView } from './types'

/** This month's hits of an account, per product with a quota, read where they are counted (a team's: every desk's). */
export async function usageView(core: EngineCore, account: string, settings: JobSettings): Promise<UsageView> {
  const products = await Promise.all((['schools', 'regional', 'hospitals'] as const).map(async (product) => {
    const quota = settings.monthlyQuota[product]
    const used = await core.access.hitsOf(account, product).read()
    return { product, quota, used, left: quotaLeft(quota, used) }
  }))
  return { account: account.replace(/#.*/, ''), products }
}

/** The user states the hits the account has already used this month (other machines, the dashboard). */
export async function stateHitsUsed(core: EngineCore, account: string, settings: JobSettings, used: Partial<Record<Product, number>>): Promise<UsageView> {
  for (const [product, n] of Object.entries(used) as Array<[Product, number]>) {
    // local: written as stated; a team's shared count is only ever raised (coordination port)
    const held = await core.access.hitsOf(account, product).state(n)
    if (held > n) throw new PlanError(coreText('team.hitsNotLowered', { product, stated: n, team: held }), 2)
  }
  return usageView(core, account, settings)
}

/** schools/search (premium): one counted hit; without premium the 403 in plain words. */
export async function schoolSearch(
  core: EngineCore,
  settings: JobSettings,
  query: string,
): Promise<{ rows: Array<Record<string, unknown>>; premiumRequired: string | null; premiumText?: CoreText }> {
  const target = await core.opts.resolveTarget(settings)
  const account = accountId(target, core.ctx.accountSecret?.())
  const hits = core.access.hitsOf(account, 'schools')
  if (!(await hits.tryStart(settings.monthlyQuota.schools))) {
    throw new PlanError(quotaExhaustedText('schools', settings.schoolPlan, settings.monthlyQuota.schools ?? 0, hits.used()), 3)
  }
  const { client } = await core.access.clientFor(settings, 'school-lookup')
  try {
    const answer = await client.schoolSearch(query)
    core.store.usage.addHits('schools', 1, core.now(), account)
    return { rows: schoolSearchRecords(answer), premiumRequired: null }
  } catch (err) {
    hits.unstart()
    if (err instanceof ServiceError && err.kind === 'premium') {
      const text = premiumRequired('school-search', err.serviceMessage)
      return { rows: [], premiumRequired: renderCoreText(text, core.textLang()), premiumText: text }
    }
    throw err
  }
}
