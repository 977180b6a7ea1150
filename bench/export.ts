/**
 * Export benchmark: a 100,000-row face-match job in a temp SQLite file, exported with rekap's
 * report writer (its own streamed sheet XML and zip), and, in the same run, two naive ways for
 * comparison: exceljs's streaming WorkbookWriter and exceljs's in-memory Workbook + writeFile.
 * Each export runs in its own child process so its peak RSS is its own. Ratios are printed
 * against the naive runs of the same invocation (the machine is shared and noisy).
 *
 *   npx tsx bench/export.ts [rows=100000]      BENCH_MODES=rekap,exceljs-stream,exceljs-memory
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ExcelJS from 'exceljs'
import { openStore } from '../src-main/core/store'
import { defaultJobSettings } from '../src-main/core/model/job-settings'
import { writeJobReport } from '../src-main/core/export'
import { ownPeakRss } from './own-peak-rss'

const HEADERS = ['NIK', 'Nama', 'Foto KTP', 'Selfie', 'Tanggal Lahir', 'Catatan']

function buildJob(dbFile: string, rows: number): string {
  const store = openStore(dbFile)
  const t0 = Date.UTC(2026, 10, 23, 2, 0, 0)
  const job = store.jobs.create(
    {
      kind: 'face-match',
      inputFile: '/data/kyc/kyc-100k.xlsx',
      inputName: 'kyc-100k.xlsx',
      inputFingerprint: 'sha256:bench',
      headers: HEADERS,
      mapping: { image1: 'Foto KTP', image2: 'Selfie' },
      settings: defaultJobSettings({ baseUrl: 'https://api.example.co.id', reviewBand: [0.45, 0.55] }),
    },
    t0,
  )
  const input = (i: number) => ({
    NIK: String(3273010101000000 + i).padStart(16, '0'),
    Nama: `Nasabah ${i}`,
    'Foto KTP': `foto/ktp/${i}.jpg`,
    Selfie: `foto/selfie/${i}.jpg`,
    'Tanggal Lahir': new Date(Date.UTC(1970 + (i % 40), i % 12, 1 + (i % 28))),
    Catatan: i % 97 === 0 ? '=HYPERLINK("http://x","y")' : null,
  })
  store.db.transaction(() => {
    store.rows.insertMany(
      job.id,
      (function* () {
        for (let i = 1; i <= rows; i++) {
          yield i % 50 === 0
            ? { rowNo: i, sourceRow: i + 1, input: input(i), localFailure: { code: 'file-missing', message: 'photo not found', column: 'Foto KTP' } }
            : { rowNo: i, sourceRow: i + 1, input: input(i) }
        }
      })(),
      t0,
    )
    for (let i = 1; i <= rows; i++) {
      if (i % 50 === 0) continue
      store.rows.markInFlight(job.id, i, t0 + i)
      const confidence = (i * 7919) % 1000 / 1000
      store.rows.complete(job.id, i, { outcome: confidence > 0.5 ? 'match' : 'no-match', match: confidence > 0.5, confidence }, t0 + i + 300, {
        product: 'face-match',
        chargePoints: 400,
      })
    }
  })()
  store.close()
  return job.id
}

/** What people write first: the whole workbook in memory, then writeFile; or exceljs's streaming writer. */
async function naiveExport(dbFile: string, jobId: string, out: string, streaming: boolean): Promise<number> {
  const store = openStore(dbFile)
  const wb = streaming ? new ExcelJS.stream.xlsx.WorkbookWriter({ filename: out, useStyles: true, useSharedStrings: false }) : new ExcelJS.Workbook()
  const ws = wb.addWorksheet('Hasil')
  ws.addRow([...HEADERS, 'Hasil', 'Skor', 'Ambang', 'Keterangan', 'Ditagih', 'Biaya (Rp)', 'Waktu', 'ID Baris'])
  let n = 0
  for (const row of store.rows.iterate(jobId)) {
    const r = row.result
    ws.addRow([
      ...HEADERS.map((h) => row.input[h] as ExcelJS.CellValue),
      r?.outcome ?? '',
      r?.confidence ?? null,
      '0.45 - 0.55',
      row.errorMessage ?? '',
      row.charged ? 'Ya' : 'Tidak',
      row.costPoints,
      row.finishedAt ? new Date(row.finishedAt) : null,
      row.rowNo,
    ]).commit()
    n++
  }
  if (wb instanceof ExcelJS.stream.xlsx.WorkbookWriter) await wb.commit()
  else await wb.xlsx.writeFile(out)
  store.close()
  return n
}

async function measure(mode: string, dbFile: string, jobId: string, out: string): Promise<void> {
  let peak = process.memoryUsage().rss
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20)
  const t = performance.now()
  const cpu0 = process.cpuUsage()
  const store = openStore(dbFile)
  const rows =
    mode === 'rekap' ? (await writeJobReport(store, jobId, { out })).rows : await naiveExport(dbFile, jobId, out, mode === 'exceljs-stream')
  store.close()
  const ms = performance.now() - t
  const cpu = process.cpuUsage(cpu0)
  clearInterval(timer)
  peak = Math.max(peak, process.memoryUsage().rss)
  // its own peak (VmHWM): maxRSS would count the parent's high-water mark, as the parent was when it forked
  const maxRss = ownPeakRss() ?? 0
  process.stdout.write(JSON.stringify({ mode, rows, ms, cpuMs: (cpu.user + cpu.system) / 1000, peakRss: Math.max(peak, maxRss), bytes: statSync(out).size }) + '\n')
}

async function main(): Promise<void> {
  const [, , first, ...rest] = process.argv
  if (first === '--measure') {
    const [mode, dbFile, jobId, out] = rest
    await measure(mode, dbFile, jobId, out)
    return
  }
  const rows = Number(first ?? 100_000)
  const dir = mkdtempSync(join(tmpdir(), 'rekap-bench-export-'))
  try {
    const dbFile = join(dir, 'bench.sqlite')
    let t = performance.now()
    const jobId = buildJob(dbFile, rows)
    console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${cpus().length} cores`)
    console.log(`built a ${rows.toLocaleString('en')}-row face-match job in ${((performance.now() - t) / 1000).toFixed(1)} s (${(statSync(dbFile).size / 1e6).toFixed(0)} MB SQLite)`)
    const self = fileURLToPath(import.meta.url)
    const results = new Map<string, { ms: number; cpuMs: number }>()
    for (const mode of process.env.BENCH_MODES?.split(',') ?? ['rekap', 'exceljs-stream', 'exceljs-memory']) {
      t = performance.now()
      const child = spawnSync(process.execPath, [...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : []), '--import', 'tsx', self, '--measure', mode, dbFile, jobId, join(dir, `${mode}.xlsx`)], {
        encoding: 'utf8',
        maxBuffer: 1 << 20,
      })
      if (child.status !== 0) throw new Error(`${mode} export failed: ${child.stderr}`)
      const r = JSON.parse(child.stdout.trim().split('\n').pop()!)
      results.set(mode, r)
      console.log(
        `${mode.padEnd(14)} ${r.rows.toLocaleString('en')} rows: ${(r.ms / 1000).toFixed(2)} s export (CPU ${(r.cpuMs / 1000).toFixed(2)} s), peak RSS ${(r.peakRss / 1048576).toFixed(0)} MB, file ${(r.bytes / 1e6).toFixed(1)} MB` +
          (mode === 'rekap' ? `  (target < 2 s, < 300 MB)` : ''),
      )
    }
    const rekap = results.get('rekap')
    for (const [mode, r] of results) {
      if (mode === 'rekap' || !rekap) continue
      console.log(`${mode} / rekap: ${(r.ms / rekap.ms).toFixed(1)}x the wall time, ${(r.cpuMs / rekap.cpuMs).toFixed(1)}x the CPU time`)
    }
    console.log(`load average after: ${loadavg().map((l) => l.toFixed(1)).join(' ')}`)
  } finally {
    if (process.env.BENCH_KEEP) console.log(`kept ${dir}`)
    else rmSync(dir, { recursive: true, force: true })
  }
}

await main()
