/**
 * Issue 23 item 6: the app stays live when ANOTHER process acts. Real `rekap ui` (browser mode)
 * in real Chromium, and real `rekap` processes on the same data file: a job the CLI runs, pauses
 * and resumes shows its state and counts on the open job screen within a couple of seconds; a
 * job the APP runs, paused by `rekap pause` and finished by `rekap resume`, ends "Selesai" on
 * the screen (it used to stay "Dijeda" with Resume/Cancel).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { screenshot } from './helpers/browser'
import { useAppPage } from './helpers/app-page'
import { REPO_ROOT } from '../helpers/sandbox-process'
import { dieAtFirstLine } from '../helpers/rekap-process'

let codes: string
const app = useAppPage({
  viewport: { width: 1280, height: 800 },
  locale: 'id-ID',
  ui: { sandboxLatencyMs: 100 },
  beforeBrowser: async (ui) => {
    codes = path.join(ui.dataDir, 'codes.csv')
    writeFileSync(codes, ['Kode RS', ...Array.from({ length: 40 }, (_, i) => `31${String(71000 + i).padStart(5, '0')}`)].join('\n') + '\n')
  },
  readyTestId: 'nav-history',
})

function rekap(args: string[]): { child: ChildProcess; out: () => string; done: Promise<{ code: number | null; out: string }> } {
  const env = { ...process.env, REKAP_API_KEY: '', REKAP_DB: '', REKAP_LANG: 'en' }
  const child = spawn(process.execPath, ['bin/rekap.mjs', ...args, '--db', app.ui.dbFile], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  child.stdout!.on('data', (d) => (out += d))
  child.stderr!.on('data', (d) => (out += d))
  return { child, out: () => out, done: new Promise((resolve) => child.on('close', (code) => resolve({ code, out }))) }
}

/** The screen shows `state` within 2.5 s of the other process having done its part. */
async function screenSays(state: string, timeout = 2_500): Promise<void> {
  await app.page.locator(`[data-testid=job-state][data-state=${state}]`).waitFor({ timeout })
}

/**
 * The counts and buttons that go with a state the screen already shows: they come in the progress
 * snapshot sent right after the state change (a second message), so they are waited for, not read
 * at the instant the state appears.
 */
async function screenEndsWith(rows: number, gone: string[]): Promise<void> {
  await expect.poll(finished, { timeout: 2_500 }).toBe(rows)
  for (const id of gone) await app.page.getByTestId(id).waitFor({ state: 'detached', timeout: 2_500 })
}

/** Rows finished as the job screen shows them (done + failed: codes the sandbox does not know fail). */
async function finished(): Promise<number> {
  const n = async (id: string) => Number(((await app.page.getByTestId(id).textContent()) ?? '').replace(/\D/g, ''))
  return (await n('count-done')) + (await n('count-failed'))
}

describe('what another rekap process does reaches the open screen', () => {
  it('a job the CLI runs, pauses and resumes: state and counts follow on the job screen', async () => {
    const run = rekap(['run', codes, '--rps', '4'])
    // the first line of `rekap run` is machine-read: `job <id>`
    const id = await new Promise<string>((resolve) => {
      const check = (): void => {
        const m = /^job (\w+)$/m.exec(run.out())
        if (m) resolve(m[1])
        else setTimeout(check, 100)
      }
      check()
    })
    await app.page.evaluate((job) => (location.hash = `#/job/${job}`), id)
    await screenSays('running', 15_000)
    // the counts move on the screen while the other process works
    const first = await finished()
    await expect.poll(finished, { timeout: 5_000 }).toBeGreaterThan(first + 2)

    expect((await rekap(['pause', id]).done).code).toBe(0)
    await screenSays('paused')
    await run.done
    // the CLI gives the job back as it exits (no change of state or counts): Resume appears then
    await app.page.getByTestId('resume').waitFor({ timeout: 2_500 })

    const resumed = rekap(['resume', id])
    expect((await resumed.done).code).toBe(0)
    await screenSays('done')
    await screenEndsWith(40, ['resume'])
  })

  it('a job the APP runs, paused by `rekap pause` and finished by `rekap resume`, ends done on the screen', async () => {
    const plan = rekap(['run', codes, '--dry-run', '--rps', '3'])
    const planned = await plan.done
    const id = /^job (\w+)$/m.exec(planned.out)![1]
    await app.page.evaluate((job) => (location.hash = `#/job/${job}`), id)
    await app.page.getByTestId('start').click()
    await screenSays('running', 10_000)

    expect((await rekap(['pause', id]).done).code).toBe(0)
    await screenSays('paused', 10_000)
    await app.page.getByTestId('resume').waitFor()

    expect((await rekap(['resume', id]).done).code).toBe(0)
    await screenSays('done')
    await screenEndsWith(40, ['resume', 'cancel'])
    await app.page.getByTestId('nav-history').click()
    await app.page.locator(`[data-job="${id}"] [data-state=done]`).waitFor({ timeout: 2_500 })
    await screenshot(app.page, 'history-live')
  })

  it('a plan another process never finished (killed while reading the sheet): said so on its screen, no Start, only Cancel', async () => {
    // killed by itself the moment it said `job <id>`: no race with the test at any load
    const env = { ...process.env, REKAP_API_KEY: '', REKAP_DB: '', REKAP_LANG: 'en' }
    const run = spawnSync(process.execPath, [...dieAtFirstLine(app.ui.dataDir), 'bin/rekap.mjs', 'run', codes, '--db', app.ui.dbFile], { cwd: REPO_ROOT, env, encoding: 'utf8' })
    expect(run.signal).toBe('SIGKILL')
    const id = /^job (\w+)$/.exec(run.stdout.split('\n')[0])![1]
    await app.page.evaluate((job) => (location.hash = `#/job/${job}`), id)
    await screenSays('draft', 10_000)
    await app.page.getByTestId('unfinished-plan').waitFor()
    expect(await app.page.getByTestId('unfinished-plan').textContent()).toMatch(/tidak pernah selesai.*Belum ada yang dikirim/)
    expect(await app.page.getByTestId('start').count()).toBe(0)
    expect(await app.page.getByTestId('resume').count()).toBe(0)
    expect(await app.page.getByTestId('cancel').isVisible()).toBe(true)
    await screenshot(app.page, 'job-unfinished-plan')
  })
})
