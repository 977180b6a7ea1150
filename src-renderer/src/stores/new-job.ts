import { defineStore } from 'pinia'
import type { JobKindView, JobPlanView, SheetPreview } from '../../../src-main/contract/ipc'
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
  }),
  getters: {
    missing(state): string[] {
      return (state.preview?.fields ?? []).filter((f) => f.required && !state.mapping[f.name]).map((f) => f.name)
    },
  },
  actions: {
    reset() {
      this.$reset()
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
        await this.inspect(path)
      })
    },
    /** Browser mode: a folder holding the workbook and its photos, uploaded with its relative paths. */
    async openFolder(files: File[]) {
      await this.run('reading', async () => {
        const upload = getApi().files.uploadFolder
        if (!upload) throw new Error('folders can be opened in browser mode only')
        await this.inspect(await upload(files))
      })
    },
    async openPath(path: string) {
      await this.run('reading', () => this.inspect(path))
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
    async check(budgetRp: number | null) {
      if (!this.path || !this.preview || !this.kind) return
      const req = { path: this.path, kind: this.kind, sheet: this.preview.sheet, mapping: { ...this.mapping }, budgetRp }
      const plan = await this.run('checking', () => getApi().jobs.plan(req))
      if (plan) {
        this.plan = plan
        this.step = 'preflight'
      }
    },
  },
})
