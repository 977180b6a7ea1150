import { resolve } from 'node:path'
import { createInterface } from 'node:readline/promises'
import { isJobKind, JOB_KINDS, type JobKind } from '../contract/job-kinds'
import { defaultJobSettings, planRps, type JobSettings } from '../core/model/job-settings'
import { KIND_PRODUCT } from '../core/jobs/kind-product'
import { guessKind, PlanError } from '../core/engine'
import { ImportError, MapOverrideError, openTable } from '../core/importers'
import type { JobPlanView, ProgressView } from '../contract/ipc'
import { REKAP_VERSION } from '../core/version'
import { CliError, EXIT } from './exit-codes'
import { openCliEngine, type CliEngine } from './cli-engine'
import { createProgressPrinter, progressLine, formatSeconds } from './progress-printer'

export interface RunOptions {
  kind?: string
  sheet?: string
  map?: string[]
  out?: string
  lang?: 'id' | 'en'
  baseUrl?: string
  key?: string
  plan?: 'standard' | 'premium'
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
}

type Say = (line: string) => void

/** `rekap run <file>`: plan, confirm, run, report. Returns the exit code. */
export async function runCommand(file: string, o: RunOptions): Promise<number> {
  const say: Say = o.json ? () => {} : (line) => process.stdout.write(line + '\n')
  const useSandbox = !o.baseUrl && !o.key && !process.env.REKAP_API_KEY
  if (useSandbox) say('rekap: no --base-url or API key given: using the embedded SANDBOX (local, no network, nothing is charged)')
  else if (!o.baseUrl) throw new CliError('an API key was given but no --base-url: say which service to call', EXIT.usage)
  const cli = openCliEngine({ db: o.db, baseUrl: o.baseUrl, key: o.key, verbose: o.verbose })
  try {
    const kind = await chooseKind(file, o)
    const settings = settingsFrom(o, kind, useSandbox)
    const plan = await cli.engine.plan({ file: resolve(file), kind, sheet: o.sheet, mapOverrides: o.map ?? [], settings })
    say(`job ${plan.jobId}`)
    printPlan(plan, say)
    if (o.dryRun) {
      if (o.json) process.stdout.write(JSON.stringify({ jobId: plan.jobId, state: 'ready', plan }) + '\n')
      say(`dry run: nothing was sent. Start it later with: rekap resume ${plan.jobId}`)
      return EXIT.ok
    }
    if (!useSandbox && plan.estimatedCostRp > 0 && !o.yes) {
      const ok = await confirm(`This run may cost up to Rp${plan.estimatedCostRp.toLocaleString('id-ID')}. Start it? [y/N] `)
      if (!ok) {
        say(`not started. Start it later with: rekap resume ${plan.jobId}`)
        return EXIT.usage
      }
    }
    return await runToEnd(cli, plan.jobId, o, say)
  } catch (err) {
    throw asCliError(err)
  } finally {
    await cli.close()
  }
}

/** Shared by run, resume, retry-failed: start/continue a job, show progress, report, exit code. */
export async function runToEnd(
  cli: CliEngine,
  jobId: string,
  o: { out?: string; lang?: 'id' | 'en'; json?: boolean },
  say: Say,
  start: () => Promise<ProgressView> = () => cli.engine.start(jobId),
): Promise<number> {
  const mode = o.json ? 'silent' : process.stdout.isTTY ? 'tty' : 'plain'
  const printer = createProgressPrinter(mode)
  const off = cli.engine.onProgress((p) => p.jobId === jobId && printer.update(p))
  let interrupted = false
  const onSignal = (): void => {
    if (interrupted) return
    interrupted = true
    say(`\npausing job ${jobId}: requests in flight finish and are recorded…`)
    void cli.engine.pause(jobId)
  }
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
  try {
    await start()
    const final = await cli.engine.settled(jobId)
    printer.stop()
    off()
    say(progressLine(final))
    listFailures(cli, jobId, say)
    let reportPath: string | null = null
    if (o.out && (final.state === 'done' || final.counts.done + final.counts.failed > 0)) {
      reportPath = await writeReport(cli, jobId, o.out, o.lang ?? 'id')
      say(`report: ${reportPath}`)
    }
    const code = exitCodeFor(final)
    explainEnd(final, say)
    if (o.json) process.stdout.write(JSON.stringify({ jobId, state: final.state, blockedReason: final.blockedReason, detail: final.stateDetail, counts: final.counts, spentRp: final.spentRp, report: reportPath, exitCode: code }) + '\n')
    return code
  } finally {
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
    printer.stop()
    off()
  }
}

export function exitCodeFor(p: ProgressView): number {
  if (p.state === 'done') return EXIT.ok
  if (p.state === 'blocked' || p.state === 'paused') return EXIT.blocked
  if (p.state === 'cancelled') return EXIT.ok
  return EXIT.unexpected
}

function explainEnd(p: ProgressView, say: Say): void {
  if (p.state === 'blocked') {
    const what: Record<string, string> = {
      'needs-top-up': 'the balance or budget is used up: top up (or raise --budget/--balance), then',
      'quota-exhausted': "this month's hit quota is used up: wait for the next month or change plan, then",
      'auth-failed': 'the service refused the API key: fix it (--key or REKAP_API_KEY), then',
      offline: 'the service cannot be reached: check the connection, then',
    }
    say(`BLOCKED (${p.blockedReason}): ${p.stateDetail ?? ''}`)
    say(`${what[p.blockedReason ?? ''] ?? ''} resume with: rekap resume ${p.jobId}`)
  } else if (p.state === 'paused') {
    say(`paused. Resume with: rekap resume ${p.jobId}`)
  }
  if (p.counts.uncertain > 0) {
    say(
      `${p.counts.uncertain} row(s) are UNCERTAIN: the request was in flight when it was cut off and may have been charged. ` +
        `Re-send them (they may be charged twice) with: rekap resume ${p.jobId} --resend-uncertain`,
    )
  }
}

function listFailures(cli: CliEngine, jobId: string, say: Say): void {
  const failed = cli.engine.rows(jobId, 0, 20, { states: ['failed'] })
  if (!failed.total) return
  say(`${failed.total} row(s) failed (not charged):`)
  for (const r of failed.rows) say(`  row ${r.sourceRow ?? r.rowNo}: ${r.error ?? r.label}`)
  if (failed.total > failed.rows.length) say(`  … and ${failed.total - failed.rows.length} more (see the report's errors sheet)`)
}

async function writeReport(cli: CliEngine, jobId: string, out: string, lang: 'id' | 'en'): Promise<string> {
  const reports = await import('../core/reports')
  const format = out.toLowerCase().endsWith('.csv') ? 'csv' : 'xlsx'
  const r = await reports.writeJobReport(cli.store, jobId, { out: resolve(out), lang, format, rekapVersion: REKAP_VERSION })
  return r.out
}

function printPlan(p: JobPlanView, say: Say): void {
  say(`pre-flight: ${p.rowsTotal} rows, ${p.rowsOk} OK, ${p.rowsFailingLocally} failing locally (free), ${p.duplicates} duplicate(s) reused`)
  for (const pr of p.problems.slice(0, 10)) say(`  ${pr.message}`)
  if (p.problems.length > 10) say(`  … and ${p.problems.length - 10} more`)
  const cost = p.estimatedCostRp > 0 ? `at most Rp${p.estimatedCostRp.toLocaleString('id-ID')} (failures are free)` : 'Rp0'
  const quota = p.quotaLeft === null ? 'unlimited' : `${p.quotaLeft} hits left this month`
  say(`plan: ${p.callsNeeded} call(s), ${p.cacheHits} from cache, cost ${cost}, about ${formatSeconds(p.estimatedSeconds)}, quota ${quota}${p.sandbox ? ' [SANDBOX]' : ''}`)
}

async function chooseKind(file: string, o: RunOptions): Promise<JobKind> {
  if (o.kind) {
    if (!isJobKind(o.kind)) throw new CliError(`--kind ${o.kind}: expected one of ${JOB_KINDS.join(', ')}`, EXIT.usage)
    return o.kind
  }
  const table = await openTable(resolve(file), { sheet: o.sheet, pictures: false })
  try {
    const k = guessKind(table.headers)
    if (!k) {
      throw new CliError(
        `cannot tell what kind of job ${file} is from its columns (${table.headers.map((h) => `"${h}"`).join(', ')}); pass --kind (${JOB_KINDS.join(', ')})`,
        EXIT.usage,
      )
    }
    return k
  } finally {
    await table.close()
  }
}

function settingsFrom(o: RunOptions, kind: JobKind, sandbox: boolean): JobSettings {
  const plan = o.plan ?? 'standard'
  const base = defaultJobSettings({ hospitalPlan: plan })
  const product = KIND_PRODUCT[kind]
  const rps = { ...base.rps, hospitals: planRps(plan) }
  if (o.rps) rps[product] = o.rps
  return {
    ...base,
    baseUrl: sandbox ? '' : o.baseUrl!,
    sandbox,
    rps,
    concurrency: o.concurrency ?? (product === 'face-match' ? 2 : product === 'hospitals' ? 8 : 4),
    budgetRp: o.budget ?? null,
    balanceRp: o.balance ?? null,
    resendUncertain: o.resendUncertain ?? false,
    allowOutsidePaths: o.allowOutsidePaths ?? false,
    reviewBand: o.reviewBand ?? null,
  }
}

async function confirm(question: string): Promise<boolean> {
  if (!process.stdin.isTTY) {
    throw new CliError('this run costs money and there is no terminal to confirm on: add --yes to accept the estimate', EXIT.usage)
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout })
  try {
    return /^y(es)?$/i.test((await rl.question(question)).trim())
  } finally {
    rl.close()
  }
}

/** Bad input and usage problems end with exit 2 and the message alone (no stack). */
export function asCliError(err: unknown): unknown {
  if (err instanceof CliError) return err
  if (err instanceof PlanError || err instanceof ImportError || err instanceof MapOverrideError) return new CliError(err.message, EXIT.usage)
  return err
}
