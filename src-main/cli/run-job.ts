import { mkdirSync } from 'node:fs'
import { basename, join, resolve } from 'node:path'
import { createInterface } from 'node:readline/promises'
import { isJobKind, JOB_KINDS, type JobKind } from '../contract/job-kinds'
import { defaultJobSettings, type JobSettings } from '../core/model/job-settings'
import { accountId } from '../core/engine/account-id'
import { hitsUsedRecord, type PlanFlags } from './plan-options'
import { presetJobSettings } from '../core/unattended/preset-settings'
import { PLAN_FLAG, type PlanProduct } from '../core/model/plans'
import { kindModule } from '../core/kinds/registry'
import { guessKind, PlanError } from '../core/engine'
import { ImportError, openTable } from '../core/importers'
import { quotedHeaders } from '../core/importers/header-names'
import type { JobPlanView, PlanProblem, ProgressView } from '../contract/ipc'
import { REKAP_VERSION } from '../core/version'
import { CliError, EXIT } from './exit-codes'
import { asCliError } from './action-cli-error'
import { readCliKey } from './cli-key'
import { serviceUrlFlag } from './cli-engine'
import { openCliEngine, type CliEngine } from './cli-engine'
import { createProgressPrinter, progressLine, formatSeconds } from './progress-printer'
import { cliLang, t } from './cli-language'
import { VERDICT_WORDS } from '../contract/verdicts'
import { JOB_STATE_VIEW_WORDS } from '../core/texts/state-words'
import { failureText } from './failure-text'
import { coreMessage } from './core-message'
import { sheetsThatFit } from './sheet-fit'
import { detailText } from '../core/texts/core-text'
import { assertRecordPathsWritable, writeRunRecords, type RecordFlags } from './run-records'
import { assertWritableOutput, OutputPathError } from '../core/paths/output-path'

export interface RunOptions extends PlanFlags, RecordFlags {
  kind?: string
  sheet?: string
  map?: string[]
  out?: string
  baseUrl?: string
  key?: string
  keyFile?: string
  authHeader?: string
  reuseDays?: number
  name?: string
  services?: string
  accreditation?: string
  budget?: number
  balance?: number
  rps?: number
  concurrency?: number
  db?: string
  dryRun?: boolean
  yes?: boolean
  json?: boolean
  resendUncertain?: boolean
  allowOutsidePaths?: boolean
  reviewBand?: [number, number]
  verbose?: boolean
  /** fetch directory records again instead of using the local cache */
  refresh?: boolean
  /** from a preset: the folder the report goes to when --out is not given */
  outDir?: string
  /** from a preset: the time zone of the report's time columns */
  tz?: string
  preset?: string
}

type Say = (line: string) => void

/** `rekap run <file>`: plan, confirm, run, report. Returns the exit code. */
export async function runCommand(file: string, o: RunOptions): Promise<number> {
  const m = t()
  const say: Say = o.json ? () => {} : (line) => process.stdout.write(line + '\n')
  const key = await readCliKey(o)
  const useSandbox = !o.baseUrl && !key
  if (!useSandbox && !o.baseUrl) throw new CliError(m.keyWithoutBaseUrl, EXIT.usage)
  if (o.baseUrl) o = { ...o, baseUrl: serviceUrlFlag(o.baseUrl) }
  if (o.out) {
    // before anything is sent: the report would replace the workbook it reads
    const { refuseOverwritingInput, ReportError } = await import('../core/export')
    try {
      refuseOverwritingInput({ inputFile: resolve(file) }, o.out)
    } catch (err) {
      throw err instanceof ReportError ? new CliError(coreMessage(err), EXIT.usage) : err
    }
  }
  const cli = openCliEngine({ db: o.db, baseUrl: o.baseUrl, key, verbose: o.verbose })
  try {
    // before anything is paid for: a folder that is not there is said now, not after the run (checked
    // once the data file is open: it may have made the folder the report goes to)
    if (o.out) assertWritableOutput(resolve(o.out))
    assertRecordPathsWritable(o)
    await cli.joinTeam()
    const chosen = await chooseKind(file, o)
    const settings = settingsFrom(o, chosen.kind, useSandbox)
    await stateHitsUsed(cli, settings, o, say)
    cli.engine.discardStalePlans() // plans never started, older than a week
    // The first line is machine-read (`job <id>`) in every language, said as soon as the job exists
    // (before its rows are checked: a run killed during a long pre-flight can still be found);
    // what was guessed follows it.
    const plan = await planOrExplain(cli, file, chosen, o, settings, (id) => say(`job ${id}`))
    if (useSandbox) say(m.usingSandbox)
    if (chosen.guessed) say(m.guessedKind(chosen.kind, chosen.sheet))
    const mapping = cli.store.jobs.get(plan.jobId)?.mapping ?? {}
    say(m.mapping(Object.entries(mapping).map(([field, header]) => m.mappingPair(field, header)).join(', ')))
    printPlan(plan, say)
    if (!o.out && o.outDir) o = { ...o, out: reportPathIn(o.outDir, file, plan.jobId) }
    if (o.dryRun) {
      if (o.json) process.stdout.write(JSON.stringify({ jobId: plan.jobId, state: 'ready', plan }) + '\n')
      say(m.dryRun(plan.jobId))
      return EXIT.ok
    }
    if (!useSandbox && plan.estimatedCostRp > 0 && !o.yes) {
      const ok = await confirm(m.confirmCost(plan.estimatedCostRp))
      if (!ok) {
        // the user's answer, not a mistake: exit 0 (the README's exit codes), nothing sent
        say(m.notStarted(plan.jobId))
        return EXIT.ok
      }
    }
    return await runToEnd(cli, plan.jobId, o, say)
  } catch (err) {
    throw asCliError(err)
  } finally {
    await cli.close()
  }
}

/** `<outDir>/<workbook name>-<job id>.xlsx`: a folder of daily reports never overwrites yesterday's. */
function reportPathIn(outDir: string, input: string, jobId: string): string {
  mkdirSync(resolve(outDir), { recursive: true })
  return join(resolve(outDir), `${basename(input).replace(/\.[^.]+$/, '')}-${jobId}.xlsx`)
}

/** Plans the job; when the (first) sheet does not fit, the error names the sheets that would. */
async function planOrExplain(
  cli: CliEngine,
  file: string,
  chosen: ChosenKind,
  o: RunOptions,
  settings: JobSettings,
  onJobCreated: (jobId: string) => void,
): Promise<JobPlanView> {
  try {
    const directory = o.name || o.services || o.accreditation ? { name: o.name, services: o.services, accreditation: o.accreditation } : undefined
    // a dry run sends nothing (no page probes, no value-list requests)
    return await cli.engine.plan({ file: resolve(file), kind: chosen.kind, sheet: o.sheet, mapOverrides: o.map ?? [], settings, directory, onJobCreated, sendNothing: o.dryRun === true })
  } catch (err) {
    if (o.sheet === undefined && (err instanceof PlanError || err instanceof ImportError)) {
      const fits = await sheetsThatFit(resolve(file), chosen.kind, chosen.sheet)
      if (fits.length) throw new CliError(`${coreMessage(err)}\n${otherSheets(fits)}`, EXIT.usage)
    }
    throw err
  }
}

function otherSheets(fits: Array<{ sheet: string; kind: string }>): string {
  const m = t()
  return m.otherSheetsFit(fits.map((f) => m.sheetFits(f.sheet, f.kind)).join(', '))
}

/** Shared by run, resume, retry-failed: start/continue a job, show progress, report, exit code. */
export async function runToEnd(
  cli: CliEngine,
  jobId: string,
  o: { out?: string; json?: boolean; tz?: string } & RecordFlags,
  say: Say,
  start: () => Promise<ProgressView> = () => cli.engine.start(jobId),
): Promise<number> {
  const m = t()
  const mode = o.json ? 'silent' : process.stdout.isTTY ? 'tty' : 'plain'
  const printer = createProgressPrinter(mode)
  const off = cli.engine.onProgress((p) => p.jobId === jobId && printer.update(p))
  let interrupted = false
  const onSignal = (): void => {
    if (interrupted) return
    interrupted = true
    say(`\n${m.pausing(jobId)}`)
    // refused only if the job already stopped (done, blocked, paused): nothing left to pause
    cli.engine.pause(jobId).catch(() => undefined)
  }
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
  try {
    await start()
    const final = await cli.engine.settled(jobId)
    printer.stop()
    off()
    say(progressLine(final))
    if (cli.verbose) process.stderr.write(retrySummary(cli) + '\n')
    listFailures(cli, jobId, say)
    let reportPath: string | null = null
    let report: { path: string; digest: string | null } | null = null
    // a path the report cannot go to loses nothing: the job is kept, the records written, then it is said
    let unwritable: OutputPathError | null = null
    if (o.out && (final.state === 'done' || final.counts.done + final.counts.failed > 0)) {
      try {
        report = await writeReport(cli, jobId, o.out, o.tz)
        reportPath = report.path
        say(m.report(reportPath))
      } catch (err) {
        if (!(err instanceof OutputPathError)) throw err
        unwritable = err
      }
    }
    await writeRunRecords(cli, jobId, o, report)
    const code = unwritable ? reportNotWrittenCode(final) : exitCodeFor(final)
    explainEnd(cli, final, say)
    if (o.json) process.stdout.write(JSON.stringify({ jobId, state: final.state, blockedReason: final.blockedReason, detail: final.stateDetail, counts: final.counts, spentRp: final.spentRp, report: reportPath, exitCode: code }) + '\n')
    if (unwritable) throw new CliError(`${coreMessage(unwritable)}\n${m.reportNotWritten(jobId)}`, code)
    return code
  } finally {
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
    printer.stop()
    off()
  }
}

/** --verbose: how often the job retried, how often the service said 429 and how long that cost. */
export function retrySummary(cli: Pick<CliEngine, 'retries'>): string {
  const r = cli.retries
  return t().retries(r.retries, r.rateLimited, formatSeconds(Math.round(r.waitedMs / 1000)))
}

/** The report's path was bad input (2), unless the job itself still needs the user (blocked or paused: 3). */
function reportNotWrittenCode(p: ProgressView): number {
  const code = exitCodeFor(p)
  return code === EXIT.ok ? EXIT.usage : code
}

export function exitCodeFor(p: ProgressView): number {
  if (p.state === 'done') return EXIT.ok
  if (p.state === 'blocked' || p.state === 'paused') return EXIT.blocked
  if (p.state === 'cancelled') return EXIT.ok
  return EXIT.unexpected
}

/**
 * What to do next. The resume line asks for a key only when the job calls the real service and
 * this shell has none (or the service refused it); the embedded sandbox needs no key.
 */
function explainEnd(cli: CliEngine, p: ProgressView, say: Say): void {
  const m = t()
  const real = cli.store.jobs.get(p.jobId)?.settings.sandbox === false
  const needsKey = real && (!cli.key || p.blockedReason === 'auth-failed')
  const resume = needsKey ? m.resumeWithKey(p.jobId) : m.resumeWith(p.jobId)
  if (p.state === 'blocked') {
    // the store keeps rekap's own reason as a text: said here in the CLI's language
    const detail = detailText(cli.store.jobs.get(p.jobId)?.stateDetail, cliLang()) ?? p.stateDetail ?? ''
    say(m.blocked(p.blockedReason ?? '', detail))
    const what = m.blockedWhat[p.blockedReason ?? '']
    say(what ? `${what} ${resume}` : resume)
  } else if (p.state === 'paused') {
    // a pause rekap made itself (a watched file's claim no longer this computer's) says why; a person's says nothing
    const why = detailText(cli.store.jobs.get(p.jobId)?.stateDetail, cliLang())
    if (why) say(why)
    say(`${m.paused(p.jobId)}${needsKey ? ` (${resume})` : ''}`)
  } else if (p.state === 'cancelled') {
    // here or from another process (`rekap cancel`, the app): exit 0, the work done is kept
    say(m.cancelled(p.jobId))
  }
  if (p.counts.uncertain > 0) say(m.uncertainRows(p.counts.uncertain, p.jobId))
}

function listFailures(cli: CliEngine, jobId: string, say: Say): void {
  const m = t()
  const failed = cli.engine.rows(jobId, 0, 20, { states: ['failed'] })
  if (!failed.total) return
  say(m.failedHeader(failed.total))
  for (const r of failed.rows) {
    say(`  ${failureText({ row: r.sourceRow ?? r.rowNo, column: r.errorColumn, code: r.errorCode, message: r.error ?? VERDICT_WORDS[cliLang()][r.verdict] }, cliLang())}`)
  }
  if (failed.total > failed.rows.length) say(m.failedMore(failed.total - failed.rows.length, jobId))
  // only when it may be done (job-actions): a cancelled job's failed rows are not sent again
  if (cli.engine.actions(jobId).includes('retryFailed')) say(m.retryFailedHint(jobId))
}

async function writeReport(cli: CliEngine, jobId: string, out: string, tz?: string): Promise<{ path: string; digest: string | null }> {
  const reports = await import('../core/export')
  const format = out.toLowerCase().endsWith('.csv') ? 'csv' : 'xlsx'
  const { reportTimeZone } = await import('./report-time-zone')
  const timeZone = reportTimeZone(cli.store, tz)
  const r = await reports.writeJobReport(cli.store, jobId, { out: resolve(out), lang: cliLang(), format, rekapVersion: REKAP_VERSION, timeZone })
  return { path: r.out, digest: r.digest ?? null }
}

/** A plan's list, the first 10 with file, sheet, row and column; under its heading when it has one and is not empty. */
function sayProblems(list: PlanProblem[], heading: ((n: number) => string) | null, say: Say): void {
  if (heading && list.length) say(heading(list.length))
  for (const pr of list.slice(0, 10)) say(`  ${failureText(pr, cliLang(), { withFile: true })}`)
  if (list.length > 10) say(`  ${t().andMore(list.length - 10)}`)
}

function printPlan(p: JobPlanView, say: Say): void {
  const m = t()
  say(m.preflight(p.rowsTotal, p.rowsOk, p.rowsFailingLocally, p.duplicates))
  sayProblems(p.problems, null, say)
  sayProblems(p.outsidePaths ?? [], m.outsidePaths, say)
  sayProblems(p.cellWarnings ?? [], m.cellWarnings, say)
  const cost = p.estimatedCostRp > 0 ? m.costAtMost(p.estimatedCostRp) : m.rp(0)
  const quota = p.quotaLeft === null ? m.quotaUnlimited : m.quotaLeft(p.quotaLeft)
  // pages not counted (a dry run sends nothing): one page a query is the least it can take
  say(m.plan(p.callsNeeded, p.cacheHits, cost, formatSeconds(p.estimatedSeconds), quota, p.sandbox, p.estimate.basis === 'unknown'))
  if (p.reused.rows > 0) say(m.reusedPairs(p.reused.rows, p.reused.fromJobs.join(', ')))
  if (p.earlierRun) {
    const e = p.earlierRun
    const word = JOB_STATE_VIEW_WORDS[cliLang()][e.state] ?? e.state
    say(m.earlierRun(e.jobId, word, { report: e.actions.includes('export'), resume: e.actions.includes('start') || e.actions.includes('resume') }))
  }
  const basis = m.estimate(p.estimate.unit, p.estimate.basis, p.estimate.probed)
  if (basis) say(`  ${basis}`)
  for (const w of p.warnings) {
    const raise = w.code === 'quota-shortfall' && w.raiseTo ? `${PLAN_FLAG[kindModule(p.kind).product as PlanProduct] ?? '--plan'} ${w.raiseTo}` : null
    say(m.warning(w.code, w.needed, w.available, w.fits, raise))
  }
}

export interface ChosenKind {
  kind: JobKind
  /** true when the kind was guessed from the columns (not given with --kind) */
  guessed: boolean
  /** the sheet whose columns were read */
  sheet: string
}

export async function chooseKind(file: string, o: RunOptions): Promise<ChosenKind> {
  const m = t()
  if (o.kind && !isJobKind(o.kind)) throw new CliError(m.usage.unknownKind(o.kind, JOB_KINDS.join(', ')), EXIT.usage)
  const table = await openTable(resolve(file), { sheet: o.sheet, pictures: false }).catch((err: unknown) => explainUnreadableSheet(err, file, o))
  const sheet = table.sheet
  const columns = table.headers
  await table.close()
  if (o.kind) return { kind: o.kind as JobKind, guessed: false, sheet }
  const guessed = guessKind(columns)
  if (guessed) return { kind: guessed, guessed: true, sheet }
  const headers = quotedHeaders(columns)
  let text = m.cannotGuessKind(file, sheet, headers, JOB_KINDS.join(', '))
  if (o.sheet === undefined) {
    const fits = await sheetsThatFit(resolve(file), null, sheet)
    if (fits.length) text += `\n${otherSheets(fits)}`
  }
  throw new CliError(text, EXIT.usage)
}

/**
 * The first sheet read as no table at all (empty, as a new workbook's Sheet1 left in front of the
 * data, or without a header row): the refusal names the other sheets that would fit, as it does for
 * a first sheet whose columns fit no kind. A sheet the user named is refused as it is.
 */
async function explainUnreadableSheet(err: unknown, file: string, o: RunOptions): Promise<never> {
  if (o.sheet === undefined && err instanceof ImportError && err.sheet !== undefined) {
    const fits = await sheetsThatFit(resolve(file), o.kind && isJobKind(o.kind) ? o.kind : null, err.sheet)
    if (fits.length) throw new CliError(`${coreMessage(err)}\n${otherSheets(fits)}`, EXIT.usage)
  }
  throw err
}

/** --hits-used: the account's hits this month as the user states them, before anything is planned. */
export async function stateHitsUsed(cli: CliEngine, settings: JobSettings, o: PlanFlags, say: Say): Promise<void> {
  const used = hitsUsedRecord(o)
  if (!Object.keys(used).length) return
  const account = accountId({ baseUrl: settings.baseUrl, apiKey: cli.key, sandbox: settings.sandbox }, cli.accountSecret())
  const view = await cli.engine.stateHitsUsed(account, settings, used)
  for (const p of view.products) {
    if (used[p.product] !== undefined) say(t().hitsUsed(p.product, p.used, p.quota === null ? null : { left: p.left ?? 0, quota: p.quota }))
  }
}

export function settingsFrom(o: RunOptions, kind: JobKind, sandbox: boolean): JobSettings {
  // the flags (and a preset's fields under them) over the CLI's defaults: the rule the app uses for presets too
  const base = defaultJobSettings({ baseUrl: sandbox ? '' : o.baseUrl!, sandbox, concurrency: kindModule(kind).defaultConcurrency })
  return {
    ...presetJobSettings(base, { ...o, hospitalPlan: o.hospitalPlan ?? o.plan }, kind),
    resendUncertain: o.resendUncertain ?? false,
  }
}

async function confirm(question: string): Promise<boolean> {
  if (!process.stdin.isTTY) {
    throw new CliError(t().noTerminal, EXIT.usage)
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout })
  try {
    return t().yesAnswer.test((await rl.question(question)).trim())
  } finally {
    rl.close()
  }
}
