// One rekap export measured as users run it: plain `node` importing the built writer
// (bench/built-report.ts), nothing else loaded. bench/report-kinds.ts ran this export in a child
// started with `--import tsx` that also held exceljs and the store from the sources: ~60 MB of
// its own before the writer loaded (RSS 103-112 MB against 42 MB for `node` alone), and tsx's
// loader thread grew ~30 MB more for a writer holding any dynamic import() (issue 27), memory
// no user's process has. Prints one JSON line: wall and CPU ms, the main thread's CPU, peak RSS.
//   node bench/report-child.mjs <writer-url> <db> <job-id> <out.xlsx>
// The writer from the TypeScript sources (BENCH_FROM_SOURCES=1): `node --import tsx` and the URL
// of bench/report-entry.ts.
import { readFileSync, statSync } from 'node:fs'
import { ownPeakRss } from './vmhwm.mjs'

/** The main thread's CPU ms so far (its thread id is the process id); undefined off Linux. */
function mainThreadCpuMs() {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8')
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // fields 14 and 15 (utime, stime) in clock ticks (100 per second); f starts at field 3
    return (Number(f[11]) + Number(f[12])) * 10
  } catch {
    return undefined
  }
}

const [url, dbFile, jobId, out] = process.argv.slice(2)
// as `rekap export` runs: with V8's own heap growth (only a plan bounds it: core/process/heap-growth.mjs)
const { openStore, writeJobReport } = await import(url)
// rss() alone: memoryUsage() gathers V8's heap statistics too (13 ms of a regions export's main
// thread in a profile), work the measured export does not do for a user
let sampled = process.memoryUsage.rss()
const timer = setInterval(() => (sampled = Math.max(sampled, process.memoryUsage.rss())), 20)
const t = performance.now()
const cpu0 = process.cpuUsage()
const main0 = mainThreadCpuMs()
const store = openStore(dbFile)
await writeJobReport(store, jobId, { out, signer: null })
store.close()
const ms = performance.now() - t
const cpu = process.cpuUsage(cpu0)
const main1 = mainThreadCpuMs()
clearInterval(timer)
const peakRss = Math.max(sampled, process.memoryUsage.rss(), ownPeakRss() ?? 0)
const mainCpuMs = main0 === undefined || main1 === undefined ? undefined : main1 - main0
process.stdout.write(JSON.stringify({ ms, cpuMs: (cpu.user + cpu.system) / 1000, mainCpuMs, peakRss, bytes: statSync(out).size }) + '\n')
