/**
 * The Debian chromium driven by playwright-core, and the screenshot folder the e2e tests
 * fill (docs/screenshots: small PNGs a reviewer looks at).
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { chromium, type Browser, type Locator, type Page } from 'playwright-core'
import { inject } from 'vitest'
import { CHROMIUM_ARGS, chromiumPath } from './chromium-options'
import type {} from './chromium-server'
import { REPO_ROOT } from '../../helpers/sandbox-process'

export const SCREENSHOT_DIR = path.join(REPO_ROOT, 'docs', 'screenshots')

/**
 * The e2e project's shared Chromium (chromium-server.ts), connected: closing it closes this file's
 * contexts and pages and leaves the browser to the other files. A file run outside that project
 * (no shared browser) launches one of its own.
 */
export function launchChromium(): Promise<Browser> {
  const endpoint = inject('chromiumWsEndpoint')
  if (endpoint) return chromium.connect(endpoint)
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
}

/**
 * A viewport-sized PNG, palette-quantised so a screen with photos stays well under 200 KB.
 * `show` scrolls that element to the top of the view first (the thing the shot is about).
 */
export async function screenshot(page: Page, name: string, show?: Locator): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  if (show) await show.evaluate((el) => el.scrollIntoView({ block: 'start' }))
  const png = await page.screenshot({ animations: 'disabled' })
  const file = path.join(SCREENSHOT_DIR, `${name}.png`)
  await sharp(png).png({ palette: true, quality: 90, effort: 7 }).toFile(file)
  return file
}

/** Text of a data-testid element as a number, reading "1.234" and "1,234" alike. */
export async function countOf(page: Page, testId: string): Promise<number> {
  const text = (await page.getByTestId(testId).textContent()) ?? ''
  return Number(text.replace(/[^\d]/g, ''))
}
