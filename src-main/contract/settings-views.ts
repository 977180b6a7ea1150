/**
 * The Settings side of the IPC contract (ipc.ts): what a save may change, what the screen is shown,
 * what Test connection found, and what the app tells the renderer about itself and its job kinds.
 */
import { z } from 'zod'
import { HOSPITAL_PLANS, REGIONAL_PLANS, SCHOOL_PLANS } from './plan-names'
import { langSchema, type JobKindView, type Lang } from './values'
import type { VerdictView } from './review-views'

export const settingsPatchSchema = z
  .object({
    baseUrl: z.string().max(500).optional(), // '' = embedded sandbox
    /** the user confirmed a new service address, and that the API key may be sent to it */
    confirmHost: z.boolean().optional(),
    /** read photo paths outside the workbook's folder (the CLI's --allow-outside-paths) */
    allowOutsidePaths: z.boolean().optional(),
    /** uploaded workbooks are deleted after this many days; 0 = kept */
    uploadRetentionDays: z.number().int().min(0).max(3650).optional(),
    hospitalPlan: z.enum(HOSPITAL_PLANS).optional(),
    schoolPlan: z.enum(SCHOOL_PLANS).optional(),
    regionalPlan: z.enum(REGIONAL_PLANS).optional(),
    /** hits the account has already used this month (other machines share the key); applied once, when saved */
    hitsUsed: z
      .object({
        schools: z.number().int().min(0).max(100_000_000).optional(),
        regional: z.number().int().min(0).max(100_000_000).optional(),
        hospitals: z.number().int().min(0).max(100_000_000).optional(),
      })
      .strict()
      .optional(),
    /** days a verified face pair is reused for free by later jobs; 0 = off */
    reuseDays: z.number().int().min(0).max(3650).optional(),
    /** name of the header that carries the API key */
    authHeader: z
      .string()
      .regex(/^[A-Za-z0-9-]{1,64}$/, 'a header name: letters, digits and dashes')
      .optional(),
    rps: z
      .object({
        'face-match': z.number().positive().max(1000).optional(),
        hospitals: z.number().positive().max(1000).optional(),
        schools: z.number().positive().max(1000).optional(),
        regional: z.number().positive().max(1000).optional(),
      })
      .strict()
      .optional(),
    concurrency: z.number().int().min(1).max(64).optional(),
    budgetRp: z.number().int().min(0).nullable().optional(),
    balanceRp: z.number().int().min(0).nullable().optional(),
    reviewBand: z.tuple([z.number().min(0).max(1), z.number().min(0).max(1)]).nullable().optional(),
    cacheFreshnessHours: z.number().min(0).max(24 * 365).optional(),
    language: langSchema.optional(),
    dataDir: z.string().max(1000).optional(),
    reviewerName: z.string().max(200).nullable().optional(),
    timeZone: z.string().min(1).max(64).optional(),
    /** team mode: the team store's postgres:// address ('' or null = not in a team) and this desk's name */
    teamUrl: z.string().max(1000).nullable().optional(),
    teamDesk: z.string().max(100).nullable().optional(),
    /** desktop notifications when a job ends, is blocked or needs review */
    notifications: z.boolean().optional(),
  })
  .strict()
export type SettingsPatch = z.infer<typeof settingsPatchSchema>

export interface AppSettingsView {
  baseUrl: string
  /** true when the embedded sandbox answers (shown as SANDBOX everywhere) */
  sandbox: boolean
  hospitalPlan: 'free' | 'standard' | 'premium'
  schoolPlan: 'free' | 'starter' | 'pro' | 'business'
  regionalPlan: 'starter'
  /** this month's hits of the account the settings talk to, against each plan's quota */
  usage: Array<{ product: 'schools' | 'regional' | 'hospitals'; quota: number | null; used: number; left: number | null }>
  reuseDays: number
  authHeader: string
  rps: Record<'face-match' | 'hospitals' | 'schools' | 'regional', number>
  concurrency: number
  budgetRp: number | null
  balanceRp: number | null
  reviewBand: [number, number] | null
  cacheFreshnessHours: number
  language: Lang | null
  dataDir: string
  /** who signs review decisions (null = not set yet: the Review screen asks first) */
  reviewerName: string | null
  /** IANA time zone of report time columns, e.g. Asia/Jakarta */
  timeZone: string
  /** the service origin the API key was confirmed for (null = none yet) */
  keyHost: string | null
  /** false when the key would not be sent to the current address until the user confirms it */
  keyConfirmed: boolean
  allowOutsidePaths: boolean
  uploadRetentionDays: number
  /** the key is never sent to the renderer: only whether there is one and its last 4 characters */
  hasKey: boolean
  keyHint: string | null
  keySource: 'env' | 'safeStorage' | 'none'
  /** team mode: the team store's address (never with a password) and this desk's name; null = alone */
  teamUrl: string | null
  teamDesk: string | null
  /** whether a team password is kept (never the password itself) */
  hasTeamPassword: boolean
  /** desktop notifications of job events (on by default) */
  notifications: boolean
}

/** What Settings → Test connection found; the screen says it in its language (`where` null = the embedded sandbox). */
export interface ConnectionTestView {
  ok: boolean
  result:
    | 'connected'
    | 'reachable-key-withheld'
    | 'reachable-no-key'
    | 'no-key'
    | 'auth'
    | 'network'
    | 'timeout'
    | 'quota-exhausted'
    | 'rate-limited'
    | 'protocol'
    | 'bad-address'
    | 'error'
  where: string | null
  /** the service's own words or the address problem, as they came */
  detail: string | null
  keySent: boolean
  latencyMs: number | null
}

export interface AppInfo {
  version: string
  mode: 'electron' | 'browser'
  platformLanguage: string
  sandbox: boolean
  /** the job kinds offered, likeliest first, with what the screens need of each */
  kinds: KindView[]
}

/** What the renderer needs of a job kind, sent by the engine so the screens never switch on its name. */
export interface KindView {
  kind: JobKindView
  /** rows carry two photos (thumbnails in the row detail) */
  photos: boolean
  /** results carry a confidence score */
  scored: boolean
  /** the verdicts offered in the rows filter (the rows are selected by the same verdict rule they show) */
  verdictFilters: VerdictView[]
  /** its name and the words for the columns it reads, per language (core/kinds/<kind>/words.ts) */
  words: Record<Lang, { name: string; fields: Record<string, string> }>
}
