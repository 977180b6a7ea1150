/**
 * Issue 23 item 6, below the screen: what another `rekap` process commits to the same store
 * reaches the app's event hub (job.state, job.progress, jobs.changed) within a second or two,
 * as if this process's engine had done it. Also what changes without touching a job's state or
 * counts: an owner giving the job back (Resume appears), an owner killed (interrupted).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProgressView } from '../../src-main/contract/ipc'
import { appPaths } from '../../src-main/app/app-paths'
import type { AppEvent } from '../../src-main/app/event-hub'
import { envKeyVault } from '../../src-main/app/key-vault'
import { openApp, type OpenApp } from '../../src-main/app/open-app'
import { openStore } from '../../src-main/core/store'
import { makeTempDir, REPO_ROOT } from '../helpers/temp-dir'

let tmp: ReturnType<typeof makeTempDir>
let app: OpenApp
const events: Array<AppEvent & { t: number }> = []

function rekapProcess(args: string[]): { child: ChildProcess; out: () => string; done: Promise<{ code: number | null; out: string }> } {
  const env = { ...process.env, REKAP_API_KEY: '', REKAP_DB: '', REKAP_LANG: 'en' }
  const child = spawn(process.execPath, ['bin/rekap.mjs', ...args, '--db', app.ctx.paths.dbFile], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  child.stdout!.on('data', (d) => (out += d))
  child.stderr!.on('data', (d) => (out += d))
  return { child, out: () => out, done: new Promise((resolve) => child.on('close', (code) => resolve({ code, out }))) }
}
const rekap = (args: string[]) => rekapProcess(args).done

function writeCodes(name: string, n: number): string {
  const file = join(tmp.dir, name)
  writeFileSync(file, ['Kode RS', ...Array.from({ length: n }, (_, i) => `31${String(71000 + i).padStart(5, '0')}`)].join('\n') + '\n')
  return file
}
const progressOf = (id: string) => events.filter((e) => e.name === 'job.progress' && e.payload.jobId === id).map((e) => e.payload as ProgressView)
const stateSent = (id: string, state: string) => events.some((e) => e.name === 'job.state' && e.payload.jobId === id && e.payload.state === state)

beforeAll(() => {
  tmp = makeTempDir('rekap-store-watch-')
  app = openApp({ mode: 'browser', paths: appPaths(join(tmp.dir, 'data')), vault: () => envKeyVault({}), platformLanguage: 'id-ID', heavyWorkThreads: false })
  app.ctx.events.subscribe((e) => events.push({ ...e, t: Date.now() }))
})
afterAll(async () => {
  await app?.close()
  tmp?.cleanup()
})

describe('the app hears what another process commits', () => {
  it('a job run by the CLI: running, its counts, then done with every row', async () => {
    const codes = writeCodes('codes.csv', 12)
    const r = await rekap(['run', codes, '--rps', '6'])
    expect(r.code, r.out).toBe(0)
    const id = /^job (\w+)$/m.exec(r.out)![1]
    const ended = Date.now()
    await expect.poll(() => events.some((e) => e.name === 'job.state' && e.payload.jobId === id && e.payload.state === 'done'), { timeout: 2_000 }).toBe(true)
    const progress = events.filter((e) => e.name === 'job.progress' && e.payload.jobId === id).map((e) => e.payload as ProgressView)
    expect(progress.length).toBeGreaterThan(2) // counts moved while it ran, not only at the end
    const last = progress.at(-1)!
    expect(last).toMatchObject({ state: 'done', counts: { total: 12, pending: 0, inFlight: 0 } })
    expect(last.counts.done + last.counts.failed).toBe(12)
    expect(events.find((e) => e.name === 'job.state' && e.payload.jobId === id && e.payload.state === 'done')!.t - ended).toBeLessThan(2_000)
  })

  it('an owner that paused its job and gives it back: Resume is sent though state and counts stay the same', async () => {
    const planned = await rekap(['run', writeCodes('given-back.csv', 5), '--dry-run'])
    const id = /^job (\w+)$/m.exec(planned.out)![1]
    // another process on another host owns the job and pauses it (a live lease: 15 s to expiry)
    const other = openStore(app.ctx.paths.dbFile)
    try {
      const owner = { ownerId: 'desk-2:4242:1:test', host: 'desk-2', pid: 4242, processStartedAt: 1 }
      expect(other.leases.acquire(id, owner, { now: Date.now(), processAlive: () => true }).ok).toBe(true)
      other.jobs.transition(id, 'running', Date.now())
      other.jobs.transition(id, 'paused', Date.now())
      await expect.poll(() => stateSent(id, 'paused'), { timeout: 2_000 }).toBe(true)
      expect(progressOf(id).at(-1)!.actions).not.toContain('resume') // its owner still holds it
      const sent = progressOf(id).length

      other.leases.release(id, owner)
      await expect.poll(() => progressOf(id).slice(sent).some((p) => p.actions.includes('resume')), { timeout: 2_000 }).toBe(true)
      expect(progressOf(id).at(-1)).toMatchObject({ state: 'paused', owner: null })
    } finally {
      other.close()
    }
  })

  it('a `rekap run` killed mid-job (it commits nothing more): shown interrupted, with Resume, within 2 s', async () => {
    const run = rekapProcess(['run', writeCodes('killed.csv', 40), '--rps', '2'])
    await expect.poll(() => /^job (\w+)$/m.exec(run.out())?.[1], { timeout: 15_000 }).toBeTruthy()
    const id = /^job (\w+)$/m.exec(run.out())![1]
    await expect.poll(() => progressOf(id).some((p) => p.state === 'running' && p.counts.done + p.counts.failed > 0), { timeout: 15_000 }).toBe(true)
    run.child.kill('SIGKILL')
    await run.done
    const killed = Date.now()
    await expect.poll(() => stateSent(id, 'interrupted'), { timeout: 2_000 }).toBe(true)
    expect(events.find((e) => e.name === 'job.state' && e.payload.jobId === id && e.payload.state === 'interrupted')!.t - killed).toBeLessThan(2_000)
    expect(progressOf(id).at(-1)!.actions).toContain('resume')
  })
})
