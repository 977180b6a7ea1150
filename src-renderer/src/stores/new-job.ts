import { defineStore } from 'pinia'
import type { JobKindView, JobPlanView, PresetView, SheetPreview } from '../../../src-main/contract/ipc'
import { getApi } from '../api'
import { errorText } from './error-text'

/**
 * The new-job wizard. Steps only move forward when the engine answered:
 *   pick -> (inspect) -> map -> (plan) -> preflight -> (start) -> the job's own screen.
 * Changing the sheet or kind re-inspects (the auto-guess depends on both); changing the mapping
 * after a plan drops the plan, so what the user confirms is always what was checked.
 */
export type NewJobStep = 'pick' | 'map' | 'preflight'

export const useNewJobStore = defineStore('newJob', {
  state: () => ({
    step: 'pick' as NewJobStep,
    busy: null as null | 'reading' | 'checking' | 'starting',
    error: null as string | null,
    path: null as string | null,
    preview: null as SheetPreview | null,
    kind: null as JobKindView | null,
    mapping: {} as Record<string, string>,
    /** the engine's guess for the current sheet+kind, to label fields "guessed automatically" */
    guessed: {} as Record<string, string>,
    plan: null as JobPlanView | null,
    /** the preset chosen (applied to the file opened, or to the next one) */
    preset: null as PresetView | null,
    /** the preset's budget: it wins over the one in Settings for this job */
    budgetRp: null as number | null,
  }),
  getters: {
    missing(state): string[] {
      return (state.preview?.fields ?? []).filter((f) => f.required && !state.mapping[f.name]).map((f) => f.name)
    },
  },
  actions: {
    reset() {
      // a chosen preset stays for the next file (a desk runs the same kind of workbook all day)
      const preset = this.preset
      this.$reset()
      this.preset = preset
      this.budgetRp = preset?.budgetRp ?? null
    },
    /** Fills kind, sheet, mapping and budget from a preset (now, or once a file is opened). */
    async choosePreset(preset: PresetView | null) {
      this.preset = preset
      this.budgetRp = preset?.budgetRp ?? null
      if (preset && this.path) await this.run('reading', () => this.applyPreset())
    },
    async applyPreset() {
      const p = this.preset
      if (!p || !this.path || !this.preview) return
      const sheet = p.sheet && this.preview.sheets.includes(p.sheet) ? p.sheet : this.preview.sheet
      await this.inspect(this.path, sheet, (p.kind as JobKindView | null) ?? this.kind ?? undefined)
      const fields = new Set(this.preview.fields.map((f) => f.name))
      for (const [field, header] of Object.entries(p.mapping)) {
        if (fields.has(field) && this.preview.headers.includes(header)) this.mapping[field] = header
      }
      this.budgetRp = p.budgetRp
    },
    /** Opens a file and applies the chosen preset to it. */
    async inspectWithPreset(path: string) {
      await this.inspect(path)
      await this.applyPreset()
    },
    async run<T>(busy: 'reading' | 'checking' | 'starting', work: () => Promise<T>): Promise<T | undefined> {
      this.busy = busy
      this.error = null
      try {
        return await work()
      } catch (err) {
        this.error = errorText(err)
        return undefined
      } finally {
        this.busy = null
      }
    },
    async openFile(file: File) {
      await this.run('reading', async () => {
        const path = await getApi().files.toPath(file)
        await this.inspectWithPreset(path)
      })
    },
    /** Browser mode: a folder holding the workbook and its photos, uploaded with its relative paths. */
    async openFolder(files: File[]) {
      await this.run('reading', async () => {
        const upload = getApi().files.uploadFolder
        if (!upload) throw new Error('folders can be opened in browser mode only')
        await this.inspectWithPreset(await upload(files))
      })
    },
    async openPath(path: string) {
      await this.run('reading', () => this.inspectWithPreset(path))
    },
    async inspect(path: string, sheet?: string, kind?: JobKindView) {
      const preview = await getApi().files.inspect({ path, sheet, kind })
      this.path = path
      this.preview = preview
      this.kind = kind ?? preview.suggestedKind ?? 'face-match'
      if (!kind && !preview.suggestedKind) {
        // No guess from the headers: ask again with the default kind so the fields are listed.
        const again = await getApi().files.inspect({ path, sheet: preview.sheet, kind: this.kind })
        this.preview = again
      }
      this.guessed = { ...this.preview!.mapping }
      this.mapping = { ...this.preview!.mapping }
      this.plan = null
      this.step = 'map'
    },
    async chooseSheet(sheet: string) {
      if (!this.path) return
      const path = this.path
      await this.run('reading', () => this.inspect(path, sheet, this.kind ?? undefined))
    },
    async chooseKind(kind: JobKindView) {
      if (!this.path || !this.preview) return
      const path = this.path
      const sheet = this.preview.sheet
      await this.run('reading', () => this.inspect(path, sheet, kind))
    },
    setField(field: string, header: string) {
      if (header) this.mapping[field] = header
      else delete this.mapping[field]
      this.plan = null
      this.step = 'map'
    },
    async check(settingsBudgetRp: number | null) {
      if (!this.path || !this.preview || !this.kind) return
      const budgetRp = this.budgetRp ?? settingsBudgetRp
      // the chosen preset's plans, review band and rates apply too (the app's rule for presets, as `rekap run --preset`)
      const preset = this.preset ? { preset: this.preset.name } : {}
      const req = { path: this.path, kind: this.kind, sheet: this.preview.sheet, mapping: { ...this.mapping }, budgetRp, ...preset }
      const plan = await this.run('checking', () => getApi().jobs.plan(req))
      if (plan) {
        this.plan = plan
        this.step = 'preflight'
      }
    },
  },
})
