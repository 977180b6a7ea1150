/**
 * Plans, quotas and the directory extras in the real UI (Chromium, browser mode, embedded
 * sandbox): the plans panel in Settings with the hits already used, the quota-shortfall warning
 * on the pre-flight card, the regency autocomplete and the district list, hospital filter values
 * from the service, and school search explained without premium.
 */
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startUiProcess, type UiProcess } from './helpers/ui-process'
import { launchChromium, screenshot } from './helpers/browser'
import { ensureRendererBuilt } from './helpers/renderer-build'
import { REPO_ROOT } from '../helpers/sandbox-process'

let ui: UiProcess
let browser: Browser
let page: Page

beforeAll(async () => {
  ensureRendererBuilt()
  ui = await startUiProcess()
  browser = await launchChromium()
  page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'en-US' })
  await page.goto(ui.url)
})
afterAll(async () => {
  await browser?.close()
  await ui?.stop()
})

describe('plans and quotas in Settings', () => {
  it('states the plan of each product and the hits already used; the count shows against the quota', async () => {
    await page.getByTestId('nav-settings').click()
    await page.getByTestId('plans-panel').waitFor()
    await page.getByTestId('school-plan').selectOption('pro')
    await page.getByTestId('plan').selectOption('free')
    await page.getByTestId('hits-used-hospitals').fill('998')
    await page.getByTestId('settings-save').click()
    await page.getByTestId('settings-saved').waitFor()
    await expect(page.getByTestId('usage-hospitals').textContent()).resolves.toMatch(/998\D+1[.,]000\D+2\b/)
    await expect(page.getByTestId('usage-schools').textContent()).resolves.toMatch(/50[.,]000/)
    await screenshot(page, 'settings-plans', page.getByTestId('plans-panel'))
  })
})

describe('pre-flight warns before a shortfall', () => {
  it('a hospital lookup needing more hits than are left shows quota-shortfall with the choices', async () => {
    await page.getByTestId('nav-new').click()
    await page.getByTestId('file-input').setInputFiles(path.join(REPO_ROOT, 'examples/hospitals/hospital-codes.xlsx'))
    await page.getByTestId('mapping').waitFor()
    await page.getByTestId('check').click()
    await page.getByTestId('preflight').waitFor({ timeout: 60_000 })
    const warning = page.locator('[data-testid=pf-warnings] [data-code=quota-shortfall]')
    await warning.waitFor()
    expect(await warning.locator('[data-choice]').evaluateAll((els) => els.map((e) => e.getAttribute('data-choice')))).toEqual(['raise', 'split', 'run-what-fits'])
    await screenshot(page, 'new-job-quota-warning', page.getByTestId('pf-warnings'))
  })
})

describe('Directory screen', () => {
  it('finds a regency as you type, lists its districts for schools, and explains school search without premium', async () => {
    await page.getByTestId('nav-directory').click()
    await page.getByTestId('dir-product').selectOption('schools')
    await page.getByTestId('dir-regency-search').fill('bandung')
    const suggestions = page.getByTestId('dir-suggestions')
    await suggestions.waitFor()
    await suggestions.locator('button', { hasText: /KOTA BANDUNG/ }).click()
    await page.getByTestId('districts').locator('label').first().waitFor()
    expect(await page.getByTestId('districts').locator('label').count()).toBeGreaterThan(10)
    await page.getByTestId('dir-school-search').fill('SMA')
    await page.getByTestId('dir-school-search-go').click()
    await expect(page.getByTestId('dir-school-search-premium').textContent()).resolves.toMatch(/premium/)
    await screenshot(page, 'directory-autocomplete-districts')
  })

  it('hospital filter values come from the service', async () => {
    await page.getByTestId('dir-product').selectOption('hospitals')
    await page.waitForFunction(() => (document.querySelectorAll('[data-testid=dir-class] option').length ?? 0) > 1)
    const options = await page.getByTestId('dir-class').locator('option').allTextContents()
    expect(options.slice(1)).toEqual(['A', 'B', 'C', 'D'])
  })
})
