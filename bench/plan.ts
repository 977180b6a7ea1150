/**
 * Plan benchmark: import + pre-flight + store of a 100,000-row job, from a CSV and from an xlsx
 * (hospital lookup: one code per row), and a face-match xlsx whose rows point at a few photos
 * (the pre-flight of a photo seen before must not decode it again). Each plan runs in its own
 * child process so its peak RSS is its own. The naive way, measured in the same run: exceljs's
 * in-memory reader and one INSERT per row, checks one row at a time.
 *
 *   npx tsx bench/plan.ts [rows=100000]     BENCH_MODES=csv,xlsx,face,naive-xlsx
 * Target: < 3 s and < 300 MB peak for the csv and the xlsx plan.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ExcelJS from 'exceljs'
import { openStore } from '../src-main/core/store'
import { createEngine } from '../src-main/core/engine'
import { defaultContext } from '../src-main/core/context'
import { defaultJobSettings } from '../src-main/core/model/job-settings'
import { ownPeakRss } from './own-peak-rss'
import { writeCodeInputs } from './plan-inputs'

const FACES = resolve(import.meta.dirname, '../../shared/fixtures/faces')

async function writeInputs(dir: string, rows: number, modes: string[]): Promise<void> {
  await writeCodeInputs(dir, rows)
  if (!modes.includes('face')) return
  const photos = readdirSync(FACES).filter((f) => /\.(jpe?g|png)$/i.test(f))
  const fb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: join(dir, 'faces.xlsx'), useSharedStrings: true, useStyles: true })
  const fs = fb.addWorksheet('Data')
  fs.addRow(['No', 'NIK', 'Nama', 'Foto KTP', 'Selfie']).commit()
  for (let i = 1; i <= rows; i++) {
    const a = photos[i % photos.length]
    const b = photos[(i * 7 + 3) % photos.length]
    fs.addRow([i, String(3201000000000000 + i), `Nasabah ${i}`, join(FACES, a), join(FACES, b)]).commit()
  }
  await fb.commit()
}

async function planWithRekap(dir: string, file: string, kind: 'hospital-lookup' | 'face-match'): Promise<number> {
  const store = openStore(join(dir, `rekap-${process.pid}.db`))
  const engine = createEngine({
    store,
    ctx: defaultContext(),
    picturesDir: dir,
    resolveTarget: async () => ({ baseUrl: 'http://127.0.0.1:9', source: 'bench', sandbox: true }),
  })
  const plan = await engine.plan({ file, kind, settings: defaultJobSettings({ sandbox: true, allowOutsidePaths: true }) })
  await engine.close()
  const n = store.rows.counts(plan.jobId).total
  store.close()
  return n
}

/** What people write first: the whole workbook in memory, each row checked and inserted on its own. */
async function planNaive(dir: string, file: string): Promise<number> {
  const store = openStore(join(dir, `naive-${process.pid}.db`))
  const job = store.jobs.create(
    { kind: 'hospital-lookup', inputFile: file, inputName: 'codes.xlsx', headers: ['No', 'Kode RS', 'Nama RS', 'Keterangan'], mapping: { code: 'Kode RS' }, settings: defaultJobSettings({ sandbox: true }) },
    Date.now(),
  )
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.readFile(file)
  let n = 0
  wb.worksheets[0].eachRow((row, i) => {
    if (i === 1) return
    const input = { No: row.getCell(1).value, 'Kode RS': row.getCell(2).value, 'Nama RS': row.getCell(3).value, Keterangan: row.getCell(4).value }
    const code = String(input['Kode RS'])
    n++
    store.rows.insertMany(job.id, [{ rowNo: n, sourceRow: i, input, payload: { code }, unitKey: code }], Date.now())
  })
  store.close()
  return n
}

async function measure(mode: string, dir: string): Promise<void> {
  let peak = process.memoryUsage().rss
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20)
  const t = performance.now()
  const cpu0 = process.cpuUsage()
  const rows =
    mode === 'csv'
      ? await planWithRekap(dir, join(dir, 'codes.csv'), 'hospital-lookup')
      : mode === 'xlsx'
        ? await planWithRekap(dir, join(dir, 'codes.xlsx'), 'hospital-lookup')
        : mode === 'face'
          ? await planWithRekap(dir, join(dir, 'faces.xlsx'), 'face-match')
          : await planNaive(dir, join(dir, 'codes.xlsx'))
  const ms = performance.now() - t
  const cpu = process.cpuUsage(cpu0)
  clearInterval(timer)
  process.stdout.write(JSON.stringify({ mode, rows, ms, cpuMs: (cpu.user + cpu.system) / 1000, peakRss: Math.max(peak, ownPeakRss() ?? 0) }) + '\n')
}

async function main(): Promise<void> {
  const [, , first, ...rest] = process.argv
  if (first === '--measure') return measure(rest[0], rest[1])
  const rows = Number(first ?? 100_000)
  const dir = mkdtempSync(join(tmpdir(), 'rekap-bench-plan-'))
  try {
    const modes = process.env.BENCH_MODES?.split(',') ?? ['csv', 'xlsx', 'face', 'naive-xlsx']
    await writeInputs(dir, rows, modes)
    console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${cpus().length} cores; ${rows.toLocaleString('en')} rows`)
    const self = fileURLToPath(import.meta.url)
    const results = new Map<string, { ms: number; cpuMs: number }>()
    for (const mode of modes) {
      const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : []
      const child = spawnSync(process.execPath, [...prof, '--import', 'tsx', self, '--measure', mode, dir], { encoding: 'utf8', maxBuffer: 1 << 20 })
      if (child.status !== 0) throw new Error(`${mode} plan failed: ${child.stderr}`)
      const r = JSON.parse(child.stdout.trim().split('\n').pop()!)
      results.set(mode, r)
      console.log(
        `${mode.padEnd(10)} plan ${r.rows.toLocaleString('en')} rows: ${(r.ms / 1000).toFixed(2)} s (CPU ${(r.cpuMs / 1000).toFixed(2)} s), peak RSS ${(r.peakRss / 1048576).toFixed(0)} MB` +
          (mode === 'csv' || mode === 'xlsx' ? '  (target < 3 s, < 300 MB)' : ''),
      )
    }
    const naive = results.get('naive-xlsx')
    const xlsx = results.get('xlsx')
    if (naive && xlsx) console.log(`naive-xlsx / rekap xlsx: ${(naive.ms / xlsx.ms).toFixed(1)}x the wall time, ${(naive.cpuMs / xlsx.cpuMs).toFixed(1)}x the CPU time`)
    console.log(`load average after: ${loadavg().map((l) => l.toFixed(1)).join(' ')}`)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

await main()
