/**
 * Accessibility of every main screen, in a real browser against the real `rekap ui`:
 * axe-core reports no violation (contrast, landmarks, heading order, names of controls…), and
 * every control can be reached with Tab and shows where the focus is.
 */
import path from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useAppPage } from './helpers/app-page'
import { axeViolations, describeViolations } from './helpers/axe'
import { REPO_ROOT } from '../helpers/sandbox-process'

const app = useAppPage({
  viewport: { width: 1280, height: 800 },
  locale: 'id-ID',
  // bypassCSP: only so axe-core's script can be injected; the app's own CSP is tested elsewhere
  context: { bypassCSP: true },
  readyTestId: 'nav-new',
})

/** The controls a keyboard user must be able to reach on the current screen. */
async function reachableByTab(page: Page): Promise<{ missing: string[]; unfocusedLook: string[] }> {
  await page.evaluate(() => {
    ;(document.activeElement as HTMLElement | null)?.blur()
    window.scrollTo(0, 0)
  })
  const controls = await page.evaluate(() => {
    const all = [...document.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, [tabindex]')]
    return all
      .filter((el) => !(el as HTMLButtonElement).disabled && el.getAttribute('tabindex') !== '-1' && !el.hidden && (el as HTMLInputElement).type !== 'hidden')
      .filter((el) => {
        const r = el.getBoundingClientRect()
        const s = getComputedStyle(el)
        return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none'
      })
      .map((el, i) => {
        el.dataset.a11yId = String(i)
        return String(i)
      })
  })
  const seen = new Set<string>()
  const unfocusedLook: string[] = []
  for (let i = 0; i < controls.length + 5; i++) {
    await page.keyboard.press('Tab')
    const info = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null
      if (!el || el === document.body) return null
      const s = getComputedStyle(el)
      const visible = (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none'
      return { id: el.dataset.a11yId ?? '', visible, what: `${el.tagName.toLowerCase()}[data-testid=${el.dataset.testid ?? ''}] ${(el.textContent ?? '').trim().slice(0, 30)}` }
    })
    if (!info) continue
    seen.add(info.id)
    if (!info.visible) unfocusedLook.push(info.what)
  }
  const missing = await page.evaluate(
    (ids) => ids.map((id) => document.querySelector<HTMLElement>(`[data-a11y-id="${id}"]`)).filter(Boolean).map((el) => `${el!.tagName.toLowerCase()}[data-testid=${el!.dataset.testid ?? ''}] ${(el!.textContent ?? '').trim().slice(0, 30)}`),
    controls.filter((id) => !seen.has(id)),
  )
  return { missing, unfocusedLook: [...new Set(unfocusedLook)] }
}

async function checkScreen(name: string): Promise<void> {
  const violations = await axeViolations(app.page)
  // soft: every screen's problems are reported in one run, not only the first screen's
  expect.soft(violations, `${name}:\n${describeViolations(violations)}`).toEqual([])
  const keys = await reachableByTab(app.page)
  expect.soft(keys.missing, `${name}: not reachable with Tab`).toEqual([])
  expect.soft(keys.unfocusedLook, `${name}: focus not visible`).toEqual([])
}

describe('every main screen: no axe-core violation, every control reachable by keyboard with a visible focus', () => {
  it('new job (empty)', async () => {
    await app.page.getByTestId('nav-new').click()
    await app.page.getByTestId('dropzone').waitFor()
    await checkScreen('new job')
  })

  it('new job: mapping', async () => {
    await app.page.getByTestId('path-input').fill(path.join(REPO_ROOT, 'examples', 'kyc', 'kyc-sample.xlsx'))
    await app.page.getByTestId('path-open').click()
    await app.page.getByTestId('mapping').waitFor({ timeout: 60_000 })
    await checkScreen('mapping')
  })

  it('new job: pre-flight', async () => {
    await app.page.getByTestId('check').click()
    await app.page.getByTestId('preflight').waitFor({ timeout: 60_000 })
    await checkScreen('pre-flight')
  })

  it('job: finished, with a row open', async () => {
    await app.page.getByTestId('pf-start').click()
    await app.page.locator('[data-testid=job-state][data-state=done]').waitFor({ timeout: 180_000 })
    await checkScreen('job done')
    // a results row opens with the keyboard, too
    await app.page.locator('.vrow[data-row="1"]').focus()
    await app.page.keyboard.press('Enter')
    await app.page.getByTestId('row-detail').waitFor()
    await app.page.getByTestId('photo-image1').waitFor({ timeout: 30_000 })
    const violations = await axeViolations(app.page)
    expect(violations, `row detail:\n${describeViolations(violations)}`).toEqual([])
  })

  it('review', async () => {
    await app.page.keyboard.press('Escape')
    await app.page.getByTestId('open-review').click()
    await app.page.locator('[data-testid=reviewer-setup], [data-testid=review-pair]').first().waitFor({ timeout: 30_000 })
    await checkScreen('review')
  })

  it('history', async () => {
    await app.page.getByTestId('nav-history').click()
    await app.page.locator('[data-job]').first().waitFor()
    await checkScreen('history')
  })

  it('directory', async () => {
    await app.page.getByTestId('nav-directory').click()
    await app.page.getByTestId('provinces').locator('label', { hasText: 'Bali' }).waitFor()
    await checkScreen('directory')
  })

  it('settings', async () => {
    await app.page.getByTestId('nav-settings').click()
    await app.page.getByTestId('settings-sandbox').waitFor()
    await checkScreen('settings')
  })
})
