/**
 * The README's own KYC example (examples/kyc: a workbook whose photo cells say
 * "photos/ktp-01.jpg") run end to end in browser mode by upload, as someone on another
 * computer's browser would: once as a folder (webkitdirectory), once as a .zip of that folder.
 * The photos must arrive with their relative paths, or 8 of the 12 rows could not be sent.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import JSZip from 'jszip'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startUiProcess, type UiProcess } from './helpers/ui-process'
import { countOf, launchChromium } from './helpers/browser'
import { ensureRendererBuilt } from './helpers/renderer-build'
import { REPO_ROOT } from '../helpers/sandbox-process'

const KYC_DIR = path.join(REPO_ROOT, 'examples', 'kyc')

let ui: UiProcess
let browser: Browser
let page: Page

/** examples/kyc zipped as a user would zip the folder: "kyc/kyc-sample.xlsx", "kyc/photos/…". */
async function zipOfExample(out: string): Promise<void> {
  const zip = new JSZip()
  zip.file('kyc/kyc-sample.xlsx', readFileSync(path.join(KYC_DIR, 'kyc-sample.xlsx')))
  for (const name of readdirSync(path.join(KYC_DIR, 'photos'))) zip.file(`kyc/photos/${name}`, readFileSync(path.join(KYC_DIR, 'photos', name)))
  writeFileSync(out, await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }))
}

/** From the pre-flight of the uploaded example to the end of the run, checking the README's numbers. */
async function runUploadedExample(): Promise<void> {
  await page.getByTestId('mapping').waitFor({ timeout: 60_000 })
  await expect(page.getByTestId('file-name').textContent()).resolves.toBe('kyc-sample.xlsx')
  await expect(page.getByTestId('map-image1').inputValue()).resolves.toBe('Foto KTP')
  await expect(page.getByTestId('map-image2').inputValue()).resolves.toBe('Foto Selfie')
  await page.getByTestId('check').click()
  await page.getByTestId('preflight').waitFor({ timeout: 60_000 })
  // examples/README.md: 12 rows, 8 calls (Rp3.200 at most), rows 6-8 fail locally, row 10 repeats row 1.
  expect(await countOf(page, 'pf-total')).toBe(12)
  expect(await countOf(page, 'pf-calls')).toBe(8)
  expect(await countOf(page, 'pf-failing')).toBe(3)
  expect(await countOf(page, 'pf-duplicates')).toBe(1)
  await expect(page.getByTestId('pf-cost').textContent()).resolves.toBe('Rp3.200')
  await page.getByTestId('pf-start').click()
  await page.locator('[data-testid=job-state][data-state=done]').waitFor({ timeout: 180_000 })
  // 8 sent (7 verified, 1 without a face: free), the duplicate reused, 3 local failures. The counts
  // come in the progress snapshot sent right after the state change (a second message): waited for.
  await expect.poll(async () => (await countOf(page, 'count-done')) + (await countOf(page, 'count-failed')), { timeout: 5_000 }).toBe(12)
  expect(await countOf(page, 'count-done')).toBeGreaterThanOrEqual(8)
  expect(await countOf(page, 'count-pending')).toBe(0)
  // the photos came along: a row's detail shows both
  await page.locator('.vrow[data-row="1"]').click()
  await page.getByTestId('photo-image1').waitFor({ timeout: 30_000 })
  await page.getByTestId('photo-image2').waitFor()
}

/**
 * A fresh `rekap ui` (own data file) per upload: results of an earlier run of the same photos
 * would be reused from the store, and this test is about the upload, not about reuse.
 */
async function freshUi(): Promise<void> {
  await browser?.close()
  await ui?.stop()
  ui = await startUiProcess()
  browser = await launchChromium()
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'id-ID' })
  page = await context.newPage()
  await page.goto(ui.url)
}

beforeAll(() => ensureRendererBuilt())

afterAll(async () => {
  await browser?.close()
  await ui?.stop()
})

describe('the KYC example by upload in browser mode', () => {
  it('as a folder (workbook + photos, relative paths kept), run to the end', async () => {
    await freshUi()
    await page.getByTestId('nav-new').click()
    await page.getByTestId('folder-input').setInputFiles(KYC_DIR)
    await runUploadedExample()
  })

  it('as a .zip of the folder, run to the end', async () => {
    await freshUi()
    const zipFile = path.join(ui.dataDir, 'kyc.zip')
    await zipOfExample(zipFile)
    await page.getByTestId('nav-new').click()
    await page.getByTestId('file-input').setInputFiles(zipFile)
    await runUploadedExample()
  })
})
