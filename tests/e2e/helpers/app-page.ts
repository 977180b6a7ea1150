/**
 * One e2e file's app: the real `rekap ui` and one Chromium page on it, started in the file's
 * `beforeAll` and stopped in its `afterAll` (the browser first, then the UI process, which removes
 * its data folder). The file states what it varies: screen size, language, UI flags, page extras.
 *
 *   const app = useAppPage({ viewport: { width: 1280, height: 800 }, locale: 'id-ID' })
 *   it('…', async () => { await app.page.getByTestId('nav-new').click() })
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { startUiProcess, type UiProcess, type UiProcessOptions } from './ui-process'
import { launchChromium } from './browser'
import { ensureRendererBuilt } from './renderer-build'
import { started } from '../../helpers/started'

export interface AppPageOptions {
  viewport: { width: number; height: number }
  locale: string
  /** flags of `rekap ui` (sandbox balance, latency, env) */
  ui?: UiProcessOptions
  /** more of the browser context (acceptDownloads, bypassCSP for axe-core) */
  context?: BrowserContextOptions
  /** work on the UI's data before the browser starts (workbooks in its folder, a CLI run on its db) */
  beforeBrowser?: (ui: UiProcess) => Promise<void>
  /** what the context and page need before the first load (permissions, init scripts, dialog answers) */
  beforeLoad?: (page: Page, context: BrowserContext) => Promise<void> | void
  /** a test id the first screen must show before any test starts */
  readyTestId?: string
  /** the beforeAll's own timeout, where the file's set-up outlasts the project's hookTimeout */
  timeoutMs?: number
}

export interface AppPage {
  readonly ui: UiProcess
  readonly browser: Browser
  readonly page: Page
}

export function useAppPage(opts: AppPageOptions): AppPage {
  let ui: UiProcess | undefined
  let browser: Browser | undefined
  let page: Page | undefined

  beforeAll(async () => {
    ensureRendererBuilt()
    ui = await startUiProcess(opts.ui)
    await opts.beforeBrowser?.(ui)
    browser = await launchChromium()
    const context = await browser.newContext({ viewport: opts.viewport, locale: opts.locale, ...opts.context })
    page = await context.newPage()
    await opts.beforeLoad?.(page, context)
    await page.goto(ui.url)
    if (opts.readyTestId) await page.getByTestId(opts.readyTestId).waitFor()
  }, opts.timeoutMs)

  afterAll(async () => {
    await browser?.close()
    await ui?.stop()
  })

  return {
    get ui() {
      return started(ui, 'useAppPage', 'ui')
    },
    get browser() {
      return started(browser, 'useAppPage', 'browser')
    },
    get page() {
      return started(page, 'useAppPage', 'page')
    },
  }
}
