/**
 * Where a big plan's memory goes: memory samples (RSS, V8 heap used, heap total, external) every
 * 250 ms of one plan, or of the import alone (`read`: the rows read and dropped, nothing stored).
 *
 *   npx tsx bench/plan-memory.ts <file> [plan|read]     prints one line per second and the peaks
 *
 * And the plan through the CLI, real `rekap run --dry-run` processes with their own peak RSS
 * (bench/plan-cli.ts; issue 27's target: 1,000,000 rows < 350 MB, < 20 s):
 *   npx tsx bench/plan-memory.ts --cli [rows=1000000] [runs=2] [bin/rekap.mjs ...]
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openTable } from '../src-main/core/importers'
import { openStore } from '../src-main/core/store'
import { createEngine } from '../src-main/core/engine'
import { defaultContext } from '../src-main/core/context'
import { defaultJobSettings } from '../src-main/core/model/job-settings'
import { ownPeakRss } from './own-peak-rss'
import { planThroughCli } from './plan-cli'

const mb = (n: number): string => (n / 1048576).toFixed(0).padStart(4)

async function read(file: string): Promise<number> {
  const table = await openTable(file, { pictures: false })
  let n = 0
  for await (const row of table.rows()) n += row.values ? 1 : 0
  await table.close()
  return n
}

async function plan(file: string, dir: string): Promise<number> {
  const store = openStore(join(dir, 'rekap.db'))
  const engine = createEngine({
    store,
    ctx: defaultContext(),
    picturesDir: dir,
    resolveTarget: async () => ({ baseUrl: 'http://127.0.0.1:9', source: 'bench', sandbox: true }),
  })
  const p = await engine.plan({ file, kind: 'hospital-lookup', settings: defaultJobSettings({ sandbox: true }) })
  await engine.close()
  store.close()
  return p.rowsTotal
}

async function main(): Promise<void> {
  if (process.argv[2] === '--cli') return planThroughCli(process.argv.slice(3))
  const [, , file, mode = 'plan'] = process.argv
  const dir = mkdtempSync(join(tmpdir(), 'rekap-plan-memory-'))
  const t0 = performance.now()
  const peak = { rss: 0, heapUsed: 0, heapTotal: 0, external: 0 }
  let last = 0
  const timer = setInterval(() => {
    const m = process.memoryUsage()
    for (const k of Object.keys(peak) as Array<keyof typeof peak>) peak[k] = Math.max(peak[k], m[k])
    const s = (performance.now() - t0) / 1000
    if (s - last >= 1) {
      last = s
      console.log(`${s.toFixed(1).padStart(6)} s  rss ${mb(m.rss)}  heapUsed ${mb(m.heapUsed)}  heapTotal ${mb(m.heapTotal)}  external ${mb(m.external)} MB`)
    }
  }, 250)
  try {
    const cpu0 = process.cpuUsage()
    const rows = mode === 'read' ? await read(file) : await plan(file, dir)
    const cpu = process.cpuUsage(cpu0)
    clearInterval(timer)
    const maxRss = ownPeakRss() ?? 0
    console.log(
      `${mode} ${rows} rows: ${((performance.now() - t0) / 1000).toFixed(2)} s, CPU ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s; ` +
        `peaks: rss ${mb(Math.max(maxRss, peak.rss))}, heapUsed ${mb(peak.heapUsed)}, heapTotal ${mb(peak.heapTotal)}, external ${mb(peak.external)} MB`,
    )
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

await main()
