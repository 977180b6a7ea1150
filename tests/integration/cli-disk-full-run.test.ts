/**
 * The store's disk fills up under `rekap run`: the command ends (it does not hang), says the disk
 * is full naming the data file, keeps what was stored, and leaves the job resumable; after space
 * is freed `rekap resume` finishes it, and no pair of photos is charged twice (the sandbox's own
 * ledger). Real `rekap` processes, a real sandbox process, a real tmpfs holding the data file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import Database from 'better-sqlite3'
import { join } from 'node:path'
import { EXIT } from '../../src-main/cli/exit-codes'
import { makeTempDir } from '../helpers/temp-dir'
import { startRekap, rekap, type StartedRekap } from '../helpers/rekap-process'
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process'
import { distinctPairsWorkbook, warmFaceModel } from '../helpers/face-pairs'
import { mountSmallDisk, type SmallDisk } from '../helpers/tmpfs'

const PAIRS = 12
let planOnly: SmallDisk | undefined
let midRun: SmallDisk | undefined
let tmp: ReturnType<typeof makeTempDir>
let sandbox: SandboxProcess | undefined
let csv: string

beforeAll(async () => {
  tmp = makeTempDir()
  // 400 KiB: room for the store's schema and the plan, none for the run (the log grows past it)
  planOnly = mountSmallDisk(400)
  // 4 MiB: room for the plan and the first answers; the test fills the rest mid-run
  midRun = mountSmallDisk(4096)
  csv = await distinctPairsWorkbook(tmp.dir, PAIRS)
  // slow answers, one at a time: the disk fills while rows are still on their way
  sandbox = await startSandboxProcess({ args: ['--balance', '100000000', '--latency', '150'] })
  await warmFaceModel(sandbox)
}, 300_000)

afterAll(async () => {
  await sandbox?.stop()
  planOnly?.unmount()
  midRun?.unmount()
  tmp?.cleanup()
})

/** Its end, or a failure saying it was still running that long after (a hang, not a slow run). */
async function endOf(run: StartedRekap, ms: number): Promise<number | null> {
  const timer = new Promise<'hung'>((r) => setTimeout(() => r('hung'), ms).unref())
  const end = await Promise.race([run.closed, timer])
  if (end === 'hung') {
    run.child.kill('SIGKILL')
    throw new Error(`rekap was still running ${ms / 1000}s after:\n${run.out()}${run.err()}`)
  }
  return end
}

/** What the store holds of a job, read only (the test writes nothing on the full disk). */
function rowsOf(db: string, jobId: string): Record<string, number> {
  const d = new Database(db, { readonly: true })
  try {
    const rows = d.prepare('SELECT state, count(*) AS n FROM job_rows WHERE job_id = ? GROUP BY state').all(jobId) as { state: string; n: number }[]
    return Object.fromEntries(rows.map((r) => [r.state, r.n]))
  } finally {
    d.close()
  }
}

async function chargesByPair(): Promise<Map<string, number>> {
  const { charges } = await sandbox!.admin('GET', '/_sandbox/ledger')
  const by = new Map<string, number>()
  for (const c of charges as Array<{ pair: string }>) by.set(c.pair, (by.get(c.pair) ?? 0) + 1)
  return by
}

describe("the data file's disk fills up", () => {
  it('before the run starts: rekap ends, says so naming the data file, the job is resumed once there is room', async () => {
    const disk = planOnly!
    const db = join(disk.dir, 'rekap.db')
    const run = startRekap(['run', 'examples/hospitals/hospital-codes.xlsx', '--db', db, '--yes'])
    const code = await endOf(run, 60_000)
    expect(run.err()).toContain(`rekap: the disk is full: the data file ${db} cannot grow`)
    expect(run.err()).not.toMatch(/unexpected error/)
    expect(code).toBe(EXIT.unexpected)
    const jobId = /^job (\w+)$/m.exec(run.out())![1]
    disk.resize(16_384) // the user freed space
    const resumed = await rekap(['resume', jobId, '--db', db])
    expect(resumed.code, resumed.out + resumed.err).toBe(EXIT.ok)
    const end = rowsOf(db, jobId)
    // every row settled (the example has rows that fail: a bad code, a hospital not found)
    expect(Object.keys(end).sort()).toEqual(['done', 'failed'])
    expect(end.done + end.failed).toBe(28)
  }, 240_000)

  it('mid-run: what was answered and stored stays, the job is resumable, resume pays no pair twice', async () => {
    const disk = midRun!
    const db = join(disk.dir, 'rekap.db')
    await sandbox!.admin('POST', '/_sandbox/reset-usage')
    const env = { REKAP_API_KEY: sandbox!.key }
    const run = startRekap(['run', csv, '--db', db, '--yes', '--base-url', sandbox!.url, '--concurrency', '1', '--allow-outside-paths'], env)
    let jobId = ''
    for (const until = Date.now() + 120_000; ; ) {
      if (Date.now() > until || run.child.exitCode !== null) throw new Error(`the run did not get far enough:\n${run.out()}${run.err()}`)
      jobId ||= /^job (\w+)$/m.exec(run.out())?.[1] ?? ''
      if (jobId && (rowsOf(db, jobId).done ?? 0) >= 3) break
      await new Promise((r) => setTimeout(r, 20))
    }
    disk.fill()
    const code = await endOf(run, 90_000)
    expect(run.err()).toContain(`the disk is full: the data file ${db} cannot grow`)
    expect(run.err()).not.toMatch(/unexpected error/)
    expect(code).toBe(EXIT.unexpected)
    const stored = rowsOf(db, jobId)
    expect(stored.done).toBeGreaterThanOrEqual(3)
    expect(stored.done).toBeLessThan(PAIRS)

    disk.free()
    const resumed = await rekap(['resume', jobId, '--db', db], env)
    expect(resumed.code, resumed.out + resumed.err).toBe(EXIT.ok)
    const end = rowsOf(db, jobId)
    // a row whose answer came while nothing could be stored is uncertain (it may have been
    // charged), never sent again without --resend-uncertain
    expect((end.done ?? 0) + (end.uncertain ?? 0)).toBe(PAIRS)
    expect(end.done).toBeGreaterThanOrEqual(stored.done)
    const byPair = await chargesByPair()
    for (const [pair, n] of byPair) expect(n, `pair ${pair} charged ${n} times`).toBe(1)
    expect(byPair.size).toBeGreaterThanOrEqual(end.done)
    console.log(`disk full mid-run: ${stored.done} done when it filled, ${end.done} done + ${end.uncertain ?? 0} uncertain after resume, ${byPair.size} pairs charged once each`)
  }, 300_000)
})
