import { existsSync, mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'

import { workerLaunch } from '../../src-main/core/workers/worker-launch'
import { makeBadInputs } from '../../scripts/make-bad-inputs'
import { corpus } from './corpus'
import type { Outcome } from './fuzz-target'

/**
 * Runs mutants in a worker thread under a time and memory bound: a mutant that takes longer than
 * `perMutantMs`, or drives the process past `maxRssMb`, or kills the worker, is a failure, and the
 * run goes on with a fresh worker from the next mutant. Seeded: (seed, index) rebuilds any mutant.
 */
export interface FuzzTask {
  seedName: string
  seed: number
  index: number
}

export type WorkerMessage =
  | { type: 'start'; index: number; what: string }
  | { type: 'done'; index: number; outcome: Outcome; message: string; ms: number }
  | { type: 'finished' }

export interface FuzzFailure extends FuzzTask {
  what: string
  outcome: Outcome | 'hang' | 'memory' | 'worker died'
  message: string
}

export interface FuzzOptions {
  seed: number
  count: number
  /** a mutant taking longer than this is a hang */
  perMutantMs: number
  /** a mutant growing the process's resident memory by more than this is a failure (and the worker's heap limit) */
  maxRssMb: number
  /** run the annotated copy and verify (exceljs) instead of the dry run */
  exceljs?: boolean
  /** only these seed files (names as in corpus.ts) */
  seeds?: string[]
  /** mutants to run as they are (found cases), instead of seed/count */
  tasks?: FuzzTask[]
  dir: string
  /** also mutate the bad-input fixtures (scripts/make-bad-inputs.ts, generated into dir first); default true */
  badInputs?: boolean
  /** where those fixtures are, generated there if missing (default dir/bad-inputs): runs of one file share one set */
  badInputsDir?: string
  onDone?: (index: number, outcome: string, ms: number) => void
}

export interface FuzzReport {
  ran: number
  outcomes: Record<string, number>
  failures: FuzzFailure[]
  slowestMs: number
  /** the slowest mutant, to look at when the bound comes near */
  slowest: string
  peakRssMb: number
  /** the mutant that grew the process most, and by how much */
  largest: { what: string; seedName: string; index: number; grewMb: number } | null
}

const ROUND = 50

export function fuzzTasks(seed: number, count: number, seeds?: string[], badInputsDir?: string): FuzzTask[] {
  const names = seeds ?? corpus(badInputsDir).map((s) => s.name)
  return Array.from({ length: count }, (_, index) => ({ seedName: names[index % names.length], seed, index }))
}

export async function runFuzz(o: FuzzOptions): Promise<FuzzReport> {
  const badInputsDir = o.badInputs === false ? undefined : (o.badInputsDir ?? join(o.dir, 'bad-inputs'))
  if (badInputsDir && !existsSync(badInputsDir)) await makeBadInputs(badInputsDir, { huge: false })
  const tasks = o.tasks ?? fuzzTasks(o.seed, o.count, o.seeds, badInputsDir)
  const report: FuzzReport = { ran: 0, outcomes: {}, failures: [], slowestMs: 0, slowest: '', peakRssMb: 0, largest: null }
  let next = 0
  let round = 0
  while (next < tasks.length) {
    const dir = join(o.dir, `round-${round++}`)
    mkdirSync(dir, { recursive: true })
    // a fresh worker every ROUND mutants: what one mutant leaves behind (heap, caches) never piles up
    next = await runRound(tasks.slice(next, next + ROUND), dir, { ...o, badInputsDir }, report).then((done) => next + done)
    rmSync(dir, { recursive: true, force: true })
  }
  return report
}

/** Runs tasks in one worker until they end or one fails it; returns how many tasks were consumed. */
function runRound(tasks: FuzzTask[], dir: string, o: FuzzOptions & { badInputsDir?: string }, report: FuzzReport): Promise<number> {
  const launch = workerLaunch('fuzz-worker', import.meta.url)
  const worker = new Worker(launch.script, { eval: launch.eval, workerData: { tasks, dir, exceljs: o.exceljs === true, badInputsDir: o.badInputsDir }, resourceLimits: { maxOldGenerationSizeMb: o.maxRssMb } })
  let consumed = 0
  let current: { task: FuzzTask; what: string; started: number; rssMb: number; peakMb: number } | null = null
  return new Promise((resolve, reject) => {
    let settled = false
    const finish = (failure?: Omit<FuzzFailure, keyof FuzzTask | 'what'> | null) => {
      if (settled) return
      settled = true
      clearInterval(watchdog)
      if (failure && current) {
        report.failures.push({ ...current.task, what: current.what, ...failure })
        report.ran++
        report.outcomes[failure.outcome] = (report.outcomes[failure.outcome] ?? 0) + 1
        consumed++
      }
      void worker.terminate().then(() => (consumed === 0 ? reject(new Error(`the fuzz worker ran nothing: ${failure?.message ?? 'it stopped'}`)) : resolve(consumed)))
    }
    const watchdog = setInterval(() => {
      const rss = process.memoryUsage().rss / 1024 / 1024
      report.peakRssMb = Math.max(report.peakRssMb, rss)
      if (!current) return
      current.peakMb = Math.max(current.peakMb, rss)
      if (performance.now() - current.started > o.perMutantMs) finish({ outcome: 'hang', message: `still running after ${o.perMutantMs} ms` })
      else if (rss - current.rssMb > o.maxRssMb) finish({ outcome: 'memory', message: `the process grew from ${Math.round(current.rssMb)} MB to ${Math.round(rss)} MB` })
    }, 100)
    worker.on('message', (m: WorkerMessage) => {
      if (m.type === 'start') current = { task: tasks[consumed], what: m.what, started: performance.now(), rssMb: process.memoryUsage().rss / 1024 / 1024, peakMb: 0 }
      else if (m.type === 'done') {
        report.ran++
        report.outcomes[m.outcome] = (report.outcomes[m.outcome] ?? 0) + 1
        if (m.ms > report.slowestMs && current) report.slowest = `${current.task.seedName} index ${m.index} (${current.what.slice(0, 120)})`
        report.slowestMs = Math.max(report.slowestMs, m.ms)
        const grewMb = current ? Math.max(current.peakMb, process.memoryUsage().rss / 1024 / 1024) - current.rssMb : 0
        if (current && grewMb > (report.largest?.grewMb ?? 0)) report.largest = { what: current.what, seedName: current.task.seedName, index: m.index, grewMb }
        if (m.outcome === 'crash' && current) report.failures.push({ ...current.task, what: current.what, outcome: 'crash', message: m.message })
        o.onDone?.(m.index, m.outcome, m.ms)
        current = null
        consumed++
      } else finish()
    })
    worker.on('error', (err) => finish(current && { outcome: /OUT_OF_MEMORY/.test(String((err as NodeJS.ErrnoException).code)) ? 'memory' : 'worker died', message: String(err) }))
    worker.on('exit', () => finish(current ? { outcome: 'worker died', message: 'the worker exited' } : undefined))
    worker.on('error', (err) => {
      if (!current && consumed === 0) reject(err)
    })
  })
}
