/**
 * Every report kind at 100,000 rows (issue 27): face, hospital lookup, hospital directory, school
 * lookup, school directory, regions, school search. Each kind's job is seeded into its own SQLite
 * file (bench/report-kinds-seed.ts), exported by rekap in a child process (its own peak RSS), and
 * then exceljs's streaming WorkbookWriter writes the same number of cells in another child of the
 * same run. Printed per kind: cells (rows x columns of every sheet, the issue's count) and cells
 * written (non-empty), million cells/s, peak RSS, and rekap's time per written cell / exceljs's.
 *
 *   npx tsx bench/report-kinds.ts [rows=100000] [kind,kind...]
 *   BENCH_EXCELJS=0 skips exceljs; BENCH_CPU_PROF=<dir> writes a CPU profile of each rekap export;
 *   BENCH_REPEAT=3 alternates rekap and exceljs three times per kind and prints the medians;
 *   BENCH_DISTINCT=3155 lets lookups name at most that many records (the hospital registry's size);
 *   rekap's export runs bundled as the CLI is (bench/built-report.ts), in plain node (bench/report-child.mjs);
 *   BENCH_FROM_SOURCES=1 runs the sources under tsx
 *   targets: >= 1.5 million cells/s, <= 0.25x exceljs streaming per cell, < 300 MB
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import ExcelJS from 'exceljs'
import { openStore } from '../src-main/core/store'
import { bundleReportWriter } from './built-report'
import { ZipDirectory } from '../src-main/core/importers/zip-directory'
import { REPORT_KINDS, seedReportJob, type ReportKind } from './report-kinds-seed'
import { ownPeakRss } from './own-peak-rss'
import { readReportCells, writeWithExceljs } from './same-cells-reference'

interface Measured {
  ms: number
  cpuMs: number
  /** the main thread's own CPU (Linux: /proc/self/task/<pid>/stat), without libuv's thread pool */
  mainCpuMs?: number
  peakRss: number
  bytes: number
  cells?: number
  written?: number
  widest?: number
}

function peakTracker(): () => number {
  let peak = process.memoryUsage.rss()
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20)
  return () => {
    clearInterval(timer)
    // the process's own high-water mark (VmHWM), never maxRSS: a child's maxRSS counts its parent's, which seeded the store
    return Math.max(peak, process.memoryUsage.rss(), ownPeakRss() ?? 0)
  }
}

/** Rows x columns of every sheet, and the cells actually written, read back from the file. */
async function countCells(file: string): Promise<{ cells: number; written: number; widest: number }> {
  const zip = await ZipDirectory.open(file)
  let cells = 0
  let written = 0
  let widest = 0
  for (const name of zip.entries.keys()) {
    if (!/^xl\/worksheets\/sheet\d+\.xml$/.test(name)) continue
    let rows = 0
    let cols = 0
    let tail = ''
    for await (const chunk of await zip.stream(name)) {
      const text = tail + (chunk as Buffer).toString('latin1')
      rows += count(text, '<row ')
      written += count(text, '<c r=')
      cols += count(text, '<col ')
      // shorter than every needle: a needle cut by the chunk's end is counted once, in the next text
      tail = text.slice(-4)
    }
    cells += rows * cols
    widest = Math.max(widest, cols)
  }
  return { cells, written, widest }
}

function count(text: string, needle: string): number {
  let n = 0
  for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + 1)) n++
  return n
}

/** exceljs's streaming writer, `cells` non-empty cells in rows of `width`: text, numbers and dates mixed as in a report. */
async function measureExceljs(cells: number, width: number, out: string): Promise<Measured> {
  const peak = peakTracker()
  const t = performance.now()
  const cpu0 = process.cpuUsage()
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: out, useStyles: true, useSharedStrings: false })
  const ws = wb.addWorksheet('Hasil')
  ws.columns = Array.from({ length: width }, (_, i) => ({ header: `Kolom ${i + 1}`, key: `c${i}`, width: 14, style: i % 3 === 1 ? { numFmt: '#,##0' } : {} }))
  const date = new Date(Date.UTC(2026, 10, 23, 2))
  for (let left = cells, r = 0; left > 0; left -= width, r++) {
    const n = Math.min(width, left)
    const row: ExcelJS.CellValue[] = new Array(n)
    for (let i = 0; i < n; i++) row[i] = i % 3 === 1 ? r * 31 + i : i % 7 === 6 ? date : `teks ${r} ${i}`
    ws.addRow(row).commit()
  }
  ws.commit()
  await wb.commit()
  const ms = performance.now() - t
  const cpu = process.cpuUsage(cpu0)
  return { ms, cpuMs: (cpu.user + cpu.system) / 1000, peakRss: peak(), bytes: statSync(out).size, written: cells }
}

/** exceljs's streaming writer writing the very cells of rekap's file (read back first, not timed): bench/same-cells-reference.ts */
async function measureExceljsSameCells(rekapFile: string, out: string): Promise<Measured> {
  const report = await readReportCells(rekapFile)
  const peak = peakTracker()
  const t = performance.now()
  const cpu0 = process.cpuUsage()
  await writeWithExceljs(report, out)
  const ms = performance.now() - t
  const cpu = process.cpuUsage(cpu0)
  return { ms, cpuMs: (cpu.user + cpu.system) / 1000, peakRss: peak(), bytes: statSync(out).size, written: report.cells }
}

function child(args: string[]): Measured {
  const prof = process.env.BENCH_CPU_PROF && args[0] === 'rekap' ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF, '--cpu-prof-name', `${basename(args[3], '.xlsx')}.cpuprofile`] : []
  // rekap's export in bench/report-child.mjs: the built writer in plain node, as users run it, or the sources under tsx
  const built = process.env.BENCH_REPORT_MODULE
  const writer = built ?? pathToFileURL(fileURLToPath(new URL('./report-entry.ts', import.meta.url))).href
  const rekap = [...(built ? [] : ['--import', 'tsx']), fileURLToPath(new URL('./report-child.mjs', import.meta.url)), writer, ...args.slice(1)]
  const script = args[0] === 'rekap' ? rekap : ['--import', 'tsx', fileURLToPath(import.meta.url), '--measure', ...args]
  const c = spawnSync(process.execPath, [...prof, ...script], { encoding: 'utf8', maxBuffer: 1 << 20 })
  if (c.status !== 0) throw new Error(`${args.join(' ')} failed: ${c.stderr}`)
  return JSON.parse(c.stdout.trim().split('\n').pop()!)
}

/** rekap's export in its child, then its file's cells counted here (the child loads only the writer). */
async function rekapChild(dbFile: string, jobId: string, out: string): Promise<Measured> {
  const r = child(['rekap', dbFile, jobId, out])
  return { ...r, ...(await countCells(out)) }
}

/** Medians of the wall time, the CPU and the peak memory, each on its own. */
function median(runs: Measured[]): Measured {
  const mid = <T,>(xs: T[], key: (x: T) => number): number => xs.map(key).sort((a, b) => a - b)[Math.floor(xs.length / 2)]
  return { ...runs[0], ms: mid(runs, (x) => x.ms), cpuMs: mid(runs, (x) => x.cpuMs), mainCpuMs: runs[0].mainCpuMs === undefined ? undefined : mid(runs, (x) => x.mainCpuMs ?? 0), peakRss: mid(runs, (x) => x.peakRss) }
}

const mb = (b: number): string => `${(b / 1048576).toFixed(0)} MB`
/** CPU seconds per million cells (rows x columns): the whole process, and its main thread alone */
const cpuPerM = (r: Measured): string =>
  `CPU ${((r.cpuMs * 1000) / r.cells!).toFixed(2)} s/M cells` + (r.mainCpuMs === undefined ? '' : ` (main thread ${((r.mainCpuMs * 1000) / r.cells!).toFixed(2)})`)
const mcs = (cells: number, ms: number): string => `${(cells / ms / 1000).toFixed(2)} M cells/s`
/**
 * The issue's three targets, each said met or not, for reading a run at a glance; the exceljs
 * ratio (wall time per written cell) against each reference that ran: the synthetic cells and the
 * report's own.
 */
function targets(r: Measured, ratio?: number, sameRatio?: number): string {
  const said = (ok: boolean, what: string): string => `${what} ${ok ? 'met' : 'NOT met'}`
  const parts = [said(r.cells! / r.ms / 1000 >= 1.5, '>= 1.5 M cells/s')]
  if (ratio !== undefined) parts.push(said(ratio <= 0.25, '<= 0.25x exceljs (synthetic)'))
  if (sameRatio !== undefined) parts.push(said(sameRatio <= 0.25, '<= 0.25x exceljs (own cells)'))
  parts.push(said(r.peakRss < 300 * 1048576, '< 300 MB'))
  return 'targets: ' + parts.join(', ')
}

async function main(): Promise<void> {
  const [, , first, ...rest] = process.argv
  if (first === '--measure') {
    const r = rest[0] === 'exceljs-same' ? await measureExceljsSameCells(rest[1], rest[2]) : await measureExceljs(Number(rest[1]), Number(rest[2]), rest[3])
    process.stdout.write(JSON.stringify(r) + '\n')
    return
  }
  const rows = Number(first ?? 100_000)
  const kinds = (rest[0]?.split(',') ?? REPORT_KINDS) as ReportKind[]
  const dir = mkdtempSync(join(tmpdir(), 'rekap-bench-kinds-'))
  // rekap's side runs built, as users run it (a worker thread from the sources loads through tsx each time)
  const bundle = process.env.BENCH_FROM_SOURCES === '1' ? null : await bundleReportWriter()
  if (bundle) process.env.BENCH_REPORT_MODULE = bundle.url
  console.log(`${bundle ? 'rekap built (bench/built-report.ts)' : 'rekap from the TypeScript sources'}; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${cpus().length} cores; ${rows.toLocaleString('en')} rows (records for directory kinds)`)
  const summary: string[] = []
  try {
    for (const kind of kinds) {
      const dbFile = join(dir, `${kind}.sqlite`)
      const t = performance.now()
      const store = openStore(dbFile)
      const jobId = seedReportJob(store, kind, rows, { distinctRecords: process.env.BENCH_DISTINCT ? Number(process.env.BENCH_DISTINCT) : undefined })
      store.close()
      const seeded = ((performance.now() - t) / 1000).toFixed(1)
      // BENCH_REPEAT=n: rekap and exceljs alternate n times, medians kept (the machine is shared and noisy)
      const repeat = Number(process.env.BENCH_REPEAT ?? 1)
      const runs: Array<{ r: Measured; e?: Measured; s?: Measured }> = []
      for (let k = 0; k < repeat; k++) {
        const r = await rekapChild(dbFile, jobId, join(dir, `${kind}.xlsx`))
        const e = process.env.BENCH_EXCELJS !== '0' ? child(['exceljs', String(r.written), String(r.widest), join(dir, `${kind}-exceljs.xlsx`)]) : undefined
        // BENCH_SAME=0 skips the reference made on the report's own cells
        const s = process.env.BENCH_EXCELJS !== '0' && process.env.BENCH_SAME !== '0' ? child(['exceljs-same', join(dir, `${kind}.xlsx`), join(dir, `${kind}-exceljs-same.xlsx`)]) : undefined
        runs.push({ r, e, s })
      }
      const r = median(runs.map((x) => x.r))
      const e = runs[0].e ? median(runs.map((x) => x.e!)) : undefined
      rmSync(dbFile, { force: true })
      let line =
        `${kind.padEnd(19)} ${(r.ms / 1000).toFixed(2)} s (CPU ${(r.cpuMs / 1000).toFixed(2)} s${r.mainCpuMs === undefined ? '' : `, main thread ${(r.mainCpuMs / 1000).toFixed(2)} s`}), ${r.cells!.toLocaleString('en')} cells = ${mcs(r.cells!, r.ms)}` +
        ` (${r.written!.toLocaleString('en')} written = ${mcs(r.written!, r.ms)}), peak RSS ${mb(r.peakRss)}, ${(r.bytes / 1e6).toFixed(1)} MB; seeded in ${seeded} s`
      if (e) {
        // each rekap run against the exceljs run right after it (the same load), then the median
        const mid = (xs: number[]): number => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]
        const ratio = mid(runs.map(({ r, e }) => r.ms / r.written! / (e!.ms / e!.written!)))
        const cpuRatio = mid(runs.map(({ r, e }) => r.cpuMs / r.written! / (e!.cpuMs / e!.written!)))
        line += `\n${''.padEnd(19)} exceljs streaming, same ${e.written!.toLocaleString('en')} cells: ${(e.ms / 1000).toFixed(2)} s (CPU ${(e.cpuMs / 1000).toFixed(2)} s) = ${mcs(e.written!, e.ms)}, ${mb(e.peakRss)}; rekap/exceljs per cell ${ratio.toFixed(2)}x wall, ${cpuRatio.toFixed(2)}x CPU`
        let same = ''
        let sameRatio: number | undefined
        if (runs[0].s) {
          const s = median(runs.map((x) => x.s!))
          const sRatio = mid(runs.map(({ r, s }) => r.ms / r.written! / (s!.ms / s!.written!)))
          sameRatio = sRatio
          const sCpu = mid(runs.map(({ r, s }) => r.cpuMs / r.written! / (s!.cpuMs / s!.written!)))
          line += `\n${''.padEnd(19)} exceljs streaming, the report's own ${s.written!.toLocaleString('en')} cells: ${(s.ms / 1000).toFixed(2)} s (CPU ${(s.cpuMs / 1000).toFixed(2)} s) = ${mcs(s.written!, s.ms)}; rekap/exceljs per cell ${sRatio.toFixed(2)}x wall, ${sCpu.toFixed(2)}x CPU`
          same = `; ${sRatio.toFixed(2)}x exceljs on the same cells (${sCpu.toFixed(2)}x CPU)`
        }
        summary.push(`${kind}: ${mcs(r.cells!, r.ms)}, ${ratio.toFixed(2)}x exceljs per cell (${cpuRatio.toFixed(2)}x CPU)${same}, ${cpuPerM(r)}, ${mb(r.peakRss)}; ${targets(r, ratio, sameRatio)}`)
      } else summary.push(`${kind}: ${mcs(r.cells!, r.ms)}, ${cpuPerM(r)}, ${mb(r.peakRss)}; ${targets(r)}`)
      rmSync(join(dir, `${kind}.xlsx`), { force: true })
      rmSync(join(dir, `${kind}-exceljs.xlsx`), { force: true })
      rmSync(join(dir, `${kind}-exceljs-same.xlsx`), { force: true })
      console.log(line)
    }
    console.log(`load average after ${loadavg().map((l) => l.toFixed(1)).join(' ')}\n` + summary.join('\n'))
  } finally {
    rmSync(dir, { recursive: true, force: true })
    bundle?.remove()
  }
}

await main()
