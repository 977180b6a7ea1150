/**
 * A look at every screen (scratch): starts `rekap ui` with the embedded sandbox, runs a real small
 * job, and saves screenshots of each screen and main state at 1366x768 and 1024x640, in Indonesian
 * and English, to TOUR_DIR (default /tmp/ui-tour). Logs boxes whose text overflows.
 *   npx tsx scripts/ui-tour.ts
 */
import { spawn } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { startUiProcess } from '../tests/e2e/helpers/ui-process'
import { launchChromium } from '../tests/e2e/helpers/browser'
import { ensureRendererBuilt } from '../tests/e2e/helpers/renderer-build'
import { REPO_ROOT, SHARED_DIR } from '../tests/helpers/sandbox-process'

const OUT = process.env.TOUR_DIR ?? '/tmp/ui-tour'
const SIZES = [
  [1366, 768],
  [1024, 640],
] as const
const FACES = path.join(SHARED_DIR, 'fixtures', 'faces')
const issues: string[] = []

function rekap(args: string[]): Promise<string> {
  const child = spawn(process.execPath, ['bin/rekap.mjs', ...args], { cwd: REPO_ROOT, env: { ...process.env, REKAP_API_KEY: '' } })
  let out = ''
  child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s))
  child.stderr.setEncoding('utf8').on('data', (s: string) => (out += s))
  return new Promise((done) => child.once('exit', () => done(out)))
}

async function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = []
    const doc = document.scrollingElement!
    if (doc.scrollWidth > doc.clientWidth + 1) found.push(`page scrolls sideways ${doc.scrollWidth}>${doc.clientWidth}`)
    const main = document.querySelector('main')
    if (main && main.scrollWidth > main.clientWidth + 1) found.push(`main scrolls sideways ${main.scrollWidth}>${main.clientWidth}`)
    for (const el of document.querySelectorAll<HTMLElement>('button, label, .notice, .tag, th, td, h1, h2, .panel, span, p')) {
      if (!el.offsetParent || el.classList.contains('ellipsis') || el.classList.contains('visually-hidden')) continue
      const style = getComputedStyle(el)
      if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0 && style.overflowX !== 'auto' && style.overflowX !== 'scroll' && style.display !== 'inline') {
        found.push(`${el.tagName.toLowerCase()}.${el.className} [${el.dataset.testid ?? ''}] ${el.scrollWidth}>${el.clientWidth}: ${(el.textContent ?? '').trim().slice(0, 60)}`)
      }
      const r = el.getBoundingClientRect()
      if (el.tagName === 'BUTTON' && r.right > window.innerWidth + 1) found.push(`button off-screen right: ${(el.textContent ?? '').trim().slice(0, 40)}`)
    }
    return found
  })
}

async function shoot(page: Page, lang: string, name: string): Promise<void> {
  for (const [w, h] of SIZES) {
    await page.setViewportSize({ width: w, height: h })
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
    const file = path.join(OUT, `${lang}-${w}-${name}.png`)
    await page.screenshot({ path: file, fullPage: false })
    for (const o of await overflow(page)) issues.push(`${lang} ${w} ${name}: ${o}`)
  }
}

async function jobScreens(page: Page, lang: 'id' | 'en'): Promise<void> {
  await page.getByTestId('language').selectOption(lang)
  await page.getByTestId('nav-new').click()
  await shoot(page, lang, '01-new-empty')
  await page.getByTestId('path-input').fill('/tidak/ada/berkas.xlsx')
  await page.getByTestId('path-open').click()
  await page.getByTestId('newjob-error').waitFor({ timeout: 30_000 })
  await shoot(page, lang, '02-new-error-missing-file')
  await page.getByTestId('path-input').fill(path.join(REPO_ROOT, 'examples', 'kyc', 'kyc-sample.xlsx'))
  await page.getByTestId('path-open').click()
  await page.getByTestId('mapping').waitFor({ timeout: 60_000 })
  await shoot(page, lang, '03-new-mapping')
  await page.getByTestId('check').click()
  await page.getByTestId('preflight').waitFor({ timeout: 60_000 })
  await page.getByTestId('preflight').evaluate((el) => el.scrollIntoView({ block: 'start' }))
  await shoot(page, lang, '04-plan-preflight')
  await page.getByTestId('pf-start').click()
  await page.getByTestId('job-state').waitFor()
  await page.waitForFunction(() => Number(document.querySelector('[data-testid=count-done]')?.textContent?.replace(/\D/g, '') ?? 0) >= 1, null, { timeout: 120_000 })
  await shoot(page, lang, '05-job-running')
  await page.locator('[data-testid=job-state][data-state=done]').waitFor({ timeout: 300_000 })
  await page.waitForFunction(() => [...document.querySelectorAll('.vrow .tag')].every((t) => !t.classList.contains('s-in-flight') && !t.classList.contains('s-pending')), null, { timeout: 30_000 })
  await shoot(page, lang, '06-job-done')
  await page.locator('.vrow[data-row="1"]').click()
  await page.getByTestId('row-detail').waitFor()
  await page.getByTestId('photo-image1').waitFor({ timeout: 30_000 }).catch(() => undefined)
  await page.getByTestId('row-detail').evaluate((el) => el.scrollIntoView({ block: 'start' }))
  await shoot(page, lang, '07-job-row-detail')
  await page.getByTestId('export').evaluate((el) => el.scrollIntoView({ block: 'center' }))
  await shoot(page, lang, '08-job-export')
}

async function otherScreens(page: Page, lang: 'id' | 'en', reviewJob: string): Promise<void> {
  await page.evaluate((id) => (location.hash = `#/review/${id}`), reviewJob)
  await page.locator('[data-testid=reviewer-setup], [data-testid=review-pair]').first().waitFor({ timeout: 30_000 })
  await page.getByTestId('review-photo-image1').waitFor({ timeout: 30_000 }).catch(() => undefined)
  await shoot(page, lang, '09-review-setup')
  if (await page.getByTestId('reviewer-name').count()) {
    await page.getByTestId('reviewer-name').fill('Ani Wijaya')
    await page.keyboard.press('Enter')
    await page.getByTestId('review-signed-as').waitFor({ timeout: 30_000 }).catch(() => undefined)
  }
  await page.getByTestId('review-photo-image1').waitFor({ timeout: 30_000 }).catch(() => undefined)
  await shoot(page, lang, '10-review-pair')
  await page.getByTestId('nav-history').click()
  await page.locator('[data-job]').first().waitFor()
  await shoot(page, lang, '11-history')
  await page.getByTestId('nav-directory').click()
  await page.getByTestId('provinces').locator('label').first().waitFor({ timeout: 30_000 })
  await shoot(page, lang, '12-directory-empty')
  await page.getByTestId('provinces').locator('label', { hasText: 'Bali' }).locator('input').check()
  await page.getByTestId('regencies').locator('input').first().waitFor()
  await page.getByTestId('dir-sync').click()
  await page.locator('[data-testid=dir-sync-progress][data-state=done]').waitFor({ timeout: 180_000 })
  await page.getByTestId('dir-table').waitFor({ timeout: 30_000 }).catch(() => undefined)
  await shoot(page, lang, '13-directory-synced')
  await page.getByTestId('dir-table').evaluate((el) => el.scrollIntoView({ block: 'start' })).catch(() => undefined)
  await shoot(page, lang, '14-directory-table')
  await settingsScreens(page, lang)
}

async function settingsScreens(page: Page, lang: 'id' | 'en'): Promise<void> {
  await page.getByTestId('nav-team').click()
  await page.locator('[data-testid=team-none], [data-testid=team-error], [data-testid=team-jobs]').first().waitFor({ timeout: 30_000 })
  await shoot(page, lang, '15-team')
  await page.getByTestId('nav-settings').click()
  await page.getByTestId('settings-sandbox').waitFor()
  await shoot(page, lang, '16-settings-top')
  await page.getByTestId('test-connection').click()
  await page.getByTestId('test-result').waitFor({ timeout: 30_000 })
  await shoot(page, lang, '17-settings-test')
  for (const [i, frac] of [0.33, 0.66, 1].entries()) {
    await page.evaluate((f) => document.querySelector('main')!.scrollTo({ top: document.querySelector('main')!.scrollHeight * f }), frac)
    await shoot(page, lang, `18-settings-scroll${i}`)
  }
  await page.getByTestId('watch-panel').evaluate((el) => el.scrollIntoView({ block: 'start' }))
  await shoot(page, lang, '19-watch-panel')
  await page.getByTestId('watch-dir').fill('/tidak/ada')
  const preset = page.getByTestId('watch-preset')
  if ((await preset.locator('option').count()) > 1) await preset.selectOption({ index: 1 })
  if (await page.getByTestId('watch-start').isEnabled()) {
    await page.getByTestId('watch-start').click()
    await page.locator('[data-testid=watch-panel] .notice, [data-testid=watch-running]').first().waitFor({ timeout: 30_000 })
  }
  await shoot(page, lang, '20-watch-after-start')
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true })
  ensureRendererBuilt()
  const ui = await startUiProcess({ sandboxLatencyMs: Number(process.env.TOUR_LATENCY ?? 1200) })
  const csv = path.join(ui.dataDir, 'kyc-tinjauan.csv')
  const pairs = [['obama_1.jpg', 'obama_2.jpg'], ['biden_1.jpg', 'kit_harington_1.jpg'], ['rose_leslie_1.jpg', 'rose_leslie_2.jpg']]
  writeFileSync(csv, ['NIK,Nama,Foto KTP,Foto Selfie', ...pairs.map(([a, b], i) => `320101129000000${i},Nasabah ${i + 1},${path.join(FACES, a)},${path.join(FACES, b)}`)].join('\n'))
  const run = await rekap(['run', csv, '--review-band', '0,1', '--yes', '--allow-outside-paths', '--json', '--db', ui.dbFile])
  const reviewJob = /"(?:jobId|id)"\s*:\s*"(\w+)"/.exec(run)![1]
  const browser = await launchChromium()
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'en-US', acceptDownloads: true })
    const page = await context.newPage()
    page.on('dialog', (d) => void d.accept())
    await page.goto(ui.url)
    await page.getByTestId('nav-new').waitFor()
    for (const lang of (process.env.TOUR_LANGS ?? 'id,en').split(',') as Array<'id' | 'en'>) {
      await jobScreens(page, lang)
      await otherScreens(page, lang, reviewJob)
    }
  } finally {
    await browser.close()
    await ui.stop()
    writeFileSync(path.join(OUT, 'overflow.txt'), [...new Set(issues)].join('\n'))
    console.log([...new Set(issues)].join('\n'))
  }
}

void main()
