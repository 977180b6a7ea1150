/**
 * The user's settings as the app keeps them (one JSON value in the store's settings table),
 * the rules for changing them, and the two projections the rest needs: the view the renderer
 * shows and the JobSettings snapshot a new job runs with. Pure functions; I/O is two calls.
 */
import { parseTeamTarget } from '../core/team/team-target'
import path from 'node:path'
import type { AppSettingsView, Lang, SettingsPatch } from '../contract/ipc'
import { DEFAULT_RPS, DEFAULT_REUSE_DAYS, defaultJobSettings, planRps, type HospitalPlan, type JobSettings } from '../core/model/job-settings'
import { DEFAULT_PLANS, type RegionalPlan, type SchoolPlan } from '../core/model/plans'
import { DEFAULT_AUTH_HEADER } from '../core/provider/types'
import type { Product } from '../core/model/products'
import type { SettingsRepo } from '../core/store'
import { DEFAULT_TIME_ZONE, checkTimeZone } from '../core/reports/time-zone'
import { cleanReviewerName } from '../core/review/review-rules'
import { AppError, fieldText } from './app-error'
import { coreText } from '../core/texts/core-text'
import { DEFAULT_UPLOAD_RETENTION_DAYS } from './upload-retention'
import { normaliseServiceUrl, serviceOrigin, ServiceUrlError } from '../core/net/service-url'

export interface AppSettings {
  /** '' = the embedded sandbox */
  baseUrl: string
  hospitalPlan: HospitalPlan
  schoolPlan: SchoolPlan
  regionalPlan: RegionalPlan
  /** days a verified face pair is reused by later jobs; 0 = off */
  reuseDays: number
  /** the header that carries the API key (the spec's x-api-service-id unless the service says otherwise) */
  authHeader: string
  /** only the rates the user changed; the rest follow the plan and the defaults */
  rpsOverrides: Partial<Record<Product, number>>
  concurrency: number
  budgetRp: number | null
  balanceRp: number | null
  reviewBand: [number, number] | null
  cacheFreshnessHours: number
  /** null = follow the operating system */
  language: Lang | null
  /** where exports are written; null = `<data folder>/exports` */
  exportsDir: string | null
  /** who signs review decisions made in this app (set once) */
  reviewerName: string | null
  /** IANA zone the report's time columns are shown in */
  timeZone: string
  /** the service origin the API key was confirmed for; the key goes nowhere else (null = not yet) */
  keyHost: string | null
  /** photo paths outside the workbook's folder are read (the CLI's --allow-outside-paths) */
  allowOutsidePaths: boolean
  /** uploaded workbooks are deleted after this many days (0 = kept) */
  uploadRetentionDays: number
  /** team mode (README "Team mode"): the team store's address and this desk's name; null = alone */
  teamUrl: string | null
  teamDesk: string | null
  /** desktop notifications when a job ends, is blocked or needs review */
  notifications: boolean
  /** Folder pantau while it runs: watched again when the app starts (null = none) */
  watchFolder: { dir: string; preset: string } | null
}

const STORE_KEY = 'app.settings'

export const DEFAULT_APP_SETTINGS: AppSettings = {
  baseUrl: '',
  hospitalPlan: DEFAULT_PLANS.hospitals,
  schoolPlan: DEFAULT_PLANS.schools,
  regionalPlan: DEFAULT_PLANS.regional,
  reuseDays: DEFAULT_REUSE_DAYS,
  authHeader: DEFAULT_AUTH_HEADER,
  rpsOverrides: {},
  concurrency: defaultJobSettings().concurrency,
  budgetRp: null,
  balanceRp: null,
  reviewBand: null,
  cacheFreshnessHours: defaultJobSettings().cacheFreshnessHours,
  language: null,
  exportsDir: null,
  reviewerName: null,
  timeZone: DEFAULT_TIME_ZONE,
  keyHost: null,
  allowOutsidePaths: false,
  uploadRetentionDays: DEFAULT_UPLOAD_RETENTION_DAYS,
  teamUrl: null,
  teamDesk: null,
  notifications: true,
  watchFolder: null,
}

export function readAppSettings(repo: SettingsRepo): AppSettings {
  const stored = repo.get<Partial<AppSettings>>(STORE_KEY) ?? {}
  return { ...DEFAULT_APP_SETTINGS, ...stored, rpsOverrides: { ...stored.rpsOverrides } }
}

export function writeAppSettings(repo: SettingsRepo, settings: AppSettings): void {
  repo.set(STORE_KEY, settings)
}

/** '' or an address through the one service-address rule (core/net/service-url.ts: https unless loopback). */
export function normaliseBaseUrl(raw: string): string {
  try {
    return normaliseServiceUrl(raw)
  } catch (err) {
    if (err instanceof ServiceUrlError) throw new AppError('invalid-input', fieldText('baseUrl', err), 'baseUrl')
    throw err
  }
}

/**
 * May the API key go to `baseUrl`? Only to the origin the user confirmed it for: when the address
 * changes, the key stays behind until the user confirms the new host (Settings asks before saving).
 */
export function keyConfirmedFor(settings: Pick<AppSettings, 'keyHost'>, baseUrl: string): boolean {
  return baseUrl !== '' && settings.keyHost !== null && settings.keyHost === serviceOrigin(baseUrl)
}

/** Applies a validated patch (zod already checked types and ranges); the remaining rules live here. */
export function applySettingsPatch(current: AppSettings, patch: SettingsPatch): AppSettings {
  const next: AppSettings = { ...current, rpsOverrides: { ...current.rpsOverrides } }
  if (patch.baseUrl !== undefined) {
    next.baseUrl = normaliseBaseUrl(patch.baseUrl)
    const moving = next.baseUrl !== '' && (current.baseUrl === '' || serviceOrigin(next.baseUrl) !== serviceOrigin(current.baseUrl))
    if (moving && patch.confirmHost !== true) {
      throw new AppError('conflict', coreText('app.confirmHost', { origin: serviceOrigin(next.baseUrl) }), 'baseUrl')
    }
    // the confirmation names the host: from now on the key may go there, and only there
    if (next.baseUrl !== '' && patch.confirmHost === true) next.keyHost = serviceOrigin(next.baseUrl)
  }
  if (patch.allowOutsidePaths !== undefined) next.allowOutsidePaths = patch.allowOutsidePaths
  if (patch.uploadRetentionDays !== undefined) next.uploadRetentionDays = patch.uploadRetentionDays
  if (patch.notifications !== undefined) next.notifications = patch.notifications
  if (patch.hospitalPlan !== undefined && patch.hospitalPlan !== current.hospitalPlan) {
    next.hospitalPlan = patch.hospitalPlan
    // a new plan brings its own rate (premium: 100 rps) unless this same patch sets one
    if (patch.rps?.hospitals === undefined) delete next.rpsOverrides.hospitals
  }
  if (patch.schoolPlan !== undefined) next.schoolPlan = patch.schoolPlan
  if (patch.regionalPlan !== undefined) next.regionalPlan = patch.regionalPlan
  if (patch.reuseDays !== undefined) next.reuseDays = patch.reuseDays
  if (patch.authHeader !== undefined) next.authHeader = patch.authHeader.toLowerCase()
  if (patch.rps) {
    for (const [product, rate] of Object.entries(patch.rps) as Array<[Product, number | undefined]>) {
      if (rate !== undefined) next.rpsOverrides[product] = rate
    }
  }
  if (patch.concurrency !== undefined) next.concurrency = patch.concurrency
  if (patch.budgetRp !== undefined) next.budgetRp = patch.budgetRp
  if (patch.balanceRp !== undefined) next.balanceRp = patch.balanceRp
  if (patch.reviewBand !== undefined) {
    const band = patch.reviewBand
    if (band && band[0] > band[1]) {
      throw new AppError('invalid-input', coreText('app.reviewBand', { low: band[0], high: band[1] }), 'reviewBand')
    }
    next.reviewBand = band
  }
  if (patch.cacheFreshnessHours !== undefined) next.cacheFreshnessHours = patch.cacheFreshnessHours
  if (patch.language !== undefined) next.language = patch.language
  if (patch.reviewerName !== undefined) {
    try {
      next.reviewerName = patch.reviewerName === null ? null : cleanReviewerName(patch.reviewerName)
    } catch (err) {
      throw new AppError('invalid-input', fieldText('reviewerName', err), 'reviewerName')
    }
  }
  if (patch.timeZone !== undefined) {
    try {
      next.timeZone = checkTimeZone(patch.timeZone)
    } catch (err) {
      throw new AppError('invalid-input', fieldText('timeZone', err), 'timeZone')
    }
  }
  if (patch.teamUrl !== undefined) next.teamUrl = teamUrlSetting(patch.teamUrl)
  if (patch.teamDesk !== undefined) next.teamDesk = patch.teamDesk?.trim() ? patch.teamDesk.trim() : null
  if (patch.dataDir !== undefined) {
    const dir = patch.dataDir.trim()
    if (dir !== '' && !path.isAbsolute(dir)) {
      throw new AppError('invalid-input', coreText('app.dataDirNotFull', { dir }), 'dataDir')
    }
    next.exportsDir = dir === '' ? null : path.resolve(dir)
  }
  return next
}

/** The team address through the one team-address rule (no password in it, TLS for another machine). */
function teamUrlSetting(raw: string | null): string | null {
  const value = raw?.trim() ?? ''
  if (value === '') return null
  try {
    return parseTeamTarget(value).display
  } catch (err) {
    throw new AppError('invalid-input', fieldText('teamUrl', err), 'teamUrl')
  }
}

export function effectiveRps(settings: AppSettings): Record<Product, number> {
  return { ...DEFAULT_RPS, hospitals: planRps(settings.hospitalPlan), ...settings.rpsOverrides }
}

export function exportsDirOf(settings: AppSettings, defaultExportsDir: string): string {
  return settings.exportsDir ?? defaultExportsDir
}

export interface KeyStatus {
  hasKey: boolean
  keyHint: string | null
  keySource: AppSettingsView['keySource']
}

export function settingsView(
  settings: AppSettings,
  key: KeyStatus,
  defaultExportsDir: string,
  usage: AppSettingsView['usage'] = [],
  hasTeamPassword = false,
): AppSettingsView {
  return {
    baseUrl: settings.baseUrl,
    sandbox: settings.baseUrl === '',
    hospitalPlan: settings.hospitalPlan,
    schoolPlan: settings.schoolPlan,
    regionalPlan: settings.regionalPlan,
    usage,
    reuseDays: settings.reuseDays,
    authHeader: settings.authHeader,
    rps: effectiveRps(settings),
    concurrency: settings.concurrency,
    budgetRp: settings.budgetRp,
    balanceRp: settings.balanceRp,
    reviewBand: settings.reviewBand,
    cacheFreshnessHours: settings.cacheFreshnessHours,
    language: settings.language,
    dataDir: exportsDirOf(settings, defaultExportsDir),
    reviewerName: settings.reviewerName,
    timeZone: settings.timeZone,
    keyHost: settings.keyHost,
    keyConfirmed: settings.baseUrl === '' || keyConfirmedFor(settings, settings.baseUrl),
    allowOutsidePaths: settings.allowOutsidePaths,
    uploadRetentionDays: settings.uploadRetentionDays,
    teamUrl: settings.teamUrl,
    teamDesk: settings.teamDesk,
    hasTeamPassword,
    notifications: settings.notifications,
    ...key,
  }
}

/** The snapshot a new job runs with. `target` is where requests go (the sandbox's URL when baseUrl is ''). */
export function jobSettingsFor(
  settings: AppSettings,
  target: { baseUrl: string; sandbox: boolean },
  overrides: { budgetRp?: number | null } = {},
): JobSettings {
  return defaultJobSettings({
    baseUrl: target.baseUrl,
    sandbox: target.sandbox,
    hospitalPlan: settings.hospitalPlan,
    schoolPlan: settings.schoolPlan,
    regionalPlan: settings.regionalPlan,
    reuseDays: settings.reuseDays,
    authHeader: settings.authHeader,
    rps: effectiveRps(settings),
    concurrency: settings.concurrency,
    budgetRp: overrides.budgetRp !== undefined ? overrides.budgetRp : settings.budgetRp,
    balanceRp: settings.balanceRp,
    reviewBand: settings.reviewBand,
    cacheFreshnessHours: settings.cacheFreshnessHours,
    allowOutsidePaths: settings.allowOutsidePaths,
  })
}
