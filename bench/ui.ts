/**
 * The UI in browser mode: time to first paint, and frame times while scrolling a 100,000-row
 * results table, against the naive approach (the same rows as a plain, non-virtualised table,
 * capped at 10,000 because 100,000 DOM rows do not finish in reasonable time).
 *   npx tsx bench/ui.ts
 * Needs the built renderer (npx electron-vite build) and Debian's chromium.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium, type Page } from 'playwright-core'
import { openStore } from '../src-main/core/store'
import { createEngine } from '../src-main/core/engine'
import { defaultContext } from '../src-main/core/context'
import { defaultJobSettings } from '../src-main/core/model/job-settings'

const ROWS = Number(process.env.ROWS ?? 100_000)
const root = resolve(import.meta.dirname, '..')
const dir = mkdtempSync(join(tmpdir(), 'rekap-bench-ui-'))
const dbFile = join(dir, 'rekap.db')

// A planned 100k-row job in the store the UI will open (planning through the real engine).
const csv = join(dir, 'codes.csv')
writeFileSync(csv, ['Kode RS,Keterangan', ...Array.from({ length: ROWS }, (_, i) => `RS${String(i).padStart(6, '0')},baris ${i + 1}`)].join('\n'))
const store = openStore(dbFile)
const engine = createEngine({ store, ctx: defaultContext(), picturesDir: dir, resolveTarget: async () => ({ baseUrl: 'http://127.0.0.1:9', source: 'bench', sandbox: true }) })
const t0 = performance.now()
const plan = await engine.plan({ file: csv, kind: 'hospital-lookup', settings: defaultJobSettings({ sandbox: true }) })
console.log(`plan of ${ROWS} rows (import, checks, store): ${((performance.now() - t0) / 1000).toFixed(1)} s`)
await engine.close()
store.close()

const child = spawn(process.execPath, ['bin/rekap.mjs', 'ui', '--port', '0', '--no-open', '--db', dbFile], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, REKAP_DATA_DIR: dir } })
let out = ''
child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s))
const url = await new Promise<string>((done) => {
  const poll = setInterval(() => {
    const m = /rekap ui at (\S+)/.exec(out)
    if (m) (clearInterval(poll), done(m[1]))
  }, 50)
})

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
})

/**
 * Scrolls `px` per frame for 3 s and times the frames. A string, so no bundler helper leaks into
 * the page. 1,500 px a frame is a hard fling; 100 px a frame (one wheel notch in Chromium per
 * frame, ~6,000 px/s) is a normal, brisk wheel.
 */
const SCROLL_SCRIPT = (sel: string, px: number): string => `(async () => {
  const el = document.querySelector(${JSON.stringify(sel)})
  const gaps = []
  let last = performance.now()
  const until = last + 3000
  await new Promise((done) => {
    function step(now) {
      gaps.push(now - last)
      last = now
      el.scrollTop += ${px}
      if (now < until) requestAnimationFrame(step)
      else done()
    }
    requestAnimationFrame(step)
  })
  gaps.sort((a, b) => a - b)
  return { frames: gaps.length, p50: gaps[Math.floor(gaps.length / 2)], p95: gaps[Math.floor(gaps.length * 0.95)], max: gaps[gaps.length - 1], domRows: el.querySelectorAll('tr, .vrow').length }
})()`

async function scrollStats(page: Page, selector: string, px = 1500): Promise<{ frames: number; p50: number; p95: number; max: number; domRows: number }> {
  return page.evaluate(SCROLL_SCRIPT(selector, px))
}

try {
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
const loadStart = Date.now()
await page.goto(url)
await page.getByTestId('nav-history').waitFor()
const paint = (await page.evaluate(`Object.fromEntries(performance.getEntriesByType('paint').map((e) => [e.name, e.startTime]))`)) as Record<string, number>
console.log(`first paint ${paint['first-paint']?.toFixed(0)} ms, first contentful paint ${paint['first-contentful-paint']?.toFixed(0)} ms, app usable after ${Date.now() - loadStart} ms`)

await page.goto(new URL(`#/job/${plan.jobId}`, url).toString())
await page.locator('.vrow[data-row="1"]').waitFor({ timeout: 60_000 })
const virtual = await scrollStats(page, '[data-testid=rows-scroller]')
console.log(`rekap, virtualised ${ROWS} rows, 1,500 px a frame: ${virtual.frames} frames in 3 s, p50 ${virtual.p50.toFixed(1)} ms, p95 ${virtual.p95.toFixed(1)} ms, worst ${virtual.max.toFixed(0)} ms, ${virtual.domRows} rows in the DOM`)
const wheel = await scrollStats(page, '[data-testid=rows-scroller]', 100)
console.log(`rekap, virtualised ${ROWS} rows, 100 px a frame (normal wheel): ${wheel.frames} frames in 3 s, p50 ${wheel.p50.toFixed(1)} ms, p95 ${wheel.p95.toFixed(1)} ms, worst ${wheel.max.toFixed(0)} ms (target p95 <= 20 ms)`)

// Naive: every row rendered into one plain table (10,000 of them).
const naive = await browser.newPage({ viewport: { width: 1280, height: 800 } })
const NAIVE_ROWS = 10_000
const buildStart = Date.now()
await naive.setContent(`<div id="s" style="height:700px;overflow:auto"><table>${Array.from({ length: NAIVE_ROWS }, (_, i) => `<tr><td>${i + 1}</td><td>RS${String(i).padStart(6, '0')}</td><td>baris ${i + 1}</td><td>DITEMUKAN</td></tr>`).join('')}</table></div>`)
const buildMs = Date.now() - buildStart
const plain = await scrollStats(naive, '#s')
console.log(`naive, plain table of ${NAIVE_ROWS} rows: built in ${buildMs} ms, ${plain.frames} frames in 3 s, p95 ${plain.p95.toFixed(1)} ms, ${plain.domRows} rows in the DOM`)
const plainWheel = await scrollStats(naive, '#s', 100)
console.log(`naive, plain table, 100 px a frame: p95 ${plainWheel.p95.toFixed(1)} ms; rekap's p95 / naive's = ${(wheel.p95 / plainWheel.p95).toFixed(2)}`)
console.log(`DOM rows: virtualised ${virtual.domRows} for ${ROWS} rows vs naive ${plain.domRows} for ${NAIVE_ROWS} (${(plain.domRows / Math.max(1, virtual.domRows)).toFixed(0)}x)`)

} finally {
  await browser.close()
  child.kill('SIGTERM')
  await new Promise((r) => child.once('exit', r))
  rmSync(dir, { recursive: true, force: true })
}
