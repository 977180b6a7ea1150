/**
 * `rekap watch` stopped (SIGTERM, Ctrl-C) while a dropped workbook was still being planned went on
 * to run that job to the end once its plan was ready: every row sent and paid after the user had
 * stopped the watcher. Now the plan finishes (local work), the job stays planned and resumable, the
 * watcher leaves a note in proses/ saying how to go on, sends nothing and exits as a normal stop;
 * `rekap resume JOB` then finishes it with no row sent twice, and `rekap watch` files it under selesai/.
 * Real `rekap watch` and `rekap resume` processes, a real SQLite store, the real sandbox. The
 * planning window is hit by waiting for the job's row to appear in the store still in `draft`
 * (its rows being imported): 4,000 rows of 20 codes, run as 20 calls, each row's insert slowed by
 * 1 ms in the first watcher only (timing control, tests/helpers/slow-row-inserts.cjs), so the
 * import lasts 4 s or more at any load. (It was 80,000 unslowed rows: about a second to import on a
 * quiet machine, and the resume, report and filing of 80,000 rows afterwards cost ~40 s a case.)
 * The watcher handles the signal where the import waits for the file's next read (256 KB), as a
 * user's Ctrl+C lands mid-plan: a note column pads the file to 4 reads, as the 80,000 bare codes were 3.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process'
import { makeTempDir } from '../helpers/temp-dir'
import { startWatch, until } from '../helpers/watch-process'
import { rekap } from '../helpers/rekap-process'
import { peek } from '../helpers/store-peek'
import { slowRowInsertsEnv } from '../helpers/slow-row-inserts'

let tmp: ReturnType<typeof makeTempDir>
let sandbox: SandboxProcess

beforeAll(async () => {
  tmp = makeTempDir('rekap-watch-stop-')
  sandbox = await startSandboxProcess({ args: ['--hospital-plan', 'premium'] })
}, 60_000)

afterAll(async () => {
  await sandbox?.stop()
  tmp?.cleanup()
})

const CODES = Array.from({ length: 20 }, (_, i) => String(3201001 + i))
const ROWS = 4_000
/** ms added to each row's insert while the first watcher plans: ROWS x this = the planning window */
const INSERT_MS = 1
/** ~200 bytes a row: 4,000 rows are 4 reads of the file, where the watcher gets to the signal mid-plan */
const NOTE = 'catatan '.repeat(24)

async function requests(): Promise<Array<{ path: string }>> {
  return (await sandbox.admin('GET', '/_sandbox/requests')).requests as Array<{ path: string }>
}

/** The watched job of kode.csv as the store holds it now (its own read-only connection), or undefined. */
function watchedJob(db: string): { id: string; state: string } | undefined {
  if (!existsSync(db)) return undefined
  try {
    return peek<{ id: string; state: string }>(db, "SELECT id, state FROM jobs WHERE input_name = 'kode.csv' ORDER BY created_at DESC LIMIT 1")
  } catch {
    return undefined // the store not created yet
  }
}

/** Drops kode.csv into a watched folder, sends `signal` to the watcher while the job's rows are still imported, waits for the exit. */
async function stoppedWhilePlanning(name: string, signal: NodeJS.Signals): Promise<{ dir: string; db: string; jobId: string; out: string }> {
  const dir = join(tmp.dir, name)
  const db = join(tmp.dir, `${name}.db`)
  mkdirSync(dir, { recursive: true })
  const saved = await rekap(['preset', 'save', 'h', '--kind', 'hospital-lookup', '--base-url', sandbox.url, '--rps', '4', '--concurrency', '1', '--db', db])
  expect(saved.code, saved.out + saved.err).toBe(0)
  writeFileSync(join(dir, 'kode.csv'), `Kode RS,Catatan\n${Array.from({ length: ROWS }, (_, i) => `${CODES[i % CODES.length]},${NOTE}`).join('\n')}\n`)
  const w = startWatch([dir, '--preset', 'h', '--db', db, '--key', sandbox.key, '--settle-ms', '200'], slowRowInsertsEnv(INSERT_MS))
  try {
    await until('the job to be created (its rows still being imported)', () => watchedJob(db) !== undefined, w.out)
    w.child.kill(signal)
    const signalledAt = Date.now()
    const atSignal = (await requests()).length
    const planning = watchedJob(db)!
    expect(planning.state, 'the job was still being planned after the signal was sent').toBe('draft')
    // (the defect: it went on to send the whole job, then exited)
    await until('the watcher to exit', () => w.ended(), w.out)
    expect((await requests()).length - atSignal, `requests that reached the sandbox after the ${signal}:\n${w.out()}`).toBe(0)
    expect(await w.exited, w.out()).toBe(0)
    // once the plan in hand is stored (the rest of the import), not after the job's rows
    expect(Date.now() - signalledAt, 'ms from the signal to the exit').toBeLessThan(30_000)
    return { dir, db, jobId: planning.id, out: w.out() }
  } finally {
    if (!w.ended()) w.child.kill('SIGKILL')
    await w.exited
  }
}

/** Not run, resumable, and the watcher's note in proses/ (and its last line) say how to go on. */
function expectLeftResumable(s: { dir: string; db: string; jobId: string; out: string }): void {
  // the watcher handles the signal when its event loop gets to it: still planning (the job stays
  // ready) or in the hand-off to engine.start (paused before its first request); never run
  expect(['ready', 'paused'], s.out).toContain(watchedJob(s.db)?.state)
  const note = readFileSync(join(s.dir, 'proses', 'kode.csv.menunggu.txt'), 'utf8')
  expect(note).toContain(`rekap resume ${s.jobId}`)
  expect(note).toContain(`rekap watch ${s.dir}`)
  expect(s.out).toContain(`rekap resume ${s.jobId}`)
}

/** Each code sent once since `from` (the job's 20 calls), none twice. */
async function expectEachCodeSentOnce(from: number): Promise<void> {
  const sent = (await requests()).slice(from).map((r) => r.path)
  for (const code of CODES) expect(sent.filter((p) => p.includes(code)), `requests for ${code}`).toHaveLength(1)
}

describe('rekap watch stopped while a file is being planned', () => {
  it('SIGTERM: sends nothing, exits as a normal stop, leaves the job resumable with a note; rekap resume finishes it (no row sent twice), rekap watch files it', async () => {
    const from = (await requests()).length
    const s = await stoppedWhilePlanning('term', 'SIGTERM')
    expectLeftResumable(s)

    const resumed = await rekap(['resume', s.jobId, '--db', s.db, '--key', sandbox.key])
    expect(resumed.code, resumed.out + resumed.err).toBe(0)
    expect(watchedJob(s.db)?.state).toBe('done')
    await expectEachCodeSentOnce(from)

    // the watcher started again files it under selesai/, sending nothing more
    const sentThen = (await requests()).length
    const again = await rekap(['watch', s.dir, '--preset', 'h', '--db', s.db, '--key', sandbox.key, '--once', '--settle-ms', '200'])
    expect(again.code, again.out + again.err).toBe(0)
    expect(existsSync(join(s.dir, 'selesai', 'kode.csv')), again.out).toBe(true)
    expect(existsSync(join(s.dir, 'proses', 'kode.csv.menunggu.txt'))).toBe(false)
    expect((await requests()).length).toBe(sentThen)
  }, 180_000)

  it('SIGINT (Ctrl+C): the same; rekap watch started again runs the job and files it, no row sent twice', async () => {
    const from = (await requests()).length
    const s = await stoppedWhilePlanning('int', 'SIGINT')
    expectLeftResumable(s)

    const again = await rekap(['watch', s.dir, '--preset', 'h', '--db', s.db, '--key', sandbox.key, '--once', '--settle-ms', '200'])
    expect(again.code, again.out + again.err).toBe(0)
    expect(watchedJob(s.db)?.state).toBe('done')
    expect(existsSync(join(s.dir, 'selesai', 'kode.csv')), again.out).toBe(true)
    expect(existsSync(join(s.dir, 'proses', 'kode.csv.menunggu.txt'))).toBe(false)
    await expectEachCodeSentOnce(from)
  }, 180_000)
})
