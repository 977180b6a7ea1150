/**
 * The app on a small laptop (1024x640), in Indonesian, against the real `rekap ui`: nothing may
 * push the screen sideways or cut a word off. A look at every screen at that size found the
 * results table making the whole job screen scroll sideways (its search box off the edge), the
 * row state "Sedang dikirim" cut in its column, the province list scrolling sideways instead of
 * down, and an error starting with the program's field name ("path: …").
 */
import path from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useAppPage } from './helpers/app-page'
import { REPO_ROOT } from '../helpers/sandbox-process'

const app = useAppPage({ viewport: { width: 1024, height: 640 }, locale: 'id-ID', readyTestId: 'nav-new' })

/** How far the main area scrolls sideways (0 when it does not). */
const sideways = (p: Page) => p.evaluate(() => document.querySelector('main')!.scrollWidth - document.querySelector('main')!.clientWidth)

describe('a 1024x640 screen', () => {
  it('says what went wrong without the program\'s field name', async () => {
    await app.page.getByTestId('path-input').fill('/tidak/ada/berkas.xlsx')
    await app.page.getByTestId('path-open').click()
    const error = app.page.getByTestId('newjob-error')
    await error.waitFor({ timeout: 30_000 })
    expect((await error.textContent())?.trim()).not.toMatch(/^path:/)
  })

  it('the job screen fits: no sideways scroll, the row filters on screen, the state words whole', async () => {
    await app.page.getByTestId('path-input').fill(path.join(REPO_ROOT, 'examples', 'kyc', 'kyc-sample.xlsx'))
    await app.page.getByTestId('path-open').click()
    await app.page.getByTestId('mapping').waitFor({ timeout: 60_000 })
    await app.page.getByTestId('check').click()
    await app.page.getByTestId('preflight').waitFor({ timeout: 60_000 })
    expect(await sideways(app.page)).toBeLessThanOrEqual(0)
    // the planned job, not started: its results table lists every row
    await app.page.getByTestId('nav-history').click()
    await app.page.locator('[data-job]').first().click()
    await app.page.locator('.vrow[data-row="1"]').waitFor({ timeout: 30_000 })
    expect(await sideways(app.page)).toBeLessThanOrEqual(0)
    const search = await app.page.getByTestId('filter-text').boundingBox()
    expect(search!.x + search!.width).toBeLessThanOrEqual(1024)
    // the longest row state, in its column: the words fit the cell
    const cut = await app.page.locator('.vrow[data-row="1"] [role=cell]:nth-child(3)').evaluate((cell) => {
      const tag = cell.querySelector('.tag') as HTMLElement
      return ['Sedang dikirim', 'Tidak pasti', 'In flight', 'Uncertain'].filter((w) => {
        tag.textContent = w
        return tag.getBoundingClientRect().right > cell.getBoundingClientRect().right - 4
      })
    })
    expect(cut).toEqual([])
    // with a row's detail open beside the table, still no sideways scroll
    await app.page.locator('.vrow[data-row="1"]').click()
    await app.page.getByTestId('row-detail').waitFor()
    expect(await sideways(app.page)).toBeLessThanOrEqual(0)
    // the header row follows the rows when the table itself is scrolled sideways
    const [body, head] = await app.page.getByTestId('rows-scroller').evaluate(async (el) => {
      el.scrollLeft = 200
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
      return [el.scrollLeft, (el.parentElement!.querySelector('.vhead') as HTMLElement).scrollLeft]
    })
    expect(body).toBeGreaterThan(0)
    expect(head).toBe(body)
  })

  it('the province list scrolls down, not sideways', async () => {
    await app.page.getByTestId('nav-directory').click()
    const list = app.page.getByTestId('provinces')
    await list.locator('label', { hasText: 'Bali' }).waitFor({ timeout: 30_000 })
    await list.locator('label', { hasText: 'Bali' }).locator('input').check()
    const [scrollW, clientW, scrollH, clientH] = await list.evaluate((el) => [el.scrollWidth, el.clientWidth, el.scrollHeight, el.clientHeight])
    expect(scrollW).toBeLessThanOrEqual(clientW)
    expect(scrollH).toBeGreaterThan(clientH) // 38 provinces: the list scrolls down
    expect(await sideways(app.page)).toBeLessThanOrEqual(0)
  })

  it('the space used total stands under the sizes it adds up (right-aligned like them)', async () => {
    await app.page.getByTestId('nav-settings').click()
    const total = app.page.getByTestId('space-total')
    await total.waitFor({ timeout: 30_000 })
    const rights = await app.page.getByTestId('space-table').evaluate((table) => {
      const textRight = (cell: Element) => {
        const range = document.createRange()
        range.selectNodeContents(cell)
        return Math.round(range.getBoundingClientRect().right)
      }
      return [...table.querySelectorAll('tr')].map((tr) => textRight(tr.lastElementChild!))
    })
    expect(new Set(rights).size, `right edges of the sizes: ${rights.join(', ')}`).toBe(1)
  })
})
