/**
 * Import benchmark: `npx tsx bench/import.ts [rows]` (default 100,000).
 * Writes a face-match + hospital sheet with exceljs's streaming writer, then imports it twice, each in
 * its own child process so peak memory is measured separately: rekap's streaming importer (openTable)
 * and the naive approach (exceljs's in-memory `workbook.xlsx.readFile`). Target: < 3 s, < 300 MB.
 */
import { execFileSync } from 'node:child_process'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import ExcelJS from 'exceljs'

import { openTable } from '../src-main/core/importers'
import { ownPeakRss } from './own-peak-rss'

const HERE = fileURLToPath(import.meta.url)

/** rekap: openTable (own streaming sheet reader); exceljs-stream: openTable on exceljs's WorkbookReader; naive: exceljs in memory */
type Mode = 'rekap' | 'exceljs-stream' | 'naive'

async function writeSheet(file: string, rows: number): Promise<void> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true, useStyles: true })
  const ws = wb.addWorksheet('Data')
  ws.addRow(['No', 'NIK', 'Nama', 'Foto KTP', 'Selfie', 'Kode RS', 'Kode Kabupaten', 'Tanggal']).commit()
  const day = new Date(Date.UTC(2024, 0, 1))
  for (let i = 1; i <= rows; i++) {
    const nik = String(3201000000000000 + i)
    ws.addRow([i, nik, `Nasabah ${i}`, `foto/ktp_${i}.jpg`, `foto/selfie_${i}.jpg`, String(3171000 + (i % 997)), String(3171 + (i % 6)), day]).commit()
  }
  await wb.commit()
}

/** Runs in a child: imports the file one way and prints one JSON line with time and peak RSS. */
async function measure(mode: Mode, file: string): Promise<void> {
  const started = performance.now()
  const cpuStart = process.cpuUsage()
  let rows = 0
  let checksum = 0
  if (mode !== 'naive') {
    const table = await openTable(file, { pictures: false, engine: mode === 'rekap' ? 'fast' : 'exceljs' })
    for await (const row of table.rows()) {
      rows++
      checksum += String(row.values.NIK).length
    }
  } else {
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.readFile(file)
    const ws = wb.worksheets[0]
    ws.eachRow((row, n) => {
      if (n === 1) return
      rows++
      checksum += String(row.getCell(2).value).length
    })
  }
  const seconds = (performance.now() - started) / 1000
  const cpu = process.cpuUsage(cpuStart)
  const cpuSeconds = (cpu.user + cpu.system) / 1e6
  // its own peak (VmHWM): maxRSS would count the parent's high-water mark (it wrote the sheet in memory)
  const peakRssMb = (ownPeakRss() ?? process.memoryUsage().rss) / 1048576
  console.log(JSON.stringify({ mode, rows, checksum, seconds, cpuSeconds, peakRssMb }))
}

async function main(): Promise<void> {
  if (process.argv[2] === '--measure') return measure(process.argv[3] as Mode, process.argv[4])
  const rows = Number(process.argv[2] ?? 100_000)
  const dir = await mkdtemp(path.join(os.tmpdir(), 'rekap-bench-import-'))
  try {
    const file = path.join(dir, 'bench.xlsx')
    const t0 = performance.now()
    await writeSheet(file, rows)
    const size = (await stat(file)).size
    console.log(`wrote ${rows} rows (${(size / 1e6).toFixed(1)} MB) with the streaming writer in ${((performance.now() - t0) / 1000).toFixed(2)} s`)
    const run = (mode: string) => {
      const out = execFileSync(process.execPath, [...process.execArgv, HERE, '--measure', mode, file], { encoding: 'utf8' })
      return JSON.parse(out.trim().split('\n').pop()!) as { mode: string; rows: number; seconds: number; cpuSeconds: number; peakRssMb: number }
    }
    const rekap = run('rekap')
    const exceljsStream = run('exceljs-stream')
    const naive = run('naive')
    for (const r of [rekap, exceljsStream, naive]) {
      if (r.rows !== rows) throw new Error(`${r.mode} read ${r.rows} rows, expected ${rows}`)
    }
    const line = (r: typeof rekap) =>
      `${r.mode.padEnd(15)} ${r.seconds.toFixed(2).padStart(6)} s wall  ${r.cpuSeconds.toFixed(2).padStart(6)} s CPU  ${r.peakRssMb.toFixed(0).padStart(5)} MB peak RSS  ${Math.round(r.rows / r.seconds)} rows/s`
    console.log(line(rekap))
    console.log(line(exceljsStream))
    console.log(line(naive))
    console.log(
      `rekap vs naive: ${(naive.seconds / rekap.seconds).toFixed(1)}x faster, ${(naive.peakRssMb / rekap.peakRssMb).toFixed(1)}x less memory; vs exceljs streaming: ${(exceljsStream.seconds / rekap.seconds).toFixed(1)}x faster`,
    )
    console.log(`target < 3 s and < 300 MB for ${rows} rows: ${rekap.seconds < 3 && rekap.peakRssMb < 300 ? 'met' : 'NOT met'} (load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores: on a busy machine, CPU seconds are the steadier measure)`)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

await main()
