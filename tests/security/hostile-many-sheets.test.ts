/**
 * Hostile-input audit: when the first sheet's columns fit no job, `rekap run` looks through the other
 * sheets for one that would (the `--sheet` hint), opening the workbook again for each. A workbook of
 * 200,000 sheets (10 MB of workbook.xml, within its part limit) ran for more than 120 s at 414 MB.
 * At most the first 40 other sheets are looked through now.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { makeTempDir } from '../helpers/temp-dir'
import { writeZip } from '../fixtures/builders/zip-writer'
import { inlineCell, minimalWorkbookParts, SHEET_OPEN } from '../fixtures/builders/workbooks'
import { rekap } from './helpers'

let tmp: ReturnType<typeof makeTempDir>
beforeAll(() => (tmp = makeTempDir('rekap-sec-sheets-')))
afterAll(() => tmp.cleanup())

describe('a workbook of very many sheets', () => {
  it('20,000 sheets, none fitting: refused within seconds with the usual message', async () => {
    const file = join(tmp.dir, 'banyak-sheet.xlsx')
    const sheet = `${SHEET_OPEN}<sheetData><row r="1">${inlineCell('A1', 'Apa')}${inlineCell('B1', 'Ini')}</row><row r="2">${inlineCell('A2', 'x')}</row></sheetData></worksheet>`
    const parts = minimalWorkbookParts('Data', sheet)
    const more = Array.from({ length: 20_000 }, (_, i) => `<sheet name="S${i}" sheetId="${i + 2}" r:id="rId1"/>`).join('')
    const workbook = parts.find((p) => p.name === 'xl/workbook.xml')!
    workbook.content = String(workbook.content).replace('</sheets>', `${more}</sheets>`)
    await writeZip(file, parts)
    const started = performance.now()
    const r = await rekap(['run', file, '--dry-run', '--lang', 'en', '--db', join(tmp.dir, 'a.db')], { timeoutMs: 60_000 })
    const ms = performance.now() - started
    expect(r.code, r.out.slice(0, 400)).toBe(2)
    expect(r.out).toMatch(/cannot tell what kind of job .*banyak-sheet\.xlsx/)
    expect(ms).toBeLessThan(20_000)
  }, 90_000)
})
