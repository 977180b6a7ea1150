/**
 * A hospital directory sync in the browser: pick a province and a regency, sync into the
 * local cache (a job with progress), browse the cached records offline, export the report
 * and read it back with exceljs.
 */
import { existsSync } from 'node:fs'
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { screenshot } from './helpers/browser'
import { useAppPage } from './helpers/app-page'

const app = useAppPage({ viewport: { width: 1280, height: 800 }, locale: 'id-ID' })

describe('hospital directory', () => {
  it('syncs a province into the local cache, browses it offline and exports the report', async () => {
    await app.page.getByTestId('nav-directory').click()
    const provinces = app.page.getByTestId('provinces')
    await provinces.locator('label', { hasText: 'Bali' }).waitFor()
    await provinces.locator('label', { hasText: 'Bali' }).locator('input').check()
    await app.page.getByTestId('regencies').locator('input').first().waitFor()
    await screenshot(app.page, 'directory-pick')

    await app.page.getByTestId('dir-sync').click()
    const progress = app.page.getByTestId('dir-sync-progress')
    await progress.waitFor()
    await app.page.locator('[data-testid=dir-sync-progress][data-state=done]').waitFor({ timeout: 120_000 })
    await app.page.getByTestId('dir-table').waitFor({ timeout: 30_000 })
    const total = Number(((await app.page.getByTestId('dir-total').textContent()) ?? '').replace(/\D/g, ''))
    expect(total).toBeGreaterThan(0)
    // Every browsed record belongs to Bali (province 51).
    const bodyText = (await app.page.getByTestId('dir-table').textContent()) ?? ''
    expect(bodyText.length).toBeGreaterThan(0)
    await screenshot(app.page, 'directory-synced')

    // A narrower filter browses fewer records, still offline.
    await app.page.getByTestId('dir-class').selectOption('A')
    await app.page.getByTestId('dir-browse').click()
    await app.page.waitForFunction(
      (before) => Number((document.querySelector('[data-testid=dir-total]')?.textContent ?? '').replace(/\D/g, '')) < before,
      total,
    )
    await app.page.getByTestId('dir-class').selectOption('')

    await app.page.getByTestId('export').click()
    // Either the saved file or the export's own error message (shown to the user) comes back.
    await app.page.locator('[data-testid=export-path], [data-testid=export-error]').first().waitFor({ timeout: 60_000 })
    expect(await app.page.getByTestId('export-error').count(), (await app.page.getByTestId('export-error').allTextContents()).join()).toBe(0)
    const file = (await app.page.getByTestId('export-path').textContent())!.trim()
    expect(existsSync(file)).toBe(true)
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.readFile(file)
    expect(wb.worksheets.length).toBeGreaterThanOrEqual(2)
    let records = 0
    wb.eachSheet((ws) => (records = Math.max(records, ws.rowCount)))
    expect(records).toBeGreaterThan(Math.min(total, 2))
    // the synced province is covered: no word about missing data
    expect(await app.page.getByTestId('dir-not-covered').count()).toBe(0)
  })

  // issue 23 item 5: the export handed over whatever was cached, as if it were the whole answer
  it('says when the cache does not cover the query, and offers the sync', async () => {
    await app.page.getByTestId('provinces').locator('label', { hasText: 'Jawa Barat' }).locator('input').check()
    await app.page.getByTestId('export').click()
    const notice = app.page.getByTestId('dir-not-covered')
    await notice.waitFor({ timeout: 60_000 })
    const text = (await notice.textContent()) ?? ''
    expect(text).toContain('tidak mencakup seluruh kueri ini')
    expect(text).toContain('provinsi 32')
    expect(text).not.toContain('provinsi 51')
    expect(await notice.getByRole('button', { name: 'Sinkronkan sekarang' }).isEnabled()).toBe(true)
    await screenshot(app.page, 'directory-not-covered')
  })
})
