/**
 * CPU per thread of one large report export, for A/B comparisons on a shared machine where wall
 * times are noise (issue 27). Each kind is seeded once into a kept folder; then every built writer
 * given (bench/built-report.ts bundles, by folder) exports it in a child process, the writers
 * alternating, and per thread is printed: the report's own (main) thread, the zip thread (the
 * busiest other one, still alive at the end as its terminate is not awaited, or gone: then what
 * the process spent that no live thread did) and the rest (libuv's pool deflating, V8's compiler
 * and GC helpers). Deterministic where this is not: instructions counted by valgrind's cachegrind
 * (`valgrind --tool=cachegrind --cache-sim=no node <script importing the bundle>`), ~1-2% apart
 * run to run where CPU times here are 10-30% apart on a shared 2-core machine.
 *
 *   npx tsx bench/thread-cpu.ts <rows> <kind,kind> <repeat> <bundle-dir>[,<bundle-dir>...]
 *   a bundle folder may be followed by :NAME=value settings of its runs' environment
 *   BENCH_SEED_DIR keeps the seeded stores between runs (default: a folder under the temp dir)
 *
 * Also printed per run: a fingerprint of the file's parts (CRC and both sizes of every entry), the
 * same for the same bytes whatever the clock said when it was written.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { createHash } from 'node:crypto'

interface Run {
  wallMs: number
  totalMs: number
  mainMs: number
  /** the busiest other thread, alive or gone by the end: the zip thread */
  zipMs: number
  /** the rest: libuv's pool (deflate), V8's GC helpers */
  restMs: number
  parts: string
}

/** Clock ticks (1/100 s) of user + system CPU per live thread of this process, by thread id. */
function threadTicks(): Map<string, number> {
  const out = new Map<string, number>()
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      out.set(tid, Number(f[11]) + Number(f[12]))
    } catch {
      // the thread ended while being read
    }
  }
  return out
}

const SKIP_PARTS = new Set((process.env.BENCH_SKIP_PARTS ?? 'docProps/core.xml,xl/worksheets/sheet1.xml').split(','))

/** CRC and sizes of every entry, from the zip's central directory (the timestamps left out). */
function partsFingerprint(file: string): string {
  const buf = readFileSync(file)
  const end = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  const count = buf.readUInt16LE(end + 10)
  let p = buf.readUInt32LE(end + 16)
  const h = createHash('sha256')
  for (let i = 0; i < count; i++) {
    const nameLen = buf.readUInt16LE(p + 28)
    const name = buf.subarray(p + 46, p + 46 + nameLen).toString()
    // the summary sheet and the document properties say when the file was written
    if (!SKIP_PARTS.has(name)) {
      h.update(buf.subarray(p + 16, p + 28))
      h.update(name)
    }
    p += 46 + nameLen + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32)
  }
  return h.digest('hex').slice(0, 12)
}

async function measure(moduleUrl: string, dbFile: string, jobId: string, out: string): Promise<Run> {
  const { openStore, writeJobReport } = (await import(moduleUrl)) as typeof import('./report-entry')
  const before = threadTicks()
  const cpu0 = process.cpuUsage()
  const t = performance.now()
  const store = openStore(dbFile)
  await writeJobReport(store, jobId, { out, signer: null })
  store.close()
  const wallMs = performance.now() - t
  const cpu = process.cpuUsage(cpu0)
  const after = threadTicks()
  const totalMs = (cpu.user + cpu.system) / 1000
  const mainMs = ((after.get(String(process.pid)) ?? 0) - (before.get(String(process.pid)) ?? 0)) * 10
  // the zip thread: the busiest thread besides the main one, still alive (its terminate is not awaited) or gone
  let liveMs = 0
  let busiest = 0
  for (const [tid, ticks] of after) {
    if (tid === String(process.pid)) continue
    const ms = (ticks - (before.get(tid) ?? 0)) * 10
    liveMs += ms
    busiest = Math.max(busiest, ms)
  }
  const zipMs = Math.max(busiest, totalMs - mainMs - liveMs)
  return { wallMs, totalMs, mainMs, zipMs, restMs: Math.max(0, totalMs - mainMs - zipMs), parts: partsFingerprint(out) }
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const s = (ms: number): string => (ms / 1000).toFixed(2)

async function main(): Promise<void> {
  const [, , first, ...rest] = process.argv
  if (first === '--measure') {
    process.stdout.write(JSON.stringify(await measure(rest[0], rest[1], rest[2], rest[3])) + '\n')
    return
  }
  const rows = Number(first)
  const kinds = rest[0].split(',')
  const repeat = Number(rest[1])
  const bundles = rest[2].split(',')
  const seedDir = process.env.BENCH_SEED_DIR ?? join(tmpdir(), `rekap-thread-cpu-${rows}`)
  mkdirSync(seedDir, { recursive: true })
  const self = fileURLToPath(import.meta.url)
  for (const kind of kinds) {
    const dbFile = join(seedDir, `${kind}.sqlite`)
    const idFile = `${dbFile}.job`
    if (!existsSync(idFile)) {
      const { openStore } = await import('../src-main/core/store')
      const { seedReportJob } = await import('./report-kinds-seed')
      rmSync(dbFile, { force: true })
      const store = openStore(dbFile)
      writeFileSync(idFile, seedReportJob(store, kind as never, rows))
      store.close()
    }
    const jobId = readFileSync(idFile, 'utf8')
    const runs = new Map<string, Run[]>(bundles.map((b) => [b, []]))
    for (let k = 0; k < repeat; k++) {
      for (const b of bundles) {
        // a bundle may carry environment for its runs: out/b-x:NAME=value
        const [dir, ...env] = b.split(':')
        const out = join(seedDir, `${kind}-${basename(dir)}.xlsx`)
        const url = pathToFileURL(join(dir, 'report-entry.js')).href
        const load = loadavg()[0].toFixed(1)
        const c = spawnSync(process.execPath, ['--import', 'tsx', self, '--measure', url, dbFile, jobId, out], { encoding: 'utf8', env: { ...process.env, ...Object.fromEntries(env.map((e) => [e.slice(0, e.indexOf('=')), e.slice(e.indexOf('=') + 1)])) } })
        if (c.status !== 0) throw new Error(`${kind} ${b}: ${c.stderr}`)
        const r = JSON.parse(c.stdout.trim().split('\n').pop()!) as Run
        runs.get(b)!.push(r)
        rmSync(out, { force: true })
        console.log(`${kind} ${basename(b)} #${k + 1} load ${load}: wall ${s(r.wallMs)} total ${s(r.totalMs)} main ${s(r.mainMs)} zip ${s(r.zipMs)} rest ${s(r.restMs)} parts ${r.parts}`)
      }
    }
    for (const [b, rs] of runs) {
      // the median, and the least (the run the machine's other work disturbed least)
      const m = (key: keyof Omit<Run, 'parts'>): string => `${s(median(rs.map((r) => r[key])))} (min ${s(Math.min(...rs.map((r) => r[key])))})`
      console.log(`MEDIAN ${kind} ${basename(b)} (${rs.length} runs): wall ${m('wallMs')} total ${m('totalMs')} main ${m('mainMs')} zip ${m('zipMs')} rest ${m('restMs')}; load now ${loadavg().map((l) => l.toFixed(1)).join(' ')}`)
    }
  }
}

await main()
