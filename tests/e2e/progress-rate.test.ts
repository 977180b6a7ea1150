/**
 * Issue 17: "progress messages to the UI <= 10 per second whatever the job size", measured
 * where the user sees them: in Chromium, on the page's own event stream (browser mode's SSE
 * channel), while a real job runs on the embedded sandbox at the premium plan's 100 requests a
 * second (100 rows settle a second, each one a progress trigger in the engine). Every message
 * the page receives is timed there; no 1-second window may hold more than 10 progress messages
 * of the job, and the last one must be the final state (done, nothing pending or in flight).
 * The same rule for a job 15 times bigger: the message rate must not grow with the row count.
 */
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startUi, type RunningUi } from '../../src-main/browser/run-ui'
import { makeTempDir } from '../helpers/temp-dir'
import { countOf, launchChromium } from './helpers/browser'
import { ensureRendererBuilt } from './helpers/renderer-build'

/**
 * Runs before the page's scripts: every EventSource the page opens records each event it
 * receives (name, arrival time on the page's clock, payload). A string, so no bundler helper
 * leaks into the page.
 */
const RECORD_EVENTS = `(() => {
  const Native = window.EventSource
  window.__rekapEvents = []
  window.EventSource = class extends Native {
    constructor(url, init) {
      super(url, init)
      for (const name of ['job.progress', 'job.state', 'jobs.changed']) {
        this.addEventListener(name, (e) => window.__rekapEvents.push({ name, t: performance.now(), data: JSON.parse(e.data) }))
      }
    }
  }
})()`

interface Received {
  name: string
  t: number
  data: { jobId?: string; state?: string; counts?: { total: number; pending: number; inFlight: number; done: number; failed: number } }
}

/** The most messages any window of `windowMs` holds (sliding: each message opens a window). */
function mostInWindow(times: number[], windowMs: number): { n: number; from: number } {
  const t = [...times].sort((a, b) => a - b)
  let best = { n: 0, from: 0 }
  let end = 0
  for (let start = 0; start < t.length; start++) {
    while (end < t.length && t[end] < t[start] + windowMs) end++
    if (end - start > best.n) best = { n: end - start, from: t[start] }
  }
  return best
}

let tmp: ReturnType<typeof makeTempDir>
let ui: RunningUi
let browser: Browser
let page: Page

beforeAll(async () => {
  ensureRendererBuilt()
  tmp = makeTempDir('rekap-e2e-progress-')
  // The embedded sandbox's account on the premium hospital plan (100 rps), as in bench/responsiveness.ts.
  ui = await startUi({ dbFile: path.join(tmp.dir, 'rekap.db'), sandbox: { hospitalPlan: 'premium' }, env: {} })
  browser = await launchChromium()
  page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'en-US' })
  await page.addInitScript(RECORD_EVENTS)
  await page.goto(ui.server.url)
  // The premium plan in Settings: rekap sends at 100 requests a second.
  await page.getByTestId('nav-settings').click()
  await page.getByTestId('plans-panel').waitFor()
  await page.getByTestId('plan').selectOption('premium')
  await page.getByTestId('settings-save').click()
  await page.getByTestId('settings-saved').waitFor()
  await expect(page.getByTestId('rate-hospitals').inputValue()).resolves.toBe('100')
})

afterAll(async () => {
  await browser?.close()
  await ui?.close()
  tmp?.cleanup()
})

/** A hospital lookup csv: `codes` distinct codes (one call each), the other rows their duplicates. */
function writeCodes(name: string, rows: number, codes: number): string {
  const file = path.join(tmp.dir, name)
  const lines = ['Kode RS,Keterangan']
  for (let i = 0; i < rows; i++) lines.push(`RS${String(i % codes).padStart(6, '0')},baris ${i + 1}`)
  writeFileSync(file, lines.join('\n'))
  return file
}

/** Plans and starts the job in the page, waits for its final state, returns what the page received. */
async function runInPage(file: string, rows: number): Promise<{ jobId: string; progress: Received[]; runMs: number }> {
  await page.getByTestId('nav-new').click()
  await page.getByTestId('file-input').setInputFiles(file)
  await page.getByTestId('mapping').waitFor({ timeout: 60_000 })
  await page.getByTestId('check').click()
  await page.getByTestId('preflight').waitFor({ timeout: 120_000 })
  expect(await countOf(page, 'pf-total')).toBe(rows)
  await page.getByTestId('pf-budget').fill('')
  await page.evaluate(() => ((window as unknown as { __rekapEvents: unknown[] }).__rekapEvents.length = 0))
  await page.getByTestId('pf-start').click()
  await page.getByTestId('job-state').waitFor()
  const jobId = new URL(page.url()).hash.split('/')[2]
  await page.locator('[data-testid=job-state][data-state=done][data-owned=no]').waitFor({ timeout: 240_000 })
  // The final state arrives on the event stream itself (not only in a command's answer).
  await page.waitForFunction(
    (id) =>
      (window as unknown as { __rekapEvents: Received[] }).__rekapEvents.some(
        (e) => e.name === 'job.progress' && e.data.jobId === id && e.data.state === 'done' && e.data.counts!.pending + e.data.counts!.inFlight === 0,
      ),
    jobId,
    { timeout: 30_000 },
  )
  const received = await page.evaluate(() => (window as unknown as { __rekapEvents: Received[] }).__rekapEvents)
  const progress = received.filter((e) => e.name === 'job.progress' && e.data.jobId === jobId)
  return { jobId, progress, runMs: progress[progress.length - 1].t - progress[0].t }
}

function checkRate(progress: Received[], rows: number, runMs: number): void {
  const most = mostInWindow(
    progress.map((e) => e.t),
    1000,
  )
  const last = progress[progress.length - 1].data
  console.log(
    `${rows} rows: ${progress.length} progress messages in ${(runMs / 1000).toFixed(1)} s on the page ` +
      `(${((progress.length * 1000) / Math.max(runMs, 1)).toFixed(1)}/s on average), at most ${most.n} in one second`,
  )
  // enough traffic that the throttle was needed: 100 rows a second settle for several seconds
  expect(runMs).toBeGreaterThan(3000)
  expect(most.n).toBeLessThanOrEqual(10)
  expect(last.state).toBe('done')
  expect(last.counts).toMatchObject({ total: rows, pending: 0, inFlight: 0 })
  expect(last.counts!.done + last.counts!.failed).toBe(rows)
}

describe('progress messages in the browser', () => {
  it('a 3,000-row job at 100 rows a second: at most 10 progress messages in any second, the final state arrives', async () => {
    const rows = 3000
    const { progress, runMs } = await runInPage(writeCodes('kode-3rb.csv', rows, 1000), rows)
    checkRate(progress, rows, runMs)
    expect(await countOf(page, 'count-pending')).toBe(0)
  })

  it('a 45,000-row job (same calls, 15x the rows): still at most 10 a second', async () => {
    const rows = 45_000
    const { progress, runMs } = await runInPage(writeCodes('kode-45rb.csv', rows, 1000), rows)
    checkRate(progress, rows, runMs)
  })
})
