/**
 * New Job's pre-flight shows the cells the plan doubts but sends (the plan's cellWarnings, the same
 * list `rekap run` prints as "N sel perlu diperiksa sebelum membayar"): a NIK typed into a number
 * column that Excel may have rounded, a name cut at Excel's 32,767 characters. They were in the
 * plan and nowhere on the screen, so the app's user paid without being told. Said in Indonesian,
 * as is the NIK that lost its digits among the rows failing locally. A NIK of 15 digits (typed as
 * text) is a cell to check too. In English each line says its reason once, then the cell: the
 * short reason was followed by the importer's sentence saying it again. A NIK that is not 16 digits
 * says how many it has, as `rekap run` does (the app named the cell only).
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
      ['327301570892000', 'Citra Dewi'],
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
    expect(await countOf(app.page, 'pf-total')).toBe(4)
    expect(await countOf(app.page, 'pf-failing')).toBe(1)

    const warnings = app.page.getByTestId('pf-cell-warnings')
    await expect(warnings.isVisible()).resolves.toBe(true)
    const rows = warnings.locator('tbody tr')
    await expect(rows.count()).resolves.toBe(3)
    const nik = (await rows.nth(0).textContent()) ?? ''
    expect(nik).toContain('NIK')
    expect(nik).toContain('NIK tersimpan sebagai angka dan berakhir 0')
    expect(nik).toContain(String(ROUNDED_NIK))
    const name = (await rows.nth(1).textContent()) ?? ''
    expect(name).toContain('Nama')
    expect(name).toContain('32.767 karakter')
    const short = (await rows.nth(2).textContent()) ?? ''
    expect(short).toContain('NIK bukan 16 digit')
    expect(short).toContain('327301570892000')
    // how many digits it has, as `rekap run` says it (the importer's count, one phrase for both)
    expect(short).toContain('isinya 15 digit')
    await expect(app.page.getByTestId('pf-cell-warnings-title').textContent()).resolves.toContain('perlu diperiksa sebelum membayar')

    const problems = (await app.page.getByTestId('pf-problems').textContent()) ?? ''
    expect(problems).toContain('NIK tersimpan sebagai angka dan kehilangan digit')
    expect(problems).toContain('3.27302E+16')
    // no English of the importer anywhere on the Indonesian pre-flight
    const all = (await app.page.getByTestId('preflight').textContent()) ?? ''
    expect(all).not.toMatch(/stored as a number|Excel keeps|the cell holds|Excel's limit|format the column/)
    const shot = await screenshot(app.page, 'new-job-preflight-cell-warnings', app.page.getByTestId('pf-problems'))
    expect(shot).toMatch(/\.png$/)

    // the same pre-flight in English: one line a cell, the reason once, then the cell as shown
    await app.page.getByTestId('language').selectOption('en')
    await expect.poll(() => app.page.getByTestId('pf-cell-warnings-title').textContent()).toMatch(/3 cell/)
    const reasons = async (testid: string): Promise<string[]> => app.page.getByTestId(testid).locator('tbody tr td:nth-child(3)').allTextContents()
    expect(await reasons('pf-cell-warnings')).toEqual([
      'NIK stored as a number ends in 0; Excel keeps only 15 digits, so its last digit may be lost; format the column as text and check the NIK — 3273015708920000',
      "The cell is longer than Excel's limit: only its first 32,767 characters are used; check it",
      'NIK is not 16 digits; check it against the KTP — 327301570892000 (it has 15 digits)',
    ])
    expect(await reasons('pf-problems')).toEqual(['NIK stored as a number lost digits; format the column as text — 3.27302E+16'])
    const english = (await app.page.getByTestId('preflight').textContent()) ?? ''
    expect(english).not.toMatch(/tersimpan|sel berisi|periksa dengan/)
    // each line says its reason once
    for (const line of [...(await reasons('pf-cell-warnings')), ...(await reasons('pf-problems'))]) expect(line.split(' — ').length, line).toBeLessThanOrEqual(2)
    await app.page.getByTestId('language').selectOption('id')
  })
})
