/**
 * Issue 23 item 6, below the screen: what another `rekap` process commits to the same store
 * reaches the app's event hub (job.state, job.progress, jobs.changed) within a second or two,
 * as if this process's engine had done it.
 */
import { spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProgressView } from '../../src-main/contract/ipc'
import { appPaths } from '../../src-main/app/app-paths'
import type { AppEvent } from '../../src-main/app/event-hub'
import { envKeyVault } from '../../src-main/app/key-vault'
import { openApp, type OpenApp } from '../../src-main/app/open-app'
import { makeTempDir, REPO_ROOT } from '../helpers/temp-dir'

let tmp: ReturnType<typeof makeTempDir>
let app: OpenApp
const events: Array<AppEvent & { t: number }> = []

function rekap(args: string[]): Promise<{ code: number | null; out: string }> {
  const env = { ...process.env, REKAP_API_KEY: '', REKAP_DB: '', REKAP_LANG: 'en' }
  const child = spawn(process.execPath, ['bin/rekap.mjs', ...args, '--db', app.ctx.paths.dbFile], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  child.stdout.on('data', (d) => (out += d))
  child.stderr.on('data', (d) => (out += d))
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, out })))
}

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
    const codes = join(tmp.dir, 'codes.csv')
    writeFileSync(codes, ['Kode RS', ...Array.from({ length: 12 }, (_, i) => `31${String(71000 + i).padStart(5, '0')}`)].join('\n') + '\n')
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
})
