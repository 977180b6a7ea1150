import { execFile } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { basename, join, resolve } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import type { JobPlanView } from '../contract/ipc'
import { openCliEngine, type CliEngine } from './cli-engine'
import { readCliKey } from './cli-key'
import { CliError, EXIT } from './exit-codes'
import { cliLang, t } from './cli-language'
import { coreMessage } from './core-message'
import { chooseKind, settingsFrom, type RunOptions } from './run-job'
import { loadPresetOrRefuse } from './preset-command'
import { reportTimeZone } from './report-time-zone'
import { writeRunRecords } from './run-records'
import type { Preset } from '../core/unattended/presets'
import { admit, type Admission } from '../core/unattended/watch-rules'
import { isArchive, unpackTaken } from '../core/unattended/watch-archive'
import { claim, DONE_DIR, FileSettler, fileFingerprint, isWaiting, settle, takenFiles, waiting } from '../core/unattended/watch-folder'

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

/** What the watcher remembers of a file it took, by the file's SHA-256 (in the store's settings). */
interface TakenRecord {
  jobId: string
  name: string
  /** planned: not decided yet; admitted: run (resume it); waiting: for a person; refused: filed under gagal/ */
  status: 'planned' | 'admitted' | 'waiting' | 'refused'
}

const takenKey = (fp: string): string => `watch-file:${fp}`

/**
 * `rekap watch DIR --preset NAME`: takes each complete workbook that appears in DIR, plans it with
 * the preset, runs it when the plan is within the preset's limits, and files it under selesai/
 * (with its report and run record) or gagal/ (with the reason); otherwise it waits in proses/ with
 * a note for a person. The same engine as `rekap run`: pre-flight, budget, pay-once, crash-safe
 * resume. Restarted after a crash it resumes what it had taken; it never takes a file twice.
 */
export async function watchCommand(dirArg: string, o: WatchOptions): Promise<number> {
  const dir = resolve(dirArg)
  if (!existsSync(dir)) throw new CliError(t().watch.noFolder(dir), EXIT.usage)
  const preset = loadPresetOrRefuse(o.db, o.preset)
  const key = await readCliKey(o)
  const runOpts: RunOptions = { ...(preset as RunOptions), yes: true }
  const sandbox = !preset.baseUrl && !key
  const cli = openCliEngine({ db: o.db, baseUrl: preset.baseUrl, key })
  const w = new Watcher(cli, dir, preset, runOpts, sandbox, o)
  let stopping = false
  const stop = (): void => {
    stopping = true
    w.stop()
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  try {
    say(t().watch.watching(dir, o.preset))
    for (const work of takenFiles(dir)) if (!stopping) await w.resumeTaken(work)
    const settler = new FileSettler(o.settleMs ?? 2000)
    let lastVisit = Date.now()
    while (!stopping) {
      // a file that waits for a person: someone may have run it meanwhile (rekap resume)
      if (Date.now() - lastVisit > 5000) {
        lastVisit = Date.now()
        await w.revisitWaiting()
      }
      const ready = settler.ready(dir, Date.now())
      for (const name of ready) {
        if (stopping) break
        const work = claim(dir, name)
        if (work) await w.take(work)
      }
      if (o.once && !ready.length && !settler.pending()) break
      await sleep(o.intervalMs ?? 500)
    }
    return EXIT.ok
  } finally {
    process.off('SIGINT', stop)
    process.off('SIGTERM', stop)
    await cli.close()
  }
}

function say(line: string): void {
  process.stdout.write(line + '\n')
}

class Watcher {
  private current: string | null = null

  constructor(
    private readonly cli: CliEngine,
    private readonly dir: string,
    private readonly preset: Preset,
    private readonly runOpts: RunOptions,
    private readonly sandbox: boolean,
    private readonly o: WatchOptions,
  ) {}

  stop(): void {
    if (this.current) this.cli.engine.pause(this.current).catch(() => undefined)
  }

  /** A file just taken: a workbook seen before goes on as before; a new one is planned and decided. */
  async take(work: string): Promise<void> {
    const fp = await fileFingerprint(work)
    const known = this.cli.store.settings.get<TakenRecord>(takenKey(fp))
    const job = known && this.cli.store.jobs.get(known.jobId)
    if (known && job?.state === 'done') {
      settle(this.dir, work, 'failed', t().watch.alreadyDone(known.jobId, known.name))
      say(t().watch.refused(basename(work), t().watch.alreadyDone(known.jobId, known.name)))
      return
    }
    if (known && job && known.status !== 'refused') return this.resumeTaken(work)
    let plan: JobPlanView
    try {
      // a .zip of a workbook and its photos: unpacked in proses/ with the upload's caps, its workbook planned
      const input = isArchive(work) ? await unpackTaken(this.dir, work) : work
      const chosen = await chooseKind(input, this.runOpts)
      const settings = settingsFrom(this.runOpts, chosen.kind, this.sandbox)
      plan = await this.cli.engine.plan({ file: input, kind: chosen.kind, sheet: this.runOpts.sheet, mapOverrides: this.runOpts.map ?? [], settings })
    } catch (err) {
      const why = coreMessage(err)
      settle(this.dir, work, 'failed', why)
      say(t().watch.refused(basename(work), why))
      this.notify('', 'refused', '')
      return
    }
    this.cli.store.settings.set(takenKey(fp), { jobId: plan.jobId, name: basename(work), status: 'planned' } satisfies TakenRecord)
    say(`job ${plan.jobId} ${basename(work)}`)
    await this.decide(work, fp, plan)
  }

  private async decide(work: string, fp: string, plan: JobPlanView): Promise<void> {
    const a = admit(plan, this.preset)
    const status = a.verdict === 'run' ? 'admitted' : a.verdict === 'wait' ? 'waiting' : 'refused'
    this.cli.store.settings.set(takenKey(fp), { jobId: plan.jobId, name: basename(work), status } satisfies TakenRecord)
    if (a.verdict === 'refuse') {
      // nobody will run a refused workbook's plan: cancelled, so History does not offer it as ready
      await this.cli.engine.cancel(plan.jobId).catch(() => undefined)
      settle(this.dir, work, 'failed', admissionText(a))
      say(t().watch.refused(basename(work), admissionText(a)))
      this.notify(plan.jobId, 'refused', '')
    } else if (a.verdict === 'wait') {
      waiting(this.dir, work, `${admissionText(a)}\n${t().watch.howToGoOn(plan.jobId)}`)
      say(t().watch.waits(basename(work), plan.jobId, admissionText(a)))
      this.notify(plan.jobId, 'waiting', '')
    } else await this.runJob(work, plan.jobId)
  }

  /** Waiting files whose job a person ran meanwhile: filed under selesai/ (or gagal/ if cancelled). */
  async revisitWaiting(): Promise<void> {
    for (const work of takenFiles(this.dir)) {
      if (!isWaiting(this.dir, work)) continue
      const known = this.cli.store.settings.get<TakenRecord>(takenKey(await fileFingerprint(work)))
      const job = known && this.cli.store.jobs.get(known.jobId)
      if (job?.state === 'done') await this.finish(work, job.id)
      else if (job?.state === 'cancelled') settle(this.dir, work, 'failed', t().watch.cancelled(job.id))
    }
  }

  /** A file in proses/ at start-up, or taken again: finish, resume, or keep waiting. */
  async resumeTaken(work: string): Promise<void> {
    const fp = await fileFingerprint(work)
    const known = this.cli.store.settings.get<TakenRecord>(takenKey(fp))
    const job = known && this.cli.store.jobs.get(known.jobId)
    if (!known || !job || known.status === 'refused') {
      // taken, then the watcher died before it planned (or it was refused before and sent again): plan it now
      this.cli.store.settings.delete(takenKey(fp))
      return this.take(work)
    }
    if (job.state === 'done') return this.finish(work, job.id)
    if (job.state === 'cancelled') {
      settle(this.dir, work, 'failed', t().watch.cancelled(job.id))
      return
    }
    if ((job.state === 'ready' || job.state === 'draft') && known.status !== 'admitted') {
      if (!isWaiting(this.dir, work)) waiting(this.dir, work, known.status === 'planned' ? t().watch.undecided(job.id) : t().watch.howToGoOn(job.id))
      say(t().watch.stillWaiting(basename(work), job.id))
      return
    }
    await this.runJob(work, job.id)
  }

  private async runJob(work: string, jobId: string): Promise<void> {
    this.current = jobId
    try {
      await this.cli.engine.start(jobId)
      const final = await this.cli.engine.settled(jobId)
      if (final.state === 'done') return await this.finish(work, jobId)
      if (final.state === 'blocked') {
        const why = t().watch.blocked(final.blockedReason ?? '', jobId)
        waiting(this.dir, work, why)
        say(t().watch.waits(basename(work), jobId, why))
        this.notify(jobId, 'blocked', '')
      }
      // paused: the watcher is stopping; a restart resumes it
    } catch (err) {
      say(t().watch.cannotRun(basename(work), jobId, coreMessage(err)))
    } finally {
      this.current = null
    }
  }

  private async finish(work: string, jobId: string): Promise<void> {
    const reports = await import('../core/export')
    const out = join(this.dir, DONE_DIR, `${basename(work).replace(/\.[^.]+$/, '')}-${jobId}.xlsx`)
    const lang = this.preset.lang ?? cliLang()
    mkdirSync(join(this.dir, DONE_DIR), { recursive: true })
    const r = await reports.writeJobReport(this.cli.store, jobId, { out, lang, timeZone: reportTimeZone(this.cli.store, this.preset.tz) })
    await writeRunRecords(this.cli, jobId, { recordJson: out.replace(/\.xlsx$/, '.json') }, { path: r.out, digest: r.digest ?? null })
    settle(this.dir, work, 'done')
    say(t().watch.done(basename(work), jobId, r.out))
    this.notify(jobId, 'done', r.out)
  }

  /** --on-finish CMD: run with (job id, state, report path) as arguments; never a shell, never workbook text. */
  private notify(jobId: string, state: string, report: string): void {
    if (!this.o.onFinish) return
    execFile(this.o.onFinish, [jobId, state, report], { shell: false, timeout: 60_000 }, (err) => {
      if (err) process.stderr.write(t().watch.onFinishFailed(this.o.onFinish!, err.message) + '\n')
    })
  }
}

function admissionText(a: Exclude<Admission, { verdict: 'run' }>): string {
  const m = t().watch
  switch (a.code) {
    case 'empty':
      return m.empty
    case 'too-many-failing':
      return m.tooManyFailing(Math.round((a.share ?? 0) * 100), Math.round((a.limit ?? 0) * 100))
    case 'over-budget':
      return m.overBudget(a.needed, a.available)
    case 'quota-shortfall':
      return m.quotaShortfall(a.needed, a.available)
  }
}
