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
import type { Preset } from '../../core/unattended/presets'
import { DONE_DIR } from '../../core/unattended/watch-folder'
import { AppError } from '../app-error'
import { coreText } from '../../core/texts/core-text'
import type { AppContext } from '../app-context'
import { appJobSettings, requirePreset } from '../preset-job'
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
      throw new AppError('invalid-input', coreText('app.field', { field: 'dir', why: coreText('app.watchOutside', {}) }), 'dir')
    }
  }
  if (!statSync(full, { throwIfNoEntry: false })?.isDirectory()) throw new AppError('not-found', coreText('app.field', { field: 'dir', why: coreText('app.noFolder', { dir: full }) }), 'dir')
  return full
}

function watcherFor(ctx: AppContext, dir: string, preset: Preset, view: WatchView): FolderWatcher {
  return new FolderWatcher(dir, {
    store: ctx.store,
    engine: ctx.engine,
    preset,
    lang: () => preset.lang ?? appLanguage(ctx),
    say: (line) => {
      view.lines.push(line)
      view.lines.splice(0, Math.max(0, view.lines.length - KEEP_LINES))
    },
    async planFile(file, signal) {
      const preview = await ctx.engine.inspect(file, { sheet: preset.sheet, kind: preset.kind })
      const kind = (preset.kind ?? preview.suggestedKind) as JobKind | null
      if (!kind) throw new AppError('invalid-input', coreText('app.presetNoKind', { file: path.basename(file) }), 'preset')
      const settings = await appJobSettings(ctx, kind, preset)
      return ctx.engine.plan({ file, kind, sheet: preview.sheet, mapOverrides: preset.map ?? [], settings, signal })
    },
    async finishReport(work, jobId) {
      mkdirSync(path.join(dir, DONE_DIR), { recursive: true })
      const out = path.join(dir, DONE_DIR, `${path.basename(work).replace(/\.[^.]+$/, '')}-${jobId}.xlsx`)
      const lang = preset.lang ?? appLanguage(ctx)
      const r = (await ctx.reports.writeJobReport(ctx.store, jobId, { out, lang, format: 'xlsx', timeZone: preset.tz ?? ctx.settings().timeZone })) as
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

/**
 * The app's one watched folder. Kept in Settings (folder + preset) while it runs, so the app or
 * `rekap ui` started again watches it again and resumes what it had taken (the core watcher finds
 * taken files by fingerprint: none runs twice). Stopped by the user: forgotten; closed with the app:
 * kept.
 */
export class AppFolderWatch {
  private running: Running | null = null

  constructor(private readonly ctx: AppContext) {}

  snapshot(): WatchView | null {
    return this.running ? { ...this.running.view, lines: [...this.running.view.lines] } : null
  }

  async start(dir: string, name: string): Promise<WatchView> {
    const ctx = this.ctx
    if (this.running?.view.running) throw new AppError('conflict', coreText('app.alreadyWatching', { dir: this.running.view.dir }), 'dir')
    const full = await requireFolder(ctx, dir)
    const preset = requirePreset(ctx, name)
    const view: WatchView = { dir: full, preset: name, since: ctx.core.clock.now(), running: true, lines: [] }
    const watcher = watcherFor(ctx, full, preset, view)
    const done = watcher
      .run({ keepAlive: false }).catch((err: unknown) => void view.lines.push(String((err as Error)?.message ?? err))).finally(() => (view.running = false))
    this.running = { view, watcher, done }
    ctx.saveSettings({ ...ctx.settings(), watchFolder: { dir: full, preset: name } })
    return this.snapshot()!
  }

  /** Stops the watcher (a job running now is paused); `forget`: the user stopped it, do not restart it. */
  async stop(forget: boolean): Promise<WatchView | null> {
    if (forget && this.ctx.settings().watchFolder) this.ctx.saveSettings({ ...this.ctx.settings(), watchFolder: null })
    if (!this.running) return null
    this.running.watcher.stop()
    await this.running.done
    return this.snapshot()
  }

  /** At start-up: the folder kept in Settings watched again; a folder or preset gone since is said, not fatal. */
  async resume(): Promise<WatchView | null> {
    const kept = this.ctx.settings().watchFolder
    if (!kept) return null
    try {
      return await this.start(kept.dir, kept.preset)
    } catch (err) {
      this.ctx.events.emit('jobs.changed', { reason: `watched folder ${kept.dir} not resumed: ${(err as Error).message}` })
      return null
    }
  }
}

const watches = new WeakMap<AppContext, AppFolderWatch>()

/** The app's watched folder (one per context: the handlers, start-up and close share it). */
export function folderWatchOf(ctx: AppContext): AppFolderWatch {
  let w = watches.get(ctx)
  if (!w) watches.set(ctx, (w = new AppFolderWatch(ctx)))
  return w
}

export function watchHandlers(ctx: AppContext): Pick<Handlers, 'watch.start' | 'watch.stop' | 'watch.status'> {
  const watch = folderWatchOf(ctx)
  return {
    'watch.start': async ({ dir, preset }) => watch.start(dir, preset),
    'watch.stop': async () => watch.stop(true),
    'watch.status': async () => watch.snapshot(),
  }
}
