/**
 * A long export's read snapshot against WAL growth. A report reads its job in one read transaction
 * (store/report-reader.ts); while it runs, another process may be running a job into the same
 * SQLite file. A checkpoint cannot copy frames a reader's snapshot does not see, nor restart the
 * WAL while that reader holds it, so the WAL grows with every commit until the export ends.
 *
 * Seeds a hospital-lookup job (bench/report-kinds-seed.ts), then for each writer rate runs
 * bench/wal-writer.ts beside the built export (bench/report-child.mjs) and prints the -wal file's
 * size before, at its peak during, and after the export (the writer still running), whether the
 * WAL was restarted afterwards (its header's checkpoint sequence), and what a checkpoint leaves.
 *
 *   npx tsx bench/wal-during-export.ts [rows=300000] [rates=100,max]
 *   BENCH_WAL_LIMIT_MB=4: the writers' connections set journal_size_limit (the fix proposed)
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { closeSync, existsSync, mkdtempSync, openSync, readSync, rmSync, statSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { openStore } from '../src-main/core/store'
import { openDatabase, type Db } from '../src-main/core/store/database'
import { bundleReportWriter } from './built-report'
import { seedReportJob } from './report-kinds-seed'

const MB = 1048576
const mb = (b: number): string => `${(b / MB).toFixed(1)} MB`
const load = (): string => loadavg().map((l) => l.toFixed(1)).join(' ')
const here = (f: string): string => fileURLToPath(new URL(f, import.meta.url))

/** The -wal file's size (0 when there is none) and its checkpoint sequence (bumped at each restart). */
function walState(db: string): { size: number; seq: number } {
  const wal = `${db}-wal`
  if (!existsSync(wal)) return { size: 0, seq: -1 }
  const size = statSync(wal).size
  if (size < 32) return { size, seq: -1 }
  const fd = openSync(wal, 'r')
  const head = Buffer.alloc(32)
  readSync(fd, head, 0, 32, 0)
  closeSync(fd)
  return { size, seq: head.readUInt32BE(12) }
}

interface Watched {
  peak: number
  last: number
  restarts: number
  /** ms from the start until the file was first at most `under` bytes (null: never) */
  underAfterMs: number | null
}

/** Samples the WAL every 20 ms until stopped: its peak, its last size, how often it was restarted. */
function monitor(db: string, under = 0): () => Watched {
  const start = performance.now()
  const w: Watched = { peak: 0, last: 0, restarts: 0, underAfterMs: null }
  let seq = walState(db).seq
  const timer = setInterval(() => {
    const s = walState(db)
    w.peak = Math.max(w.peak, s.size)
    w.last = s.size
    if (w.underAfterMs === null && s.size <= under) w.underAfterMs = performance.now() - start
    if (s.seq !== seq && seq !== -1 && s.seq !== -1) w.restarts++
    seq = s.seq
  }, 20)
  return () => {
    clearInterval(timer)
    return w
  }
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms))

/** Waits for the child's next message that has `key`. */
function reply<T>(child: ChildProcess, key: string): Promise<T> {
  return new Promise((resolve) => {
    const on = (m: Record<string, unknown>): void => {
      if (!(key in m)) return
      child.off('message', on)
      resolve(m as T)
    }
    child.on('message', on)
  })
}

/** The built export of one job in its own process (as the CLI runs it): its JSON line. */
function exportJob(url: string, db: string, job: string, out: string): Promise<{ ms: number }> {
  const child = spawn(process.execPath, [here('./report-child.mjs'), url, db, job, out], { stdio: ['ignore', 'pipe', 'inherit'] })
  let text = ''
  child.stdout!.setEncoding('utf8').on('data', (s: string) => (text += s))
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(text.trim().split('\n').pop()!)) : reject(new Error(`export exited ${code}`)))),
  )
}

/** One run: the writer at `rate`, the export beside it, the WAL watched throughout. */
async function scenario(url: string, db: string, job: string, out: string, rate: string, app: Db): Promise<void> {
  const writer = spawn(process.execPath, ['--import', 'tsx', here('./wal-writer.ts'), db, rate, '400000'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  await reply(writer, 'ready')
  // a clean start: the writer's own 400,000 pending rows and the seed out of the WAL
  app.pragma('wal_checkpoint(TRUNCATE)')
  writer.send({ do: 'go' })
  const before = monitor(db)
  await sleep(3000)
  const b = before()
  const during = monitor(db)
  const exported = await exportJob(url, db, job, out)
  const d = during()
  // "back down": within 1 MB of the size the writer kept it at before the export
  const after = monitor(db, b.peak + MB)
  await sleep(5000)
  const a = after()
  writer.send({ do: 'stop' })
  const { written } = await reply<{ written: number }>(writer, 'written')
  const [passive] = app.pragma('wal_checkpoint(PASSIVE)') as Array<{ busy: number; log: number; checkpointed: number }>
  const afterPassive = walState(db).size
  writer.send({ do: 'close' })
  await reply(writer, 'closed')
  console.log(
    `writer ${rate === 'max' ? 'as fast as it can' : `${rate} rows/s`}: ${written.toLocaleString('en')} rows written in all; export ${(exported.ms / 1000).toFixed(1)} s (load ${load()})\n` +
      `  WAL before the export (3 s of writing, autocheckpoint on): peak ${mb(b.peak)}, last ${mb(b.last)}, restarted ${b.restarts} times\n` +
      `  during the export: peak ${mb(d.peak)} (${(d.peak / Math.max(b.peak, 1)).toFixed(0)}x the peak before), restarted ${d.restarts} times\n` +
      `  5 s after it (writer still running): file ${mb(a.last)}, peak ${mb(a.peak)}, restarted ${a.restarts} times, ${a.underAfterMs === null ? 'never back down to its size before (reused from its start, not shrunk)' : `back down to its size before after ${(a.underAfterMs / 1000).toFixed(2)} s`}\n` +
      `  a PASSIVE checkpoint then: ${passive.log} frames in the log, ${passive.checkpointed} checkpointed; file ${mb(afterPassive)}`,
  )
}

async function main(): Promise<void> {
  const rows = Number(process.argv[2] ?? 300_000)
  const rates = (process.argv[3] ?? '100,max').split(',')
  const dir = mkdtempSync(join(tmpdir(), 'rekap-bench-wal-'))
  const db = join(dir, 'rekap.sqlite')
  const bundle = await bundleReportWriter()
  try {
    console.log(`journal_size_limit ${process.env.BENCH_WAL_LIMIT_MB ? `${process.env.BENCH_WAL_LIMIT_MB} MB` : 'unset (-1)'}; load average ${load()} on ${cpus().length} cores; seeding ${rows.toLocaleString('en')} hospital-lookup rows...`)
    const t = performance.now()
    const store = openStore(db)
    const job = seedReportJob(store, 'hospital-lookup', rows)
    store.close()
    console.log(`seeded in ${((performance.now() - t) / 1000).toFixed(0)} s; file ${mb(statSync(db).size)}`)
    // the app's own connection, open throughout as the desktop app's is: the WAL is not removed at the last close
    const app = openDatabase(db)
    if (process.env.BENCH_WAL_LIMIT_MB) app.pragma(`journal_size_limit = ${Number(process.env.BENCH_WAL_LIMIT_MB) * MB}`)
    for (const rate of rates) await scenario(bundle.url, db, job, join(dir, `report-${rate}.xlsx`), rate, app)
    app.pragma('wal_checkpoint(TRUNCATE)')
    console.log(`a TRUNCATE checkpoint at the end: WAL ${mb(walState(db).size)}; database ${mb(statSync(db).size)}`)
    app.close()
  } finally {
    bundle.remove()
    rmSync(dir, { recursive: true, force: true })
  }
}

await main()
