/**
 * New Job's pre-flight shows the cells the plan doubts but sends (the plan's cellWarnings, the same
 * list `rekap run` prints as "N sel perlu diperiksa sebelum membayar"): a NIK typed into a number
 * column that Excel may have rounded, a name cut at Excel's 32,767 characters. They were in the
 * plan and nowhere on the screen, so the app's user paid without being told. Said in Indonesian,
 * as is the NIK that lost its digits among the rows failing locally.
 */
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { useAppPage } from './helpers/app-page'
import { countOf, screenshot } from './helpers/browser'
import { LOST_NIK, OVERLONG_NAME, ROUNDED_NIK, writeNikWorkbook } from '../helpers/doubted-nik-workbook'

let workbook: string
const app = useAppPage({
  viewport: { width: 1280, height: 900 },
  locale: 'id-ID',
  beforeBrowser: async (ui) => {
    workbook = await writeNikWorkbook(path.join(ui.dataDir, 'nik-angka', 'nik-angka.xlsx'), [
      [ROUNDED_NIK, 'Ayu Lestari'],
      [LOST_NIK, 'Budi Santoso'],
      ['3171024112950001', OVERLONG_NAME],
    ])
  },
  readyTestId: 'nav-new',
})

describe('New Job pre-flight: cells to check before paying', () => {
  it('lists the rounded NIK and the cut name in Indonesian, beside the NIK that lost digits', async () => {
    await app.page.getByTestId('nav-new').click()
    await app.page.getByTestId('folder-input').setInputFiles(path.dirname(workbook))
    await app.page.getByTestId('mapping').waitFor()
    await app.page.getByTestId('check').click()
    await app.page.getByTestId('preflight').waitFor({ timeout: 60_000 })
    expect(await countOf(app.page, 'pf-total')).toBe(3)
    expect(await countOf(app.page, 'pf-failing')).toBe(1)

    const warnings = app.page.getByTestId('pf-cell-warnings')
    await expect(warnings.isVisible()).resolves.toBe(true)
    const rows = warnings.locator('tbody tr')
    await expect(rows.count()).resolves.toBe(2)
    const nik = (await rows.nth(0).textContent()) ?? ''
    expect(nik).toContain('NIK')
    expect(nik).toContain('NIK tersimpan sebagai angka dan berakhir 0')
    expect(nik).toContain(String(ROUNDED_NIK))
    const name = (await rows.nth(1).textContent()) ?? ''
    expect(name).toContain('Nama')
    expect(name).toContain('32.767 karakter')
    await expect(app.page.getByTestId('pf-cell-warnings-title').textContent()).resolves.toContain('perlu diperiksa sebelum membayar')

    const problems = (await app.page.getByTestId('pf-problems').textContent()) ?? ''
    expect(problems).toContain('NIK tersimpan sebagai angka dan kehilangan digit')
    expect(problems).toContain('3.27302E+16')
    // no English of the importer anywhere on the Indonesian pre-flight
    const all = (await app.page.getByTestId('preflight').textContent()) ?? ''
    expect(all).not.toMatch(/stored as a number|Excel keeps|the cell holds|Excel's limit|format the column/)
    const shot = await screenshot(app.page, 'new-job-preflight-cell-warnings', app.page.getByTestId('pf-problems'))
    expect(shot).toMatch(/\.png$/)
  })
})
