/**
 * A watched job paused because another computer took its workbook over (held back) could still be
 * resumed by a person: `rekap resume JOB` sent the remaining rows here while the other computer ran
 * the same workbook as its own job, every remaining row paid twice. Now a job that came from a
 * watched folder runs only while its claim is this computer's: resuming it is refused, naming the
 * host, and nothing is sent; with the claim gone it is refused too, saying how to go on; once
 * `rekap watch` takes the file back, the watcher finishes the job itself.
 * Real `rekap watch` and `rekap resume` processes, a real SQLite store, the real sandbox.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process'
import { makeTempDir } from '../helpers/temp-dir'
import { startWatch, until } from '../helpers/watch-process'
import { rekap, startRekap } from '../helpers/rekap-process'
import { openStore } from '../../src-main/core/store'
import { detailText } from '../../src-main/core/texts/core-text'

let tmp: ReturnType<typeof makeTempDir>
let sandbox: SandboxProcess

beforeAll(async () => {
  tmp = makeTempDir('rekap-resume-claim-')
  sandbox = await startSandboxProcess({ args: ['--hospital-plan', 'premium'] })
}, 60_000)

afterAll(async () => {
  await sandbox?.stop()
  tmp?.cleanup()
})

const OTHER_DESK = `desk-b-${hostname()}`
/** long: desk A's watcher must not take the workbook back while the test looks at the refusals */
const WINDOW_MS = 120_000
const WATCH_ENV = { REKAP_WATCH_CLAIM_STALE_MS: String(WINDOW_MS) }

async function requests(): Promise<number> {
  return ((await sandbox.admin('GET', '/_sandbox/requests')).requests as unknown[]).length
}

function jobState(db: string, jobId: string): { state: string; detail: string | null } {
  const s = openStore(db)
  try {
    const j = s.jobs.get(jobId)!
    return { state: j.state, detail: detailText(j.stateDetail, 'en') }
  } finally {
    s.close()
  }
}

/** What `rekap jobs --json` and the plain `rekap jobs` offer for the job: the same list the engine's gate allows. */
async function listed(db: string, jobId: string): Promise<{ actions: string[]; notRunHere: string | null; line: string }> {
  const json = await rekap(['jobs', '--json', '--db', db])
  expect(json.code, json.err).toBe(0)
  const job = (JSON.parse(json.out) as Array<{ id: string; actions: string[]; notRunHere: string | null }>).find((j) => j.id === jobId)!
  const plain = await rekap(['jobs', '--db', db])
  return { actions: job.actions, notRunHere: job.notRunHere, line: plain.out.split('\n').find((l) => l.startsWith(jobId)) ?? '' }
}

/** The claim's text, or '' while it is absent (a claim taken back is moved aside, then written anew). */
function claimTextOf(file: string): string {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return ''
  }
}

/** What desk B's watcher does to take a file over: the claim moved aside, its own written with O_EXCL. */
function takenOverByOtherDesk(claimFile: string): string {
  renameSync(claimFile, `${claimFile}.4242.stale`)
  rmSync(`${claimFile}.4242.stale`)
  const theirs = `4242@${OTHER_DESK} ${new Date().toISOString()} ${Date.now() - 60_000}\n`
  writeFileSync(claimFile, theirs, { flag: 'wx' })
  return theirs
}

/**
 * Desk A: a folder watched by `rekap watch` (a preset of 4 lookups a second, one at a time) with a
 * CSV of `codes` hospital codes dropped in it; the watcher is started, not awaited.
 */
async function watchedDesk(name: string, codes: number) {
  const dir = join(tmp.dir, name)
  const db = join(tmp.dir, `${name}.db`)
  mkdirSync(dir, { recursive: true })
  const saved = await rekap(['preset', 'save', 'h', '--kind', 'hospital-lookup', '--base-url', sandbox.url, '--rps', '4', '--concurrency', '1', '--db', db])
  expect(saved.code, saved.out + saved.err).toBe(0)
  const rows = Array.from({ length: codes }, (_, i) => String(3201001 + i))
  writeFileSync(join(dir, 'kode.csv'), `Kode RS\n${rows.join('\n')}\n`)
  const w = startWatch([dir, '--preset', 'h', '--db', db, '--key', sandbox.key, '--settle-ms', '200'], WATCH_ENV)
  return { dir, db, w, claimFile: join(dir, 'proses', 'kode.csv.ambil') }
}

/** The watcher's job, once it runs (not still being planned: planning sends requests too) and has sent `rows` rows. */
async function runningJob(w: ReturnType<typeof startWatch>, db: string, rows: number): Promise<string> {
  await until('the job to start', () => /^job (j[0-9a-f]+) kode\.csv$/m.test(w.out()), w.out)
  const jobId = /^job (j[0-9a-f]+) kode\.csv$/m.exec(w.out())![1]
  await until('the job to run', () => jobState(db, jobId).state === 'running', w.out)
  const start = await requests()
  await until('the job to send a few rows', async () => (await requests()) - start >= rows, w.out)
  return jobId
}

describe('resuming a watched job whose workbook another computer took over', () => {
  it('is refused naming the host (nothing sent); with the claim gone refused saying how to go on; rekap watch taking the file back finishes it', async () => {
    const { dir, db, w, claimFile } = await watchedDesk('desk-a', 40)
    let jobId = ''
    try {
      jobId = await runningJob(w, db, 4)
      takenOverByOtherDesk(claimFile)
      await until('desk A to hold the job back', () => jobState(db, jobId).state !== 'running', w.out)
      expect(jobState(db, jobId)).toMatchObject({ state: 'paused', detail: expect.stringContaining(`taken over by ${OTHER_DESK}`) })
    } finally {
      w.child.kill('SIGTERM')
      await w.exited
    }

    // a person on desk A resumes it, in English and in Indonesian: refused, nothing sent
    const before = await requests()
    const en = await rekap(['resume', jobId, '--db', db, '--key', sandbox.key])
    expect(en.code, en.out + en.err).toBe(2)
    expect(en.err).toContain(OTHER_DESK)
    expect(en.err).toMatch(/another computer/)
    const id = await rekap(['resume', jobId, '--db', db, '--key', sandbox.key], { REKAP_LANG: 'id' })
    expect(id.code, id.out + id.err).toBe(2)
    expect(id.err).toContain(OTHER_DESK)
    expect(id.err).toMatch(/komputer lain/)
    // its failed rows (codes the sandbox does not know) sent again would be paid twice too
    const retry = await rekap(['retry-failed', jobId, '--db', db, '--key', sandbox.key])
    expect(retry.code, retry.out + retry.err).toBe(2)
    expect(retry.err).toContain(OTHER_DESK)
    expect(await requests(), `rows sent by a refused resume:\n${en.out}${en.err}`).toBe(before)
    expect(jobState(db, jobId).state).toBe('paused')
    // the lists offer no resume nor retry that would be refused, and say why
    const held = await listed(db, jobId)
    expect(held.actions).toEqual(['cancel', 'export'])
    expect(held.notRunHere).toContain(`held by ${OTHER_DESK} (another computer)`)
    expect(held.line).toMatch(/\[cancel\]$/)

    // desk B gave the file up (its claim gone, the workbook still in the folder): refused, saying how to go on
    rmSync(claimFile)
    const gone = await rekap(['resume', jobId, '--db', db, '--key', sandbox.key])
    expect(gone.code, gone.out + gone.err).toBe(2)
    expect(gone.err).toContain(`rekap watch ${dir}`)
    expect((await listed(db, jobId)).actions).toEqual(['cancel', 'export'])
    expect(await requests()).toBe(before)

    // the watcher takes the unclaimed file back and finishes the same job: not stranded
    const again = await rekap(['watch', dir, '--preset', 'h', '--db', db, '--key', sandbox.key, '--once', '--settle-ms', '200'], WATCH_ENV)
    expect(again.code, again.out + again.err).toBe(0)
    expect(jobState(db, jobId).state).toBe('done')
    expect(existsSync(join(dir, 'selesai', 'kode.csv'))).toBe(true)
    expect(await requests()).toBeGreaterThan(before)
    expect(readFileSync(join(dir, 'selesai', 'kode.csv'), 'utf8')).toContain('3201040')
  }, 180_000)

  it('a person\'s resume while the watcher here holds the claim runs; another computer taking the file over midway pauses it before the next rows, saying who', async () => {
    const { dir, db, w } = await watchedDesk('desk-a2', 60)
    try {
      const jobId = await runningJob(w, db, 2)
      // a person pauses it (the watcher lives on, holding and beating the claim), then resumes it from a shell
      const paused = await rekap(['pause', jobId, '--db', db])
      expect(paused.code, paused.out + paused.err).toBe(0)
      await until('the job to pause', () => jobState(db, jobId).state === 'paused', w.out)
      const resumed = startRekap(['resume', jobId, '--db', db, '--key', sandbox.key])
      await until('the resumed job to run', () => jobState(db, jobId).state === 'running', () => resumed.out() + resumed.err())
      const running = await requests()
      await until('the resumed job to send rows', async () => (await requests()) - running >= 2, () => resumed.out() + resumed.err())
      takenOverByOtherDesk(join(dir, 'proses', 'kode.csv.ambil'))
      const takenAt = await requests()
      const code = await resumed.closed
      const after = await requests()
      expect(code, resumed.out() + resumed.err()).toBe(3)
      expect(jobState(db, jobId)).toMatchObject({ state: 'paused', detail: expect.stringContaining(`held by ${OTHER_DESK} (another computer)`) })
      expect(resumed.out()).toContain(`held by ${OTHER_DESK}`)
      // read once a second, as the watcher reads its own claim: at most a second's rows (4/s) and the one in flight
      expect(after - takenAt, 'rows sent after the takeover').toBeLessThanOrEqual(5)
      expect(jobState(db, jobId).state).not.toBe('done')
    } finally {
      w.child.kill('SIGTERM')
      await w.exited
    }
  }, 180_000)

  it('the watcher ended (rekap watch --once, a stopped desk): rekap resume takes the claim back, keeps it alive while the job runs, and finishes it', async () => {
    const { db, w, claimFile } = await watchedDesk('desk-a3', 24)
    let jobId = ''
    try {
      jobId = await runningJob(w, db, 2)
    } finally {
      w.child.kill('SIGTERM')
      await w.exited
    }
    await until('the job to pause', () => jobState(db, jobId).state === 'paused', w.out)
    expect(existsSync(claimFile), w.out() + JSON.stringify(jobState(db, jobId))).toBe(true)
    expect(readFileSync(claimFile, 'utf8')).toMatch(new RegExp(`^${w.child.pid}@`))
    // this computer's claim nobody beats any more: resume is offered (it takes the claim back)
    expect(await listed(db, jobId)).toMatchObject({ actions: expect.arrayContaining(['resume']), notRunHere: null })
    const resumed = startRekap(['resume', jobId, '--db', db, '--key', sandbox.key])
    const out = () => resumed.out() + resumed.err()
    // taken back as a watcher does: moved aside, written anew (absent for a moment)
    await until('the claim to be the resume\'s', () => claimTextOf(claimFile).startsWith(`${resumed.child.pid}@`), out)
    expect(await resumed.closed, out()).toBe(0)
    expect(jobState(db, jobId).state).toBe('done')
  }, 180_000)
})
