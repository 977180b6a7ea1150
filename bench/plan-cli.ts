/**
 * The 1,000,000-row plan through the CLI, as a user runs it (issue 27: < 350 MB, < 20 s): real
 * `rekap run <file> --dry-run` processes (bin/rekap.mjs: the built CLI when it is fresh, else the
 * sources through tsx; the line says which), on bench/plan-inputs.ts's hospital codes as xlsx and
 * csv, the kind guessed from the header. Each process's own peak RSS (VmHWM) and CPU come from
 * bench/own-peak-probe.mjs at its exit; the wall time is the bench's, spawn to exit.
 *
 *   npx tsx bench/plan-memory.ts --cli [rows=1000000] [runs=2] [bin/rekap.mjs ...]
 *
 * Several `rekap.mjs` (another checkout's, e.g. main before a change) are run alternately on the
 * same inputs: A/B in one run. BENCH_INPUTS=<dir> writes the inputs there once and keeps them.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { freshBuiltCli } from '../bin/built-cli.mjs'
import { writeCodeInputs } from './plan-inputs'

const HERE = dirname(fileURLToPath(import.meta.url))
const PROBE = join(HERE, 'own-peak-probe.mjs')
const TARGET = { mb: 350, seconds: 20 }
const OWN_PEAK = /^REKAP_OWN_PEAK (\d+) (\S+)$/m

interface CliPlan {
  ms: number
  cpuMs: number
  peakRss: number
  /** the plan's first lines (job id, guessed kind, rows) */
  said: string
}

const load = (): string => loadavg().map((l) => l.toFixed(1)).join(' ')

function planOnce(bin: string, file: string, db: string): Promise<CliPlan> {
  const env = { ...process.env, REKAP_API_KEY: '', REKAP_LANG: 'en' }
  return new Promise((done, fail) => {
    const t0 = performance.now()
    const child = spawn(process.execPath, ['--import', PROBE, bin, 'run', file, '--dry-run', '--db', db], { env, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d))
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d))
    child.on('error', fail)
    child.on('close', (code) => {
      const ms = performance.now() - t0
      const peak = OWN_PEAK.exec(err)
      if (code !== 0 || !peak) return fail(new Error(`rekap run ${file} exited ${code}: ${out}\n${err}`))
      const kind = /guessed[^:]*: ([\w-]+)/.exec(out)?.[1] ?? '?'
      const said = `${kind}; ${out.split('\n').find((l) => /^pre-flight/.test(l)) ?? ''}`
      done({ ms, cpuMs: Number(peak[2]), peakRss: Number(peak[1]), said })
    })
  })
}

function fromWhat(bin: string): string {
  const root = pathToFileURL(resolve(dirname(bin), '..') + '/')
  // through tsx a process carries the TypeScript loader: ~50 MB and seconds of CPU more than a user's
  return freshBuiltCli(root) ? 'built' : 'sources through tsx: not what a user runs, `npm run build:cli` there first'
}

const mb = (bytes: number): string => `${(bytes / 1048576).toFixed(0)} MB`
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b)
  return (s[Math.floor((s.length - 1) / 2)] + s[Math.ceil((s.length - 1) / 2)]) / 2
}

export async function planThroughCli(args: string[]): Promise<void> {
  const rows = Number(args[0] ?? 1_000_000)
  const runs = Number(args[1] ?? 2)
  const bins = (args.length > 2 ? args.slice(2) : [join(HERE, '../bin/rekap.mjs')]).map((b) => resolve(b))
  const inputs = process.env.BENCH_INPUTS ? resolve(process.env.BENCH_INPUTS) : mkdtempSync(join(tmpdir(), 'rekap-bench-plan-cli-'))
  const work = mkdtempSync(join(tmpdir(), 'rekap-bench-plan-cli-db-'))
  try {
    mkdirSync(inputs, { recursive: true })
    if (!existsSync(join(inputs, 'codes.xlsx')) || !existsSync(join(inputs, 'codes.csv'))) {
      const t = performance.now()
      await writeCodeInputs(inputs, rows)
      console.log(`wrote ${rows.toLocaleString('en')} rows as codes.xlsx and codes.csv in ${((performance.now() - t) / 1000).toFixed(0)} s`)
    } else console.log(`inputs from ${inputs} (as written before: delete them for another row count)`)
    console.log(`load average ${load()} on ${cpus().length} cores`)
    bins.forEach((b, i) => console.log(`[${i + 1}] ${b} (${fromWhat(b)})`))
    const results = new Map<string, CliPlan[]>()
    let n = 0
    for (let run = 1; run <= runs; run++) {
      for (const input of ['codes.xlsx', 'codes.csv']) {
        for (const [i, bin] of bins.entries()) {
          const r = await planOnce(bin, join(inputs, input), join(work, `plan-${++n}.db`))
          rmSync(join(work, `plan-${n}.db`), { force: true })
          const key = `${input} [${i + 1}]`
          results.set(key, [...(results.get(key) ?? []), r])
          console.log(
            `run ${run} ${key.padEnd(14)} ${(r.ms / 1000).toFixed(1).padStart(5)} s (CPU ${(r.cpuMs / 1000).toFixed(1)} s), own peak RSS ${mb(r.peakRss)}, load ${loadavg()[0].toFixed(1)}  ${r.said}`,
          )
        }
      }
    }
    console.log(`load average after: ${load()}`)
    for (const [key, rs] of results) {
      const peak = Math.max(...rs.map((r) => r.peakRss))
      const wall = median(rs.map((r) => r.ms)) / 1000
      const cpu = median(rs.map((r) => r.cpuMs)) / 1000
      const met = (ok: boolean): string => (ok ? 'met' : 'not met')
      console.log(
        `${key.padEnd(14)} highest peak ${mb(peak)}, median ${wall.toFixed(1)} s (CPU ${cpu.toFixed(1)} s): ` +
          `< ${TARGET.mb} MB, < ${TARGET.seconds} s: ${met(peak < TARGET.mb * 1048576)}, ${met(wall < TARGET.seconds)}` +
          (wall >= TARGET.seconds && cpu < TARGET.seconds ? ' (the CPU time is under: the wall time is the load)' : ''),
      )
    }
  } finally {
    rmSync(work, { recursive: true, force: true })
    if (!process.env.BENCH_INPUTS) rmSync(inputs, { recursive: true, force: true })
  }
}
