/**
 * The Settings screen's form: text for numbers (a half-typed number is never saved; SettingsView's
 * save parses and checks), the lists its sections show, and the form's values for stored settings.
 */
import type { AppSettingsView, Lang } from '../../../src-main/contract/ipc'

export type RateKey = keyof AppSettingsView['rps']
export type UsageProduct = AppSettingsView['usage'][number]['product']
export const USAGE_PRODUCTS: UsageProduct[] = ['schools', 'regional', 'hospitals']
export const SCHOOL_PLANS = ['free', 'starter', 'pro', 'business'] as const
export const HOSPITAL_PLANS = ['free', 'standard', 'premium'] as const
export const RATE_KEYS: RateKey[] = ['face-match', 'hospitals', 'schools', 'regional']

/** The form before settings arrive. */
export function emptyForm() {
  return {
    baseUrl: '',
    hospitalPlan: 'standard' as AppSettingsView['hospitalPlan'],
    schoolPlan: 'starter' as AppSettingsView['schoolPlan'],
    regionalPlan: 'starter' as AppSettingsView['regionalPlan'],
    /** hits the account already used this month, as the dashboard says; empty = not stated */
    hitsUsed: { schools: '', regional: '', hospitals: '' } as Record<UsageProduct, string>,
    reuseDays: '',
    authHeader: '',
    rps: { 'face-match': '', hospitals: '', schools: '', regional: '' } as Record<RateKey, string>,
    concurrency: '',
    budget: '',
    balance: '',
    reviewOn: false,
    reviewFrom: '',
    reviewTo: '',
    cacheHours: '',
    language: 'id' as Lang,
    dataDir: '',
    reviewerName: '',
    timeZone: 'Asia/Jakarta',
    allowOutsidePaths: false,
    uploadRetentionDays: '30',
    teamUrl: '',
    teamDesk: '',
  }
}
export type SettingsForm = ReturnType<typeof emptyForm>

/** The form's values for stored settings (text for numbers: what the inputs hold); `lang`: the screen's when none is set. */
export function formOf(s: AppSettingsView, lang: Lang): SettingsForm {
  return {
    baseUrl: s.baseUrl,
    hospitalPlan: s.hospitalPlan,
    schoolPlan: s.schoolPlan,
    regionalPlan: s.regionalPlan,
    hitsUsed: { schools: '', regional: '', hospitals: '' },
    reuseDays: String(s.reuseDays),
    authHeader: s.authHeader,
    rps: Object.fromEntries(RATE_KEYS.map((k) => [k, String(s.rps[k])])) as Record<RateKey, string>,
    concurrency: String(s.concurrency),
    budget: s.budgetRp === null ? '' : String(s.budgetRp),
    balance: s.balanceRp === null ? '' : String(s.balanceRp),
    reviewOn: s.reviewBand !== null,
    reviewFrom: s.reviewBand ? String(s.reviewBand[0]) : '0.4',
    reviewTo: s.reviewBand ? String(s.reviewBand[1]) : '0.6',
    cacheHours: String(s.cacheFreshnessHours),
    language: s.language ?? lang,
    dataDir: s.dataDir,
    reviewerName: s.reviewerName ?? '',
    timeZone: s.timeZone,
    allowOutsidePaths: s.allowOutsidePaths,
    uploadRetentionDays: String(s.uploadRetentionDays),
    teamUrl: s.teamUrl ?? '',
    teamDesk: s.teamDesk ?? '',
  }
}
