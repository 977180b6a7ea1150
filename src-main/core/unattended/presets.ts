import { z } from 'zod'
import { coreText, TextError } from '../texts/core-text'
import { JOB_KINDS } from '../../contract/job-kinds'
import { PRESET_NAME } from '../../contract/unattended'
import { HOSPITAL_PLANS, REGIONAL_PLANS, SCHOOL_PLANS } from '../model/plans'

/**
 * A preset: the settings of a run saved under a name, so a daily workbook from another system runs
 * the same way without a person retyping them (`rekap run --preset NAME`, `rekap watch DIR --preset
 * NAME`, the app's New Job screen). The schema is strict and lists what a preset may hold: never the
 * API key, a key file or a password; a stored preset that no longer parses is refused, not guessed.
 */
export const PresetSchema = z
  .object({
    kind: z.enum(JOB_KINDS).optional(),
    sheet: z.string().max(200).optional(),
    map: z.array(z.string().max(300)).max(50).optional(),
    baseUrl: z.string().max(2000).optional(),
    authHeader: z.string().max(100).optional(),
    budget: z.number().int().nonnegative().optional(),
    balance: z.number().int().nonnegative().optional(),
    reviewBand: z.tuple([z.number(), z.number()]).optional(),
    reuseDays: z.number().int().nonnegative().optional(),
    rps: z.number().positive().optional(),
    concurrency: z.number().int().positive().optional(),
    schoolPlan: z.enum(SCHOOL_PLANS).optional(),
    regionalPlan: z.enum(REGIONAL_PLANS).optional(),
    hospitalPlan: z.enum(HOSPITAL_PLANS).optional(),
    name: z.string().max(200).optional(),
    services: z.string().max(500).optional(),
    accreditation: z.string().max(20).optional(),
    allowOutsidePaths: z.boolean().optional(),
    refresh: z.boolean().optional(),
    tz: z.string().max(64).optional(),
    lang: z.enum(['id', 'en']).optional(),
    /** where the reports of runs with this preset go (a folder) */
    outDir: z.string().max(2000).optional(),
    /** unattended runs (watch) start only when at most this share of rows fails pre-flight (0..1) */
    maxFailingShare: z.number().min(0).max(1).optional(),
  })
  .strict()

export type Preset = z.infer<typeof PresetSchema>
export const PRESET_FIELDS = Object.keys(PresetSchema.shape) as Array<keyof Preset>


export function isPresetName(name: string): boolean {
  return PRESET_NAME.test(name)
}

/** The part of a settings store presets need (core/store's SettingsRepo). */
export interface PresetStore {
  get<T>(key: string): T | undefined
  set(key: string, value: unknown): void
  all(): Record<string, unknown>
  delete?(key: string): void
}

const PREFIX = 'preset:'

/** a preset refused: its words are a core text (the app says them in the page's language) */
export class PresetError extends TextError {}

export function savePreset(store: PresetStore, name: string, preset: Preset, now = Date.now()): void {
  if (!isPresetName(name)) throw new PresetError(coreText('preset.badName', { name }))
  store.set(PREFIX + name, { savedAt: now, preset: PresetSchema.parse(preset) })
}

export function loadPreset(store: PresetStore, name: string): Preset | undefined {
  const stored = store.get<{ preset: unknown }>(PREFIX + name)
  if (!stored) return undefined
  const parsed = PresetSchema.safeParse(stored.preset)
  if (!parsed.success) throw new PresetError(coreText('preset.damaged', { name, where: parsed.error.issues[0]?.path.join('.') ?? '' }))
  return parsed.data
}

export function listPresets(store: PresetStore): Array<{ name: string; savedAt: number; preset: Preset }> {
  const out: Array<{ name: string; savedAt: number; preset: Preset }> = []
  for (const [key, value] of Object.entries(store.all())) {
    if (!key.startsWith(PREFIX)) continue
    const v = value as { savedAt?: number; preset?: unknown }
    const parsed = PresetSchema.safeParse(v.preset)
    if (parsed.success) out.push({ name: key.slice(PREFIX.length), savedAt: v.savedAt ?? 0, preset: parsed.data })
  }
  return out.sort((a, b) => a.name.localeCompare(b.name))
}

export function deletePreset(store: PresetStore & { delete(key: string): void }, name: string): boolean {
  if (!store.get(PREFIX + name)) return false
  store.delete(PREFIX + name)
  return true
}

/** The preset's fields under the flags given on the command line (a flag given wins). */
export function withPreset<T extends object>(preset: Preset, given: T, explicit: (field: string) => boolean): T & Preset {
  const out: Record<string, unknown> = { ...(given as Record<string, unknown>) }
  for (const field of PRESET_FIELDS) {
    if (preset[field] !== undefined && !explicit(field)) out[field] = preset[field]
  }
  return out as T & Preset
}

/** A preset from parsed run flags: only the fields a preset may hold, and only those the user gave. */
export function presetFromFlags(flags: Record<string, unknown>, explicit: (field: string) => boolean): Preset {
  const picked: Record<string, unknown> = {}
  for (const field of PRESET_FIELDS) {
    if (flags[field] !== undefined && explicit(field)) picked[field] = flags[field]
  }
  return PresetSchema.parse(picked)
}

/** The New Job screen's column mapping as a preset's `field=Header` pairs (the CLI's --map). */
export function mapOfMapping(mapping: Record<string, string>): string[] {
  return Object.entries(mapping).map(([field, header]) => `${field}=${header}`)
}

/** A preset's `field=Header` pairs as a mapping (a pair without "=" is not a mapping and is left out). */
export function mappingOfMap(map: string[] | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  for (const pair of map ?? []) {
    const eq = pair.indexOf('=')
    if (eq > 0) out[pair.slice(0, eq).trim()] = pair.slice(eq + 1).trim()
  }
  return out
}
