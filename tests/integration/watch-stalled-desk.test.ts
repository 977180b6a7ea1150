/**
 * A desk whose watcher stalls (lid closed, share out of reach) for longer than the staleness
 * window can have its workbook taken over by another computer while its own job still runs.
 * Before, it woke up and went on sending rows: every remaining row sent and paid twice. Now it
 * notices (its own claim not kept alive in time, or no longer its own) and pauses the job before
 * one more request goes out, saying why. Real `rekap watch`, the real sandbox; the stall is a
 * SIGSTOP, the takeover is what another computer's watcher does (rename aside, claim anew).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process'
import { makeTempDir, REPO_ROOT } from '../helpers/temp-dir'
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

function watcher(args: string[], env: NodeJS.ProcessEnv): { child: ChildProcess; out: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['bin/rekap.mjs', 'watch', ...args], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, REKAP_API_KEY: '', REKAP_DB: '', REKAP_LANG: 'en', ...env },
  })
  let out = ''
  child.stdout!.setEncoding('utf8').on('data', (s: string) => (out += s))
  child.stderr!.setEncoding('utf8').on('data', (s: string) => (out += s))
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)))
  return { child, out: () => out, exited }
}

/** Polls a state (a count, a line, a process state), never a fixed sleep. */
async function until(what: string, cond: () => boolean | Promise<boolean>, output: () => string): Promise<void> {
  const start = Date.now()
  while (!(await cond())) {
    if (Date.now() - start > 120_000) throw new Error(`timed out waiting for ${what}\n${output()}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** The process's state letter in /proc (T: stopped). */
function procState(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3)
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

describe.skipIf(process.platform !== 'linux')('a watcher stalled past the staleness window while another computer took its workbook over', () => {
  it('pauses the job when it wakes, before one more request is sent, and says why', async () => {
    const dir = join(tmp.dir, 'folder')
    const db = join(tmp.dir, 'desk-a.db')
    mkdirSync(dir, { recursive: true })
    // slow enough to be stalled in the middle: 400 rows at 4 per second
    const saved = await rekap(['preset', 'save', 'h', '--kind', 'hospital-lookup', '--base-url', sandbox.url, '--rps', '4', '--concurrency', '1', '--db', db])
    expect(saved.code, saved.out + saved.err).toBe(0)
    const rows = Array.from({ length: 400 }, (_, i) => String(3201001 + i))
    writeFileSync(join(dir, 'kode.csv'), `Kode RS\n${rows.join('\n')}\n`)
    const w = watcher([dir, '--preset', 'h', '--db', db, '--key', sandbox.key, '--settle-ms', '200'], { REKAP_WATCH_CLAIM_STALE_MS: String(WINDOW_MS) })
    const pid = w.child.pid!
    try {
      const start = await requests()
      await until('the job to send a few rows', async () => (await requests()) - start >= 4, w.out)
      const jobId = /^job (j[0-9a-f]+) kode\.csv$/m.exec(w.out())![1]

      // desk A stalls (the lid closed)...
      w.child.kill('SIGSTOP')
      await until('desk A stopped', () => procState(pid) === 'T', w.out)
      const stalledAt = Date.now()
      // ...desk B's watcher sees its heartbeat still for the window, and takes the workbook over
      await until('the staleness window to pass on desk B', () => Date.now() - stalledAt > WINDOW_MS + 500, w.out)
      const claimFile = join(dir, 'proses', 'kode.csv.ambil')
      renameSync(claimFile, `${claimFile}.4242.stale`)
      rmSync(`${claimFile}.4242.stale`)
      const theirs = `4242@${OTHER_DESK} ${new Date().toISOString()} ${Date.now() - 60_000}\n`
      writeFileSync(claimFile, theirs, { flag: 'wx' })
      const atTakeover = await requests()

      // desk A wakes up
      w.child.kill('SIGCONT')
      await until(
        'desk A to pause the job (or to go on sending)',
        async () => jobState(db, jobId).state !== 'running' || (await requests()) - atTakeover >= 10,
        w.out,
      )
      expect((await requests()) - atTakeover, `requests desk A sent after the takeover:\n${w.out()}`).toBe(0)
      const job = jobState(db, jobId)
      expect(job.state).toBe('paused')
      expect(job.detail).toContain(`taken over by ${OTHER_DESK}`)
      await until('desk A to say so', () => /kode\.csv: taken over by .*paused/.test(w.out()), w.out)
      // desk B's claim and the workbook are left to desk B
      expect(readFileSync(claimFile, 'utf8')).toBe(theirs)
      expect(existsSync(join(dir, 'kode.csv'))).toBe(true)
      expect(existsSync(join(dir, 'proses', 'kode.csv.menunggu.txt')), 'no note for a person in a folder desk B now owns').toBe(false)
    } finally {
      w.child.kill('SIGCONT')
      w.child.kill('SIGTERM')
      await w.exited
    }
  }, 180_000)
})
