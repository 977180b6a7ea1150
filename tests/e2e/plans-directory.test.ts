/**
 * Plans, quotas and the directory extras in the real UI (Chromium, browser mode, embedded
 * sandbox): the plans panel in Settings with the hits already used, the quota-shortfall warning
 * on the pre-flight card, the regency autocomplete and the district list, hospital filter values
 * from the service, and school search explained without premium.
 */
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { screenshot } from './helpers/browser'
import { useAppPage } from './helpers/app-page'
import { REPO_ROOT } from '../helpers/sandbox-process'

const app = useAppPage({ viewport: { width: 1280, height: 900 }, locale: 'en-US' })

describe('plans and quotas in Settings', () => {
  it('states the plan of each product and the hits already used; the count shows against the quota', async () => {
    await app.page.getByTestId('nav-settings').click()
    await app.page.getByTestId('plans-panel').waitFor()
    await app.page.getByTestId('school-plan').selectOption('pro')
    await app.page.getByTestId('plan').selectOption('free')
    await app.page.getByTestId('hits-used-hospitals').fill('998')
    await app.page.getByTestId('settings-save').click()
    await app.page.getByTestId('settings-saved').waitFor()
    await expect(app.page.getByTestId('usage-hospitals').textContent()).resolves.toMatch(/998\D+1[.,]000\D+2\b/)
    await expect(app.page.getByTestId('usage-schools').textContent()).resolves.toMatch(/50[.,]000/)
    await screenshot(app.page, 'settings-plans', app.page.getByTestId('plans-panel'))
  })
})

describe('pre-flight warns before a shortfall', () => {
  it('a hospital lookup needing more hits than are left shows quota-shortfall with the choices', async () => {
    await app.page.getByTestId('nav-new').click()
    await app.page.getByTestId('file-input').setInputFiles(path.join(REPO_ROOT, 'examples/hospitals/hospital-codes.xlsx'))
    await app.page.getByTestId('mapping').waitFor()
    await app.page.getByTestId('check').click()
    await app.page.getByTestId('preflight').waitFor({ timeout: 60_000 })
    const warning = app.page.locator('[data-testid=pf-warnings] [data-code=quota-shortfall]')
    await warning.waitFor()
    expect(await warning.locator('[data-choice]').evaluateAll((els) => els.map((e) => e.getAttribute('data-choice')))).toEqual(['raise', 'split', 'run-what-fits'])
    await screenshot(app.page, 'new-job-quota-warning', app.page.getByTestId('pf-warnings'))
  })
})

describe('Directory screen', () => {
  it('finds a regency as you type, lists its districts for schools, and explains school search without premium', async () => {
    await app.page.getByTestId('nav-directory').click()
    await app.page.getByTestId('dir-product').selectOption('schools')
    await app.page.getByTestId('dir-regency-search').fill('bandung')
    const suggestions = app.page.getByTestId('dir-suggestions')
    await suggestions.waitFor()
    await suggestions.locator('button', { hasText: /KOTA BANDUNG/ }).click()
    await app.page.getByTestId('districts').locator('label').first().waitFor()
    expect(await app.page.getByTestId('districts').locator('label').count()).toBeGreaterThan(10)
    await app.page.getByTestId('dir-school-search').fill('SMA')
    await app.page.getByTestId('dir-school-search-go').click()
    await expect(app.page.getByTestId('dir-school-search-premium').textContent()).resolves.toMatch(/premium/)
    await screenshot(app.page, 'directory-autocomplete-districts')
  })

  it('hospital filter values come from the service', async () => {
    await app.page.getByTestId('dir-product').selectOption('hospitals')
    await app.page.waitForFunction(() => (document.querySelectorAll('[data-testid=dir-class] option').length ?? 0) > 1)
    const options = await app.page.getByTestId('dir-class').locator('option').allTextContents()
    expect(options.slice(1)).toEqual(['A', 'B', 'C', 'D'])
  })
})
