import { execFile } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { basename, join, resolve } from 'node:path'
import { openCliEngine } from './cli-engine'
import { readCliKey } from './cli-key'
import { CliError, EXIT } from './exit-codes'
import { cliLang, t } from './cli-language'
import { chooseKind, settingsFrom, type RunOptions } from './run-job'
import { loadPresetOrRefuse } from './preset-command'
import { reportTimeZone } from './report-time-zone'
import { writeRunRecords } from './run-records'
import { FolderWatcher } from '../core/unattended/folder-watcher'
import { DONE_DIR } from '../core/unattended/watch-folder'

export interface WatchOptions {
  preset: string
  db?: string
  key?: string
  keyFile?: string
  settleMs?: number
  intervalMs?: number
  once?: boolean
  onFinish?: string
}

/**
 * `rekap watch DIR --preset NAME`: the watched folder of core/unattended/folder-watcher.ts (the
 * app's Folder pantau runs the same), planned the way `rekap run` plans (chooseKind, settingsFrom),
 * each report with its run record beside it in selesai/, and `--on-finish CMD` run when a file ends.
 */
export async function watchCommand(dirArg: string, o: WatchOptions): Promise<number> {
  const dir = resolve(dirArg)
  if (!existsSync(dir)) throw new CliError(t().watch.noFolder(dir), EXIT.usage)
  const preset = loadPresetOrRefuse(o.db, o.preset)
  const key = await readCliKey(o)
  const runOpts: RunOptions = { ...(preset as RunOptions), yes: true }
  const sandbox = !preset.baseUrl && !key
  const cli = openCliEngine({ db: o.db, baseUrl: preset.baseUrl, key })
  const w = new FolderWatcher(dir, {
    store: cli.store,
    engine: cli.engine,
    preset,
    lang: () => preset.lang ?? cliLang(),
    say,
    async planFile(file, signal) {
      const chosen = await chooseKind(file, runOpts)
      const settings = settingsFrom(runOpts, chosen.kind, sandbox)
      return cli.engine.plan({ file, kind: chosen.kind, sheet: runOpts.sheet, mapOverrides: runOpts.map ?? [], settings, signal })
    },
    async finishReport(work, jobId) {
      const reports = await import('../core/export')
      const out = join(dir, DONE_DIR, `${basename(work).replace(/\.[^.]+$/, '')}-${jobId}.xlsx`)
      mkdirSync(join(dir, DONE_DIR), { recursive: true })
      const r = await reports.writeJobReport(cli.store, jobId, { out, lang: preset.lang ?? cliLang(), timeZone: reportTimeZone(cli.store, preset.tz) })
      await writeRunRecords(cli, jobId, { recordJson: out.replace(/\.xlsx$/, '.json') }, { path: r.out, digest: r.digest ?? null })
      return r.out
    },
    ended: (jobId, state, report) => onFinish(o.onFinish, jobId, state, report),
  })
  const stop = (): void => w.stop()
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  try {
    say(t().watch.watching(dir, o.preset))
    await w.run({ settleMs: o.settleMs, intervalMs: o.intervalMs, once: o.once, claimStaleMs: claimStaleMsFromEnv() })
    return EXIT.ok
  } finally {
    process.off('SIGINT', stop)
    process.off('SIGTERM', stop)
    await cli.close()
  }
}

/** REKAP_WATCH_CLAIM_STALE_MS: the window after which another computer's silent claim is taken over (tests make it small). */
function claimStaleMsFromEnv(): number | undefined {
  const ms = Number(process.env.REKAP_WATCH_CLAIM_STALE_MS)
  return Number.isFinite(ms) && ms > 0 ? ms : undefined
}

function say(line: string): void {
  process.stdout.write(line + '\n')
}

/** --on-finish CMD: run with (job id, state, report path) as arguments; never a shell, never workbook text. */
function onFinish(cmd: string | undefined, jobId: string, state: string, report: string): void {
  if (!cmd) return
  execFile(cmd, [jobId, state, report], { shell: false, timeout: 60_000 }, (err) => {
    if (err) process.stderr.write(t().watch.onFinishFailed(cmd, err.message) + '\n')
  })
}
