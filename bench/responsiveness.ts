/**
 * Responsiveness of the process that serves the UI (browser mode's composition: openApp with
 * the embedded sandbox): p99 event-loop delay (perf_hooks.monitorEventLoopDelay) while it plans
 * a 100,000-row xlsx job, exports it, and runs a hospital lookup at 100 rps (premium plan) for
 * RUN_SECONDS. Measured twice in the same run, each in its own child process: with the heavy
 * work in worker threads (rekap) and inline on the serving thread (the naive way).
 *
 *   npx tsx bench/responsiveness.ts [rows=100000]      target: p99 < 50 ms in each phase
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import ExcelJS from 'exceljs'
import type { CommandName, CommandOutput } from '../src-main/contract/ipc'
import { appPaths } from '../src-main/app/app-paths'
import { dispatch } from '../src-main/app/dispatch'
import { envKeyVault } from '../src-main/app/key-vault'
import { openApp } from '../src-main/app/open-app'

const RUN_SECONDS = Number(process.env.RUN_SECONDS ?? 15)

async function writeInput(file: string, rows: number): Promise<void> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true, useStyles: true })
  const ws = wb.addWorksheet('Data')
  ws.addRow(['No', 'Kode RS', 'Nama RS', 'Keterangan']).commit()
  for (let i = 1; i <= rows; i++) ws.addRow([i, `RS${String(i).padStart(7, '0')}`, `Rumah Sakit ${i}`, `baris ${i}`]).commit()
  await wb.commit()
}

/** Runs in a child: one app, three phases, the event-loop delay of each. */
async function measure(mode: 'threads' | 'inline', dir: string): Promise<void> {
  const app = openApp({
    mode: 'browser',
    paths: appPaths(join(dir, `data-${mode}`)),
    vault: () => envKeyVault({}),
    platformLanguage: 'id-ID',
    heavyWorkThreads: mode === 'threads',
    // the embedded sandbox's account on the premium hospital plan (100 rps), like the settings
    sandbox: { hospitalPlan: 'premium' },
  })
  const call = <N extends CommandName>(name: N, input: unknown) => dispatch(app.handlers, name, input) as Promise<CommandOutput<N>>
  const phases: Record<string, { p50: number; p99: number; max: number; seconds: number }> = {}
  const phase = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const h = monitorEventLoopDelay({ resolution: 10 })
    h.enable()
    const t = performance.now()
    const r = await work()
    h.disable()
    phases[name] = { p50: h.percentile(50) / 1e6, p99: h.percentile(99) / 1e6, max: h.max / 1e6, seconds: (performance.now() - t) / 1000 }
    return r
  }
  await call('settings.save', { baseUrl: '', hospitalPlan: 'premium', rps: { hospitals: 100 } })
  const plan = await phase('import', () => call('jobs.plan', { path: join(dir, 'input.xlsx'), kind: 'hospital-lookup', mapping: { code: 'Kode RS' } }))
  await phase('export', () => call('jobs.export', { jobId: plan.jobId, lang: 'id', format: 'xlsx' }))
  let done = 0
  await phase('run', async () => {
    await call('jobs.start', { jobId: plan.jobId })
    await new Promise((r) => setTimeout(r, RUN_SECONDS * 1000))
    const v = await call('jobs.pause', { jobId: plan.jobId })
    done = v.counts.total - v.counts.pending
  })
  await app.close()
  process.stdout.write(JSON.stringify({ mode, rows: plan.rowsTotal, phases, runRps: done / RUN_SECONDS }) + '\n')
}

async function main(): Promise<void> {
  const [, , first, ...rest] = process.argv
  if (first === '--measure') return measure(rest[0] as 'threads' | 'inline', rest[1])
  const rows = Number(first ?? 100_000)
  const dir = mkdtempSync(join(tmpdir(), 'rekap-bench-eld-'))
  try {
    await writeInput(join(dir, 'input.xlsx'), rows)
    console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${cpus().length} cores; ${rows.toLocaleString('en')} rows, run ${RUN_SECONDS} s at 100 rps`)
    const self = fileURLToPath(import.meta.url)
    const results: Record<string, Record<string, { p99: number }>> = {}
    for (const mode of process.env.BENCH_MODES?.split(',') ?? ['threads', 'inline']) {
      const child = spawnSync(process.execPath, ['--import', 'tsx', self, '--measure', mode, dir], { encoding: 'utf8', maxBuffer: 1 << 22 })
      if (child.status !== 0) throw new Error(`${mode} failed: ${child.stderr}`)
      const r = JSON.parse(child.stdout.trim().split('\n').pop()!)
      results[mode] = r.phases
      for (const [name, p] of Object.entries(r.phases as Record<string, { p50: number; p99: number; max: number; seconds: number }>)) {
        console.log(
          `${mode.padEnd(8)} ${name.padEnd(7)} ${p.seconds.toFixed(1).padStart(5)} s: event-loop delay p50 ${p.p50.toFixed(1)} ms, p99 ${p.p99.toFixed(1)} ms, max ${p.max.toFixed(1)} ms` +
            (p.p99 < 50 ? '' : '  (over the 50 ms target)'),
        )
      }
      console.log(`${mode.padEnd(8)} run: ${r.runRps.toFixed(1)} rows/s answered`)
    }
    if (results.threads && results.inline) {
      for (const name of Object.keys(results.threads)) {
        console.log(`${name}: inline p99 / threads p99 = ${(results.inline[name].p99 / results.threads[name].p99).toFixed(1)}x`)
      }
    }
    console.log(`load average after: ${loadavg().map((l) => l.toFixed(1)).join(' ')}`)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

await main()
