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
import { jobIdSchema, jobKindSchema, langSchema, rowFilterSchema } from './values'
import { settingsPatchSchema, type AppInfo, type AppSettingsView, type ConnectionTestView } from './settings-views'
import type { TeamDecisionView, TeamReviewItemView, TeamStatusView } from './team-views'
import type { BlockedReasonView, JobPlanView, JobStateView, JobSummaryView, ProgressView, RowView, SheetPreview } from './job-views'
import { directoryQuerySchema, type DirectoryPage, type RegionView } from './directory-views'
import { reviewDecisionSchema, type ReviewPairView, type ReviewQueueView } from './review-views'
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

// The contract's schemas and views live by domain in these modules; everything is re-exported
// here so `contract/ipc` stays the one import of the renderer and main.
export * from './values'
export * from './settings-views'
export * from './team-views'
export * from './job-views'
export * from './directory-views'
export * from './review-views'

// ---------- commands ----------

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
  /**
   * in a team, claims the next pair of this published job for this reviewer (the team queue's claim);
   * null: no team or the job is not published (the screen's own order); rowNo null: none free
   */
  'review.claim': command<z.ZodObject<{ jobId: typeof jobIdSchema; later: z.ZodOptional<z.ZodArray<z.ZodNumber>> }>, { rowNo: number | null } | null>(
    z.object({ jobId: jobIdSchema, later: z.array(z.number().int().min(1)).max(10_000).optional() }).strict(),
  ),
  /** gives a pair claimed by review.claim back to the team queue (skip to another pair, leaving the screen) */
  'review.release': command<z.ZodObject<{ jobId: typeof jobIdSchema; rowNo: z.ZodNumber }>, null>(
    z.object({ jobId: jobIdSchema, rowNo: z.number().int().min(1) }).strict(),
  ),
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
