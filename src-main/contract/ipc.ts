/**
 * The one contract between the renderer and the engine, in the spirit of Heroic's typed IPC
 * map: every command (renderer -> engine) with its input schema and output type, every event
 * (engine -> renderer) with its payload. The Electron preload and the browser-mode client are
 * both built from these maps, so a misspelt channel does not compile; the main side validates
 * every incoming payload with the zod schema before a handler sees it.
 *
 * Row payloads never travel in bulk: the renderer gets throttled progress snapshots and asks
 * for pages of rows it is showing (Bruno's rule: results stay in the store).
 */
import { z } from 'zod'
import { JOB_KINDS } from './job-kinds'
import { VERDICTS, type Verdict } from './verdicts'
import { HOSPITAL_PLANS, REGIONAL_PLANS, SCHOOL_PLANS } from './plan-names'
import {
  compareSchema,
  presetByNameSchema,
  presetSaveSchema,
  presetNameSchema,
  pruneSchema,
  watchStartSchema,
  type WatchView,
  type CompareView,
  type JobNoticeView,
  type PresetView,
  type PrunedView,
  type PruneItemView,
  type SpaceView,
} from './unattended'
export type { CompareView, JobNoticeView, PresetView, PrunedView, PruneItemView, SpaceView, WatchView } from './unattended'

// ---------- shared value schemas ----------

export const jobKindSchema = z.enum(JOB_KINDS)
export type JobKindView = z.infer<typeof jobKindSchema>

export const jobIdSchema = z.string().regex(/^[a-z0-9]{3,40}$/i, 'not a job id')
export const langSchema = z.enum(['id', 'en'])
export type Lang = z.infer<typeof langSchema>

export const rowFilterSchema = z
  .object({
    states: z.array(z.enum(['pending', 'in-flight', 'done', 'failed', 'uncertain'])).max(5).optional(),
    /** rows whose verdict (the label they show, core/verdict.ts) is this one */
    verdict: z.enum(VERDICTS).optional(),
    charged: z.boolean().optional(),
    text: z.string().max(200).optional(),
  })
  .strict()

const settingsPatchSchema = z
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

// ---------- views (engine -> renderer) ----------

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

/** The Team screen: what `rekap team status --json` says (null fields: not known). */
export interface TeamStatusView {
  team: string
  desk: string
  role: string
  desks: Array<{ name: string; host: string; lastSeen: string; lastRole: string }>
  operators: Array<{ role: string; desks: string[]; lastSeen: string }>
  runningJobs: Array<{ desk: string; jobId: string; kind: string; state: string; total: number; counts: Record<string, number>; operator: string; updatedAt: string }>
  month: string
  /** charges on the team ledger this month (all desks) */
  spentRp: number
  charges: number
  reuses: number
  /** hits per product this month, from the coordination tables; null: not known */
  hits: Record<string, number> | null
  /** the month's team budget and what is left of it (charges and live reservations taken off); null: no budget set */
  budgetRp: number | null
  budgetLeftRp: number | null
  /** the last stated balance; null: none stated */
  balanceRp: number | null
  /** per product: the plan rate (rps) of limiters drawn on in the last minute */
  rateInUse: Record<string, number> | null
  makerChecker: boolean
}

/** A pair of the team review queue, claimed by this reviewer (the app's Team screen, like `rekap review --team`). */
export interface TeamReviewItemView {
  id: number
  desk: string
  jobId: string
  rowNo: number
  /** the service's verdict as stored in the queue ('no-match', …) and its score */
  verdict: string
  confidence: number | null
  nik: string | null
  name: string | null
  sourceRow: number | null
  /** both photos, shrunk as the report's thumbnails are, as data: URLs */
  photoA: string | null
  photoB: string | null
  /** the role that ran the job */
  operator: string
  claimedUntil: string | null
}

/** A decision the team store recorded: the decider is the database role, not a typed name. */
export interface TeamDecisionView {
  itemId: number
  decision: ReviewDecisionView
  decider: string
  desk: string
  jobId: string
  rowNo: number
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

export interface SheetPreview {
  path: string
  fileName: string
  sheets: string[]
  sheet: string
  headerRow: number
  headers: string[]
  /** the first rows, as text, for the preview table */
  preview: Array<Record<string, string>>
  suggestedKind: JobKindView | null
  mapping: Record<string, string>
  missing: string[]
  /** fields of the chosen kind, required ones first */
  fields: Array<{ name: string; required: boolean }>
}

export interface PlanProblem {
  row: number
  column: string | null
  code: string
  message: string
}

/** A shortfall the plan sees before anything is sent, with the user's choices. */
export interface PlanWarningView {
  code: 'quota-shortfall' | 'budget-shortfall' | 'balance-shortfall'
  /** hits (quota) or Rp (budget, balance) the job may need */
  needed: number
  /** hits or Rp left */
  available: number
  /** calls that fit in what is left */
  fits: number
  /** quota: the next bigger plan, when there is one */
  raiseTo: string | null
  /** English text for JSON readers; the app and the CLI word it in the user's language */
  message: string
  choices: Array<'raise' | 'split' | 'run-what-fits'>
}

/** How the calls of a job were estimated. */
export interface PlanEstimateView {
  /** directory jobs are counted in pages (100 records each), the others in calls per row */
  unit: 'calls' | 'pages'
  /** rows: one call per row; cache: page counts of queries fetched before; first-page: one cheap
   *  request per query read paging.total_page; sample: some queries probed, the rest extrapolated;
   *  region-tree: a regions job's calls counted on the local copy of the region tree */
  basis: 'rows' | 'cache' | 'first-page' | 'sample' | 'unknown' | 'region-tree'
  /** queries whose first page was fetched to count the pages (that page is kept, not fetched again) */
  probed: number
}

export interface JobPlanView {
  jobId: string
  kind: JobKindView
  rowsTotal: number
  rowsOk: number
  rowsFailingLocally: number
  duplicates: number
  problems: PlanProblem[]
  /** photo paths outside the workbook's folder that the user allowed: listed so they are never silent */
  outsidePaths?: PlanProblem[]
  callsNeeded: number
  cacheHits: number
  estimatedCostRp: number
  estimatedSeconds: number
  quotaLeft: number | null
  budgetRp: number | null
  sandbox: boolean
  estimate: PlanEstimateView
  warnings: PlanWarningView[]
  /** face pairs already verified in earlier jobs (within the reuse window): done now, for free */
  reused: { rows: number; fromJobs: string[] }
  /** the same workbook (same SHA-256) was planned before as this job */
  earlierRun: { jobId: string; state: string; createdAt: number; finishedAt: number | null } | null
}

/** 'interrupted' is derived: the store says running but no live process owns the job (it died) */
export type JobStateView = 'draft' | 'ready' | 'running' | 'interrupted' | 'paused' | 'blocked' | 'done' | 'cancelled'
/** What may be done to a job now (core/model/job-actions.ts decides; the renderer only shows these) */
export type JobActionView = 'start' | 'resume' | 'pause' | 'cancel' | 'retryFailed' | 'resendUncertain' | 'export'

/** The process running a job (its lease), when one does */
export interface JobOwnerView {
  pid: number
  host: string
  since: number
  /** this process (the app or CLI showing it) */
  self: boolean
  /** a pause or cancel asked of that process and not yet obeyed */
  request: 'pause' | 'cancel' | null
}
export type BlockedReasonView = 'needs-top-up' | 'quota-exhausted' | 'auth-failed' | 'offline' | 'team-unreachable'

export interface CountsView {
  total: number
  pending: number
  inFlight: number
  done: number
  failed: number
  uncertain: number
  charged: number
  costPoints: number
  outcomes: Partial<Record<'match' | 'no-match' | 'found' | 'not-found' | 'failed' | 'records', number>>
}

export interface ProgressView {
  jobId: string
  kind: JobKindView
  state: JobStateView
  blockedReason: BlockedReasonView | null
  stateDetail: string | null
  counts: CountsView
  ratePerSec: number
  etaSeconds: number | null
  spentRp: number
  budgetRp: number | null
  balanceRp: number | null
  at: number
  actions: JobActionView[]
  owner: JobOwnerView | null
}

export interface JobSummaryView {
  id: string
  kind: JobKindView
  state: JobStateView
  blockedReason: BlockedReasonView | null
  inputName: string | null
  createdAt: number
  finishedAt: number | null
  counts: CountsView
  /** running in the store but no process was working on it: offer resume */
  interrupted: boolean
  sandbox: boolean
  actions: JobActionView[]
}

export interface RowView {
  rowNo: number
  sourceRow: number | null
  state: 'pending' | 'in-flight' | 'done' | 'failed' | 'uncertain'
  input: Record<string, unknown>
  outcome: string | null
  /** the one verdict (core/verdict.ts); the screens show VERDICT_WORDS[lang][verdict] */
  verdict: VerdictView
  confidence: number | null
  charged: boolean
  costRp: number
  error: string | null
  /** machine code of the error (the renderer shows a translated short reason for known ones) */
  errorCode: string | null
  errorColumn: string | null
  attempts: number
  finishedAt: number | null
  /** the earlier job row whose verified answer this row took for free */
  reusedFrom: { jobId: string; rowNo: number } | null
  /** the review decision that stands for this row (the latest, by anyone, from any process), if any */
  review?: { decision: ReviewDecisionView; reviewer: string } | null
}

export interface RegionView {
  code: string
  name: string
  level: 'province' | 'regency' | 'district'
  parentCode: string | null
}

export interface DirectoryPage {
  total: number
  rows: Array<Record<string, unknown>>
}

export const reviewDecisionSchema = z.enum(['approve', 'reject', 'retake', 'skip', 'flag'])
export type ReviewDecisionView = z.infer<typeof reviewDecisionSchema>

/** A row's verdict (core/verdict.ts, the one rule); its words are VERDICT_WORDS (contract/verdicts.ts). */
export type VerdictView = Verdict

export interface ReviewEntryView {
  seq: number
  decision: ReviewDecisionView
  reviewer: string
  note: string | null
  at: number
  serviceVerdict: VerdictView | null
  serviceConfidence: number | null
}

export interface ReviewItemView {
  rowNo: number
  verdict: VerdictView
  confidence: number | null
  flagged: boolean
  /** still waiting for a decision */
  open: boolean
  skipped: boolean
  final: ReviewEntryView | null
}

export interface ReviewQueueView {
  jobId: string
  reviewed: number
  total: number
  items: ReviewItemView[]
  /** who signs decisions (null: set it in Settings first) */
  reviewerName: string | null
}

export interface ReviewPairView {
  rowNo: number
  sourceRow: number | null
  nik: string | null
  name: string | null
  verdict: VerdictView
  confidence: number | null
  reviewBand: [number, number] | null
  entries: ReviewEntryView[]
}

// ---------- commands ----------

const directoryQuerySchema = z
  .object({
    product: z.enum(['hospitals', 'schools']),
    provinceCodes: z.array(z.string().regex(/^\d{2}$/)).max(38).optional(),
    regencyCodes: z.array(z.string().regex(/^\d{4}$/)).max(514).optional(),
    /** schools: browse the cache by district (the service's school filter takes regencies only) */
    districtCodes: z.array(z.string().regex(/^\d{6}$/)).max(7300).optional(),
    class: z.string().max(20).optional(),
    type: z.string().max(60).optional(),
    ownership: z.string().max(20).optional(),
    blu_status: z.string().max(20).optional(),
    grade: z.string().max(20).optional(),
    status: z.enum(['N', 'S']).optional(),
    name: z.string().max(200).optional(),
    /** schools: accreditation filter (premium accounts only; 403 otherwise) */
    accreditation: z.string().max(10).optional(),
    /** hospitals: kept when their services list has these words (comma-separated); applied by rekap, not the service */
    services: z.string().max(200).optional(),
  })
  .strict()
export type DirectoryQuery = z.infer<typeof directoryQuerySchema>

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

/** Declares one command: its input schema and (type-only) output. */
function command<I extends z.ZodType, O>(input: I): { input: I; output: O } {
  return { input, output: undefined as unknown as O }
}

const none = z.object({}).strict()
const byJob = z.object({ jobId: jobIdSchema }).strict()

export const commands = {
  'app.info': command<typeof none, AppInfo>(none),

  'settings.get': command<typeof none, AppSettingsView>(none),
  'settings.save': command<typeof settingsPatchSchema, AppSettingsView>(settingsPatchSchema),
  'settings.setKey': command<z.ZodObject<{ key: z.ZodString }>, AppSettingsView>(
    z.object({ key: z.string().min(8).max(500) }).strict(),
  ),
  'settings.clearKey': command<typeof none, AppSettingsView>(none),
  /** team mode: the team store's password, kept encrypted like the key (desktop only); never sent back */
  'settings.setTeamPassword': command<z.ZodObject<{ password: z.ZodString }>, AppSettingsView>(
    z.object({ password: z.string().min(1).max(500) }).strict(),
  ),
  'settings.clearTeamPassword': command<typeof none, AppSettingsView>(none),
  /** the team store's status (null when Settings names no team) */
  'team.status': command<typeof none, TeamStatusView | null>(none),
  /** claims the next pairs of the team queue for this reviewer (four eyes: never the pairs of jobs they ran) */
  'team.reviewNext': command<z.ZodObject<{ count: z.ZodOptional<z.ZodNumber> }>, TeamReviewItemView[]>(
    z.object({ count: z.number().int().min(1).max(20).optional() }).strict(),
  ),
  /** decides one pair of the team queue (the same rule as `rekap review --team`); a refusal says why in the app's language */
  'team.reviewDecide': command<
    z.ZodObject<{ itemId: z.ZodNumber; decision: typeof reviewDecisionSchema; note: z.ZodOptional<z.ZodString> }>,
    TeamDecisionView
  >(z.object({ itemId: z.number().int().min(1), decision: reviewDecisionSchema, note: z.string().max(2000).optional() }).strict()),
  /** gives this reviewer's claims back to the queue (leaving the screen) */
  'team.reviewRelease': command<z.ZodObject<{ itemIds: z.ZodArray<z.ZodNumber> }>, null>(
    z.object({ itemIds: z.array(z.number().int().min(1)).max(100) }).strict(),
  ),
  /**
   * Tests the address as typed (`baseUrl`, '' = the embedded sandbox; absent = the saved one). The key
   * goes only to the host it is confirmed for: any other address is tested without it (`keySent` false).
   */
  'settings.testConnection': command<z.ZodObject<{ baseUrl: z.ZodOptional<z.ZodString> }>, ConnectionTestView>(
    z.object({ baseUrl: z.string().max(500).optional() }).strict(),
  ),

  'files.inspect': command<
    z.ZodObject<{ path: z.ZodString; sheet: z.ZodOptional<z.ZodString>; kind: z.ZodOptional<typeof jobKindSchema> }>,
    SheetPreview
  >(z.object({ path: z.string().min(1).max(4096), sheet: z.string().max(200).optional(), kind: jobKindSchema.optional() }).strict()),

  'jobs.plan': command<
    z.ZodObject<{
      path: z.ZodString
      kind: typeof jobKindSchema
      sheet: z.ZodOptional<z.ZodString>
      mapping: z.ZodRecord<z.ZodString, z.ZodString>
      budgetRp: z.ZodOptional<z.ZodNullable<z.ZodNumber>>
      preset: z.ZodOptional<typeof presetNameSchema>
    }>,
    JobPlanView
  >(
    z
      .object({
        path: z.string().min(1).max(4096),
        kind: jobKindSchema,
        sheet: z.string().max(200).optional(),
        mapping: z.record(z.string().max(60), z.string().max(300)),
        budgetRp: z.number().int().min(0).nullable().optional(),
        /** a saved preset: its plans, review band, rates… over Settings, as `rekap run --preset` */
        preset: presetNameSchema.optional(),
      })
      .strict(),
  ),
  'jobs.start': command<
    z.ZodObject<{ jobId: typeof jobIdSchema; budgetRp: z.ZodOptional<z.ZodNullable<z.ZodNumber>> }>,
    ProgressView
  >(z.object({ jobId: jobIdSchema, budgetRp: z.number().int().min(0).nullable().optional() }).strict()),
  'jobs.pause': command<typeof byJob, ProgressView>(byJob),
  'jobs.resume': command<typeof byJob, ProgressView>(byJob),
  'jobs.cancel': command<typeof byJob, ProgressView>(byJob),
  'jobs.retryFailed': command<typeof byJob, ProgressView>(byJob),
  'jobs.resendUncertain': command<typeof byJob, ProgressView>(byJob),
  'jobs.list': command<typeof none, JobSummaryView[]>(none),
  'jobs.get': command<typeof byJob, ProgressView>(byJob),
  'jobs.rows': command<
    z.ZodObject<{ jobId: typeof jobIdSchema; offset: z.ZodNumber; limit: z.ZodNumber; filter: z.ZodOptional<typeof rowFilterSchema> }>,
    { total: number; rows: RowView[] }
  >(
    z
      .object({
        jobId: jobIdSchema,
        offset: z.number().int().min(0),
        limit: z.number().int().min(1).max(500),
        filter: rowFilterSchema.optional(),
      })
      .strict(),
  ),
  /** a small JPEG thumbnail of one of a face row's photos, as a data: URL */
  'jobs.photo': command<
    z.ZodObject<{
      jobId: typeof jobIdSchema
      rowNo: z.ZodNumber
      which: z.ZodEnum<{ image1: 'image1'; image2: 'image2' }>
      size: z.ZodOptional<z.ZodEnum<{ small: 'small'; large: 'large' }>>
    }>,
    { dataUrl: string | null; problem: string | null }
  >(
    z
      .object({ jobId: jobIdSchema, rowNo: z.number().int().min(1), which: z.enum(['image1', 'image2']), size: z.enum(['small', 'large']).optional() })
      .strict(),
  ),

  /** the pairs of a face-match job that need a person, with n of m reviewed */
  'review.queue': command<typeof byJob, ReviewQueueView>(byJob),
  /** one pair for the Review screen: who, the service's verdict, and every decision so far */
  'review.pair': command<z.ZodObject<{ jobId: typeof jobIdSchema; rowNo: z.ZodNumber }>, ReviewPairView>(
    z.object({ jobId: jobIdSchema, rowNo: z.number().int().min(1) }).strict(),
  ),
  /** appends a decision, signed with the reviewer name from the settings */
  'review.decide': command<
    z.ZodObject<{ jobId: typeof jobIdSchema; rowNo: z.ZodNumber; decision: typeof reviewDecisionSchema; note: z.ZodOptional<z.ZodString> }>,
    ReviewQueueView
  >(z.object({ jobId: jobIdSchema, rowNo: z.number().int().min(1), decision: reviewDecisionSchema, note: z.string().max(2000).optional() }).strict()),
  'jobs.export': command<
    z.ZodObject<{
      jobId: typeof jobIdSchema
      lang: typeof langSchema
      format: z.ZodEnum<{ xlsx: 'xlsx'; csv: 'csv' }>
      annotated: z.ZodOptional<z.ZodBoolean>
    }>,
    { path: string; fileName: string; downloadUrl: string | null }
  >(
    z
      .object({ jobId: jobIdSchema, lang: langSchema, format: z.enum(['xlsx', 'csv']), annotated: z.boolean().optional() })
      .strict(),
  ),

  'directory.regions': command<
    z.ZodObject<{ level: z.ZodEnum<{ province: 'province'; regency: 'regency'; district: 'district' }>; parentCode: z.ZodOptional<z.ZodString> }>,
    RegionView[]
  >(z.object({ level: z.enum(['province', 'regency', 'district']), parentCode: z.string().regex(/^(\d{2}|\d{4})$/).optional() }).strict()),
  /** type to find a regency: the service's autocomplete (at most 10), the local tree when it cannot answer */
  'directory.autocomplete': command<
    z.ZodObject<{ query: z.ZodString }>,
    { source: 'service' | 'local'; items: RegionView[] }
  >(z.object({ query: z.string().min(2).max(100) }).strict()),
  /** the hospital filter values the service publishes (its /types, /classes, /ownership, /blu-status), cached */
  'directory.valueLists': command<typeof none, { type: string[]; class: string[]; ownership: string[]; blu_status: string[] }>(none),
  /** schools/search (premium): records, or the 403 explained in plain words */
  'directory.schoolSearch': command<
    z.ZodObject<{ query: z.ZodString }>,
    { rows: Array<Record<string, unknown>>; premiumRequired: string | null }
  >(z.object({ query: z.string().min(1).max(200) }).strict()),
  'directory.sync': command<typeof directoryQuerySchema, ProgressView>(directoryQuerySchema),
  'directory.browse': command<
    z.ZodObject<{ query: typeof directoryQuerySchema; offset: z.ZodNumber; limit: z.ZodNumber }>,
    DirectoryPage
  >(z.object({ query: directoryQuerySchema, offset: z.number().int().min(0), limit: z.number().int().min(1).max(500) }).strict()),
  /** `notCovered`: the cache does not hold the whole answer (never synced to the last page): what is missing, in `lang` */
  'directory.export': command<
    z.ZodObject<{ query: typeof directoryQuerySchema; lang: typeof langSchema }>,
    { path: string; fileName: string; downloadUrl: string | null; notCovered: string | null }
  >(z.object({ query: directoryQuerySchema, lang: langSchema }).strict()),

  /** presets (the same store as `rekap preset`): list, save from New Job, delete */
  'presets.list': command<typeof none, PresetView[]>(none),
  'presets.save': command<typeof presetSaveSchema, PresetView[]>(presetSaveSchema),
  'presets.delete': command<typeof presetByNameSchema, PresetView[]>(presetByNameSchema),
  /** `rekap compare` of two jobs of one kind, written as an xlsx in the exports folder */
  'jobs.compare': command<typeof compareSchema, CompareView>(compareSchema),
  /** the space rekap uses, counted as housekeeping counts it */
  'storage.usage': command<typeof none, SpaceView>(none),
  /** what `rekap jobs --prune --older-than Nd` would delete, shown first */
  'storage.prunePlan': command<typeof pruneSchema, PruneItemView[]>(pruneSchema),
  /** deletes the shown jobs that are still prunable, as `rekap jobs --prune --yes` does */
  'storage.prune': command<typeof pruneSchema, PrunedView>(pruneSchema),
  /** Folder pantau: watch a folder with a preset (core/unattended/folder-watcher.ts, as `rekap watch`) */
  'watch.start': command<typeof watchStartSchema, WatchView>(watchStartSchema),
  'watch.stop': command<typeof none, WatchView | null>(none),
  'watch.status': command<typeof none, WatchView | null>(none),

  /** sandbox only: add points to the embedded sandbox's balance (rehearsing a top-up) */
  'sandbox.topup': command<z.ZodObject<{ points: z.ZodNumber }>, { balance: number }>(
    z.object({ points: z.number().int().min(1).max(1_000_000_000) }).strict(),
  ),
} as const

export type Commands = typeof commands
export type CommandName = keyof Commands
export type CommandInput<N extends CommandName> = z.input<Commands[N]['input']>
export type CommandOutput<N extends CommandName> = Commands[N]['output']

// ---------- events ----------

export interface Events {
  /** throttled: at most ~10 per second per job */
  'job.progress': ProgressView
  /** every job state transition, after it is written to the store */
  'job.state': { jobId: string; state: JobStateView; blockedReason: BlockedReasonView | null; detail: string | null }
  'jobs.changed': { reason: string }
  /** a job ended, is blocked or needs review: the app shows a desktop notification */
  'job.notice': JobNoticeView
}
export type EventName = keyof Events

type DomainOf<N> = N extends `${infer D}.${string}` ? D : never

/**
 * Domain methods generated from the command map: `api.jobs.start({ jobId })`. The preload
 * exposes exactly this shape as `window.rekap` (nothing else), the browser-mode client
 * implements the same shape over HTTP.
 */
export type DomainApi = {
  [D in DomainOf<CommandName>]: {
    [N in CommandName as N extends `${D}.${infer M}` ? M : never]: (input: CommandInput<N>) => Promise<CommandOutput<N>>
  }
}

export type RekapApi = DomainApi & {
  events: { on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void }
  files: DomainApi['files'] & {
    /** Electron: the local path of a dropped/picked File; browser mode: uploads it and returns the server-side path */
    toPath(file: File): Promise<string>
    /**
     * Browser mode only: uploads a whole folder (a workbook and its photos; each File's
     * webkitRelativePath kept) and returns the server-side path of its workbook. The desktop app
     * opens files where they lie, so it has no need of it.
     */
    uploadFolder?(files: File[]): Promise<string>
  }
}

export { COMMAND_NAMES, EVENT_NAMES } from './names'
