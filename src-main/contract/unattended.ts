/**
 * The app side of unattended work (issue 26): presets, compare from History, the space rekap uses
 * and pruning, job notifications. Schemas here, commands in ipc.ts's map; the engine side calls the
 * same core/unattended functions as the CLI (`rekap preset`, `rekap compare`, `rekap jobs --prune`).
 */
import { z } from 'zod'
import { JOB_KINDS } from './job-kinds'

const langSchema = z.enum(['id', 'en'])
const jobIdSchema = z.string().regex(/^[a-z0-9]{3,40}$/i, 'not a job id')

/** a preset's name, for `rekap preset save NAME` and the app alike (core/unattended/presets.ts uses it) */
export const PRESET_NAME = /^[\p{L}\p{N}][\p{L}\p{N}_.-]{0,63}$/u
export const presetNameSchema = z.string().regex(PRESET_NAME, 'letters, digits, _ . - (at most 64)')

/** What the New Job screen saves: its kind, sheet, column mapping and budget; never a key. */
export const presetSaveSchema = z
  .object({
    name: presetNameSchema,
    kind: z.enum(JOB_KINDS),
    sheet: z.string().max(200).optional(),
    mapping: z.record(z.string().max(60), z.string().max(300)),
    budgetRp: z.number().int().min(0).nullable().optional(),
  })
  .strict()

export const presetByNameSchema = z.object({ name: presetNameSchema }).strict()

export const compareSchema = z.object({ jobA: jobIdSchema, jobB: jobIdSchema, lang: langSchema }).strict()

/** "older than N days"; `jobIds`: the ones the person was shown (only those still prunable go) */
export const pruneSchema = z
  .object({ olderThanDays: z.number().int().min(0).max(36_500), jobIds: z.array(jobIdSchema).max(100_000).optional() })
  .strict()

/** Folder pantau: the folder (on the machine running rekap) and the preset to plan and run with */
export const watchStartSchema = z.object({ dir: z.string().min(1).max(4096), preset: presetNameSchema }).strict()

/** The app's watched folder, when one runs: what it said last (newest last). */
export interface WatchView {
  dir: string
  preset: string
  since: number
  running: boolean
  lines: string[]
}

/** A saved preset as the app shows it: its fields as `rekap preset show --json` prints them. */
export interface PresetView {
  name: string
  savedAt: number
  kind: string | null
  sheet: string | null
  /** field -> header, from the preset's `field=Header` pairs */
  mapping: Record<string, string>
  budgetRp: number | null
  /** every field the preset holds (a CLI preset may hold more than the New Job screen sets) */
  fields: string[]
}

export interface CompareView {
  path: string
  fileName: string
  downloadUrl: string | null
  changedRows: number
  changedCells: number
  added: number
  removed: number
  unchanged: number
}

export interface SpaceView {
  parts: Array<{ part: 'store' | 'uploads' | 'pictures' | 'reports'; path: string; bytes: number }>
  totalBytes: number
}

export interface PruneItemView {
  jobId: string
  kind: string
  state: string
  inputName: string | null
  folders: number
  bytes: number
}

export interface PrunedView {
  deleted: Array<{ jobId: string; reportDigest: string | null }>
  space: SpaceView
}

/** A job event a person is told of (core/unattended/job-notice.ts decides which), worded in the app's language. */
export interface JobNoticeView {
  jobId: string
  reason: 'done' | 'blocked' | 'review'
  title: string
  body: string
}
