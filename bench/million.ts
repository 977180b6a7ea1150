/**
 * 1,000,000-row job, end to end: import + plan, run, export, each phase in its own child process
 * (so each peak RSS is its own) against a sandbox process on loopback on the premium hospital plan
 * (100 rps). The rows are hospital lookups over DISTINCT codes, so the run sends DISTINCT calls and
 * answers every other row as a duplicate of an earlier one (what a real re-run of a big sheet
 * looks like). The naive comparison is the same plan with exceljs's in-memory reader, which does
 * not get through a 1,000,000-row sheet within 500 MB (printed when BENCH_NAIVE=1).
 *
 *   npx tsx bench/million.ts [rows=1000000] [distinct=2000]      target: every phase < 500 MB peak
 *
 * The lookup reports' export alone (issue 27: 1,000,000 rows < 400 MB): a finished lookup job whose
 * rows carry their records (bench/report-kinds-seed.ts: half the rows name distinct records, ~700
 * bytes each), exported in a child process with its own peak RSS (VmHWM), `runs` times each:
 *   npx tsx bench/million.ts --lookup-export [rows=1000000] [kinds=hospital-lookup,school-lookup] [runs=1]
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { openStore } from '../src-main/core/store'
import { createEngine } from '../src-main/core/engine'
import { defaultContext } from '../src-main/core/context'
import { defaultJobSettings } from '../src-main/core/model/job-settings'
import { ownPeakRss } from './own-peak-rss'
import { writeJobReport } from '../src-main/core/export'
import { startSandbox } from '../src-main/sandbox/index'
import { seedReportJob, type ReportKind } from './report-kinds-seed'

type Phase = 'plan' | 'run' | 'export'

async function phase(name: Phase, dir: string, url: string, key: string, jobId: string): Promise<void> {
  // the plan bounds the heap's growth itself while it runs (core/process/heap-growth.mjs), as for a user
  let peak = process.memoryUsage().rss
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50)
  const t = performance.now()
  const cpu0 = process.cpuUsage()
  const store = openStore(join(dir, 'rekap.db'))
  const engine = createEngine({
    store,
    ctx: defaultContext(),
    picturesDir: join(dir, 'pictures'),
    resolveTarget: async () => ({ baseUrl: url, apiKey: key, source: 'bench-sandbox', sandbox: false }),
  })
  const settings = defaultJobSettings({ baseUrl: url, hospitalPlan: 'premium', rps: { ...defaultJobSettings().rps, hospitals: 100 } })
  let out: Record<string, unknown> = {}
  if (name === 'plan') {
    const plan = await engine.plan({ file: join(dir, 'codes.csv'), kind: 'hospital-lookup', settings })
    out = { jobId: plan.jobId, rows: plan.rowsTotal, duplicates: plan.duplicates, callsNeeded: plan.callsNeeded }
  } else if (name === 'run') {
    await engine.start(jobId, {})
    const end = await engine.settled(jobId)
    const c = store.rows.counts(jobId)
    const j = store.jobs.get(jobId)!
    out = { state: end.state, why: j.blockedReason ?? j.stateDetail ?? null, rows: c.total, pending: c.pending, failed: c.failed }
  } else {
    const r = await writeJobReport(store, jobId, { out: join(dir, 'report.xlsx') })
    out = { rows: r.rows, sheets: r.sheets, bytes: statSync(join(dir, 'report.xlsx')).size }
  }
  await engine.close()
  store.close()
  clearInterval(timer)
  const cpu = process.cpuUsage(cpu0)
  const maxRss = ownPeakRss() ?? 0
  // maxRSS beside it, only to show what the benches printed before (it starts from the parent's mark)
  const maxRssFromFork = process.resourceUsage().maxRSS * 1024
  process.stdout.write(JSON.stringify({ ...out, ms: performance.now() - t, cpuMs: (cpu.user + cpu.system) / 1000, peakRss: Math.max(peak, maxRss), maxRssFromFork }) + '\n')
}

function runChild(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, ['--import', 'tsx', ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    p.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d))
    p.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d))
    p.on('close', (status) => resolve({ status, stdout, stderr }))
  })
}

const load = (): string => loadavg().map((l) => l.toFixed(1)).join(' ')

/** Seeds each lookup kind's finished job (in this process) and exports it in a child: its own peak. */
async function lookupExports(args: string[]): Promise<void> {
  const rows = Number(args[0] ?? 1_000_000)
  const kinds = (args[1]?.split(',') ?? ['hospital-lookup', 'school-lookup']) as ReportKind[]
  const runs = Number(args[2] ?? 1)
  const self = fileURLToPath(import.meta.url)
  for (const kind of kinds) {
    const dir = mkdtempSync(join(tmpdir(), 'rekap-bench-million-export-'))
    try {
      const t = performance.now()
      const store = openStore(join(dir, 'rekap.db'))
      const jobId = seedReportJob(store, kind, rows)
      store.close()
      console.log(`${kind}: seeded ${rows.toLocaleString('en')} rows in ${((performance.now() - t) / 1000).toFixed(0)} s; load average ${load()} on ${cpus().length} cores`)
      for (let run = 1; run <= runs; run++) {
        const child = await runChild([self, '--phase', 'export', dir, '', '', jobId])
        if (child.status !== 0) throw new Error(`export failed: ${child.stderr}`)
        const r = JSON.parse(child.stdout.trim().split('\n').pop()!)
        console.log(
          `${kind} export ${run}: ${(r.ms / 1000).toFixed(1)} s (CPU ${(r.cpuMs / 1000).toFixed(1)} s), own peak RSS ${(r.peakRss / 1048576).toFixed(0)} MB, ` +
            `${(r.bytes / 1e6).toFixed(0)} MB xlsx, load ${loadavg()[0].toFixed(1)}; < 400 MB: ${r.peakRss < 400 * 1048576 ? 'met' : 'not met'} ` +
            `(maxRSS, as benches read it before: ${(r.maxRssFromFork / 1048576).toFixed(0)} MB)`,
        )
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }
}

async function main(): Promise<void> {
  const [, , first, ...rest] = process.argv
  if (first === '--phase') return phase(rest[0] as Phase, rest[1], rest[2], rest[3], rest[4])
  if (first === '--lookup-export') return lookupExports(rest)
  const rows = Number(first ?? 1_000_000)
  const distinct = Number(rest[0] ?? 2000)
  const dir = mkdtempSync(join(tmpdir(), 'rekap-bench-million-'))
  const key = 'bench-key'
  const sandbox = await startSandbox({ port: 0, host: '127.0.0.1', keys: [key], hospitalPlan: 'premium' })
  try {
    const lines = ['No,Kode RS,Nama,Keterangan']
    for (let i = 1; i <= rows; i++) lines.push(`${i},RS${String(i % distinct).padStart(6, '0')},Rumah Sakit ${i % distinct},baris ${i}`)
    writeFileSync(join(dir, 'codes.csv'), lines.join('\n'))
    lines.length = 0
    console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${cpus().length} cores; ${rows.toLocaleString('en')} rows over ${distinct.toLocaleString('en')} codes`)
    const self = fileURLToPath(import.meta.url)
    let jobId = ''
    for (const name of ['plan', 'run', 'export'] as Phase[]) {
      // not spawnSync: the sandbox answering the run lives in this process's event loop
      const child = await runChild([self, '--phase', name, dir, sandbox.url, key, jobId])
      if (child.status !== 0) throw new Error(`${name} failed: ${child.stderr}`)
      const r = JSON.parse(child.stdout.trim().split('\n').pop()!)
      if (name === 'plan') jobId = r.jobId
      const { ms, cpuMs, peakRss, maxRssFromFork: _, ...facts } = r
      console.log(
        `${name.padEnd(6)} ${(ms / 1000).toFixed(1).padStart(6)} s (CPU ${(cpuMs / 1000).toFixed(1)} s), peak RSS ${(peakRss / 1048576).toFixed(0)} MB${peakRss < 500 * 1048576 ? '' : ' (over 500 MB)'}  ${JSON.stringify(facts)}`,
      )
    }
    console.log(`load average after: ${loadavg().map((l) => l.toFixed(1)).join(' ')}`)
  } finally {
    await sandbox.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

await main()
