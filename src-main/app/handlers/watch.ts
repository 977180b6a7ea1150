/**
 * Folder pantau: one watched folder per app, run by core's FolderWatcher (the same as `rekap
 * watch`) on the app's engine and store. Files are planned with the preset's kind, sheet, mapping
 * and budget on the app's settings; reports and run records go to the folder's selesai/. In browser mode the folder
 * is on the machine running `rekap ui` and must be inside the folders it was started with.
 */
import { mkdirSync, statSync } from 'node:fs'
import { rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { JobKind } from '../../contract/job-kinds'
import type { WatchView } from '../../contract/ipc'
import { checkInsideFolders } from '../../core/paths/inside-folder'
import { FolderWatcher } from '../../core/unattended/folder-watcher'
import { buildRunRecord } from '../../core/unattended/run-record'
import { loadPreset, type Preset } from '../../core/unattended/presets'
import { DONE_DIR } from '../../core/unattended/watch-folder'
import { AppError } from '../app-error'
import type { AppContext } from '../app-context'
import { jobSettingsFor } from '../app-settings'
import type { Handlers } from '../dispatch'
import { appLanguage } from '../dispatch'

const KEEP_LINES = 50

interface Running {
  view: WatchView
  watcher: FolderWatcher
  done: Promise<void>
}

async function requireFolder(ctx: AppContext, dir: string): Promise<string> {
  const full = path.resolve(dir)
  if (ctx.allowedFolders) {
    const where = await checkInsideFolders(ctx.allowedFolders, full)
    if (where === 'outside' || where === 'link-outside') {
      throw new AppError('invalid-input', 'dir: rekap ui watches only folders it was started with (rekap ui --folder DIR) or inside them', 'dir')
    }
  }
  if (!statSync(full, { throwIfNoEntry: false })?.isDirectory()) throw new AppError('not-found', `dir: there is no folder ${full}`, 'dir')
  return full
}

function watcherFor(ctx: AppContext, dir: string, preset: Preset, view: WatchView): FolderWatcher {
  return new FolderWatcher(dir, {
    store: ctx.store,
    engine: ctx.engine,
    preset,
    lang: () => appLanguage(ctx),
    say: (line) => {
      view.lines.push(line)
      view.lines.splice(0, Math.max(0, view.lines.length - KEEP_LINES))
    },
    async planFile(file) {
      const preview = await ctx.engine.inspect(file, { sheet: preset.sheet, kind: preset.kind })
      const kind = (preset.kind ?? preview.suggestedKind) as JobKind | null
      if (!kind) throw new AppError('invalid-input', `${path.basename(file)}: the preset names no kind and the columns fit none`, 'preset')
      const settings = jobSettingsFor(ctx.settings(), await ctx.target(), preset.budget === undefined ? {} : { budgetRp: preset.budget })
      return ctx.engine.plan({ file, kind, sheet: preview.sheet, mapOverrides: preset.map ?? [], settings })
    },
    async finishReport(work, jobId) {
      mkdirSync(path.join(dir, DONE_DIR), { recursive: true })
      const out = path.join(dir, DONE_DIR, `${path.basename(work).replace(/\.[^.]+$/, '')}-${jobId}.xlsx`)
      const r = (await ctx.reports.writeJobReport(ctx.store, jobId, { out, lang: appLanguage(ctx), format: 'xlsx', timeZone: ctx.settings().timeZone })) as
        | { digest?: string | null }
        | undefined
      // the run record beside the report, as `rekap watch` writes it (docs/run-record.schema.json)
      const record = buildRunRecord(ctx.store, jobId, (offset, limit) => ctx.engine.rows(jobId, offset, limit), { path: out, digest: r?.digest ?? null })
      await writeFile(`${out.replace(/\.xlsx$/, '')}.json.part`, JSON.stringify(record, null, 2) + '\n')
      await rename(`${out.replace(/\.xlsx$/, '')}.json.part`, out.replace(/\.xlsx$/, '.json'))
      return out
    },
    // done / blocked jobs already notify through job.state (job-notices.ts); the list refreshes
    ended: () => ctx.events.emit('jobs.changed', { reason: 'watched folder' }),
  })
}

export function watchHandlers(ctx: AppContext): Pick<Handlers, 'watch.start' | 'watch.stop' | 'watch.status'> {
  let running: Running | null = null
  const snapshot = (): WatchView | null => (running ? { ...running.view, lines: [...running.view.lines] } : null)
  return {
    'watch.start': async ({ dir, preset: name }) => {
      if (running?.view.running) throw new AppError('conflict', `a folder is already watched: ${running.view.dir}; stop it first`, 'dir')
      const full = await requireFolder(ctx, dir)
      const preset = loadPreset(ctx.store.settings, name)
      if (!preset) throw new AppError('not-found', `There is no preset "${name}"`, 'preset')
      const view: WatchView = { dir: full, preset: name, since: ctx.core.clock.now(), running: true, lines: [] }
      const watcher = watcherFor(ctx, full, preset, view)
      const done = watcher
        .run({ keepAlive: false }).catch((err: unknown) => void view.lines.push(String((err as Error)?.message ?? err))).finally(() => (view.running = false))
      running = { view, watcher, done }
      return snapshot()!
    },
    'watch.stop': async () => {
      if (!running) return null
      running.watcher.stop()
      await running.done
      return snapshot()
    },
    'watch.status': async () => snapshot(),
  }
}
