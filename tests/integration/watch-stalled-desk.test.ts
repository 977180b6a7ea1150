/**
 * A desk whose watcher stalls (lid closed, share out of reach) for longer than the staleness
 * window can have its workbook taken over by another computer while its own job still runs.
 * Before, it woke up and went on sending rows: every remaining row sent and paid twice. Now it
 * notices (its own claim not kept alive in time, or no longer its own) and pauses the job before
 * one more request goes out, saying why. Real `rekap watch`, the real sandbox; the stall is a
 * SIGSTOP (POSIX), the takeover is what another computer's watcher does (rename aside, claim anew).
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process'
import { makeTempDir } from '../helpers/temp-dir'
import { startWatch, until, type WatchProcess } from '../helpers/watch-process'
import { rekap } from '../helpers/rekap-process'
import { openStore } from '../../src-main/core/store'
import { detailText } from '../../src-main/core/texts/core-text'

let tmp: ReturnType<typeof makeTempDir>
let sandbox: SandboxProcess

beforeAll(async () => {
  tmp = makeTempDir('rekap-stalled-desk-')
  sandbox = await startSandboxProcess({ args: ['--hospital-plan', 'premium'] })
}, 60_000)

afterAll(async () => {
  await sandbox?.stop()
  tmp?.cleanup()
})

const OTHER_DESK = `desk-b-${hostname()}`
const WINDOW_MS = 3000

async function requests(): Promise<number> {
  return ((await sandbox.admin('GET', '/_sandbox/requests')).requests as unknown[]).length
}



/** The process's state as `ps` says it (POSIX): T while stopped by SIGSTOP. */
function procState(pid: number): string {
  return execFileSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' }).trim().slice(0, 1)
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

/** Desk A's watcher running a slow workbook (400 rows at 4 per second), stalled (SIGSTOP) in the middle. */
async function stalledDesk(name: string): Promise<{ dir: string; db: string; jobId: string; pid: number; w: WatchProcess }> {
  const dir = join(tmp.dir, name)
  const db = join(tmp.dir, `${name}.db`)
  mkdirSync(dir, { recursive: true })
  const saved = await rekap(['preset', 'save', 'h', '--kind', 'hospital-lookup', '--base-url', sandbox.url, '--rps', '4', '--concurrency', '1', '--db', db])
  expect(saved.code, saved.out + saved.err).toBe(0)
  const rows = Array.from({ length: 400 }, (_, i) => String(3201001 + i))
  writeFileSync(join(dir, 'kode.csv'), `Kode RS\n${rows.join('\n')}\n`)
  const w = startWatch([dir, '--preset', 'h', '--db', db, '--key', sandbox.key, '--settle-ms', '200'], { REKAP_WATCH_CLAIM_STALE_MS: String(WINDOW_MS) })
  const pid = w.child.pid!
  const start = await requests()
  await until('the job to send a few rows', async () => (await requests()) - start >= 4, w.out)
  const jobId = /^job (j[0-9a-f]+) kode\.csv$/m.exec(w.out())![1]
  // the lid closed
  w.child.kill('SIGSTOP')
  await until('desk A stopped', () => procState(pid) === 'T', w.out)
  return { dir, db, jobId, pid, w }
}

/** Desk A wakes up: waits until its job left `running`, or until it has sent 10 more requests. */
async function wake(d: { db: string; jobId: string; w: WatchProcess }, sentBefore: number): Promise<number> {
  d.w.child.kill('SIGCONT')
  await until('desk A to pause the job (or to go on sending)', async () => jobState(d.db, d.jobId).state !== 'running' || (await requests()) - sentBefore >= 10, d.w.out)
  return (await requests()) - sentBefore
}

async function end(w: WatchProcess): Promise<void> {
  w.child.kill('SIGCONT')
  w.child.kill('SIGTERM')
  await w.exited
}

describe('a watcher stalled past the staleness window', () => {
  it('its workbook taken over by another computer meanwhile: pauses the job when it wakes, before one more request is sent, and says why', async () => {
    const d = await stalledDesk('taken')
    try {
      const stalledAt = Date.now()
      // desk B's watcher sees desk A's heartbeat still for the window, and takes the workbook over
      await until('the staleness window to pass on desk B', () => Date.now() - stalledAt > WINDOW_MS + 500, d.w.out)
      const claimFile = join(d.dir, 'proses', 'kode.csv.ambil')
      renameSync(claimFile, `${claimFile}.4242.stale`)
      rmSync(`${claimFile}.4242.stale`)
      const theirs = `4242@${OTHER_DESK} ${new Date().toISOString()} ${Date.now() - 60_000}\n`
      writeFileSync(claimFile, theirs, { flag: 'wx' })

      expect(await wake(d, await requests()), `requests desk A sent after the takeover:\n${d.w.out()}`).toBe(0)
      const job = jobState(d.db, d.jobId)
      expect(job.state).toBe('paused')
      expect(job.detail).toContain(`taken over by ${OTHER_DESK}`)
      await until('desk A to say so', () => /kode\.csv: taken over by .*paused/.test(d.w.out()), d.w.out)
      // desk B's claim and the workbook are left to desk B
      expect(readFileSync(claimFile, 'utf8')).toBe(theirs)
      expect(existsSync(join(d.dir, 'kode.csv'))).toBe(true)
      expect(existsSync(join(d.dir, 'proses', 'kode.csv.menunggu.txt')), 'no note for a person in a folder desk B now owns').toBe(false)
    } finally {
      await end(d.w)
    }
  }, 180_000)

  it('nobody took it over: still pauses (it cannot know), keeps its claim, and leaves a note saying how to go on', async () => {
    const d = await stalledDesk('lapsed')
    try {
      const stalledAt = Date.now()
      // longer than half the window: its own beat is too old to be sure nobody took the workbook
      await until('half the window to pass', () => Date.now() - stalledAt > WINDOW_MS / 2 + 500, d.w.out)
      expect(await wake(d, await requests()), `requests desk A sent after the stall:\n${d.w.out()}`).toBe(0)
      const job = jobState(d.db, d.jobId)
      expect(job.state).toBe('paused')
      expect(job.detail).toMatch(/heartbeat could not be written for \d+ s/)
      const note = join(d.dir, 'proses', 'kode.csv.menunggu.txt')
      await until('the note for a person', () => existsSync(note), d.w.out)
      expect(readFileSync(note, 'utf8')).toContain(`rekap resume ${d.jobId}`)
      expect(readFileSync(join(d.dir, 'proses', 'kode.csv.ambil'), 'utf8')).toMatch(new RegExp(`^${d.pid}@${hostname()}#`))
    } finally {
      await end(d.w)
    }
  }, 180_000)
})
