/**
 * The leftovers of the hostile-input audit, each a small truth defect:
 * 1. a NUL (or another character XML forbids) in a CSV cell was dropped from the report in silence;
 *    an .xlsx cell holding one is refused naming the cell, so a CSV row holding one is refused too,
 *    naming the row and the column;
 * 2. two refusals spoke English inside Indonesian sentences: a CSV row over 16 MB, and exceljs's raw
 *    "undefined entity" when the annotated copy reads a workbook with an XML entity it does not know;
 * 3. "too many rows" said 1048575 in English (no thousands separators);
 * 4. a CSV row beyond column XFD was called a damaged workbook;
 * 5. two `<row r="2">` in one sheet were both read and both called row 2 (Excel refuses such a file).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import { makeTempDir } from '../helpers/temp-dir'
import { baseWorkbook, zipOf } from '../fixtures/builders/hostile-workbooks'
import { ImportError, openTable, type OpenTableOptions } from '../../src-main/core/importers'
import { asImportError } from '../../src-main/core/importers/reader-refusal'
import { verifyReport } from '../../src-main/core/export/verify-report'
import { coreText, renderCoreText, textOfError } from '../../src-main/core/texts/core-text'

let tmp: ReturnType<typeof makeTempDir>
beforeAll(() => (tmp = makeTempDir('rekap-sec-leftovers-')))
afterAll(() => tmp.cleanup())

/** Opens and reads the whole file; the refusal in both languages (fails when the file is read). */
async function refusal(name: string, content: string | Buffer, opts: OpenTableOptions = {}): Promise<{ id: string; en: string }> {
  const file = join(tmp.dir, name)
  writeFileSync(file, content)
  let err: unknown = null
  try {
    const table = await openTable(file, opts)
    for await (const _ of table.rows());
  } catch (e) {
    err = e
  }
  expect(err, `${name} was read without a refusal`).toBeInstanceOf(ImportError)
  const text = textOfError(err)!
  return { id: renderCoreText(text, 'id'), en: renderCoreText(text, 'en') }
}

const ENGLISH_IN_ID = /\b(row|column|longer than|workbook|sheet|undefined|entity|the)\b/

describe('the leftovers of the input audit', () => {
  it('1. a NUL or an ESC in a CSV cell: the row is refused naming row, column and character (as an .xlsx cell is)', async () => {
    for (const [ch, code] of [
      ['\u0000', 'U\\+0000'],
      ['\u001b', 'U\\+001B'],
    ] as const) {
      const r = await refusal('nul.csv', `Kode RS,Nama\n3171015,RS Satu\n3171016,RS ${ch}Dua\n`)
      expect(r.en).toMatch(new RegExp(`nul\\.csv.*row 3, column B.*${code}`))
      expect(r.id).toMatch(new RegExp(`nul\\.csv.*baris 3, kolom B.*${code}`))
      expect(r.id).not.toMatch(ENGLISH_IN_ID)
    }
  })

  it('2a. a CSV row over 16 MB: said in Indonesian words', async () => {
    const r = await refusal('panjang.csv', `Kode RS,Nama\n3171015,${'x'.repeat(17 * 1024 * 1024)}\n`)
    expect(r.id).toMatch(/panjang\.csv.*baris 2.*lebih dari 16 MB/)
    expect(r.id).not.toMatch(ENGLISH_IN_ID)
    expect(r.en).toMatch(/panjang\.csv.*row 2 .*longer than 16 MB/)
  })

  it('2b. exceljs meets an XML entity it does not define: a core text, not its raw "undefined entity"', async () => {
    const buf = zipOf(baseWorkbook({ strings: ['Kode RS', 'Tanggal', '3171015&nbsp;'] }))
    const err = await new ExcelJS.Workbook().xlsx.load(buf as unknown as ExcelJS.Buffer).then(
      () => null,
      (e: unknown) => e,
    )
    expect(err, 'exceljs read the entity').not.toBeNull()
    const text = textOfError(asImportError('entitas.xlsx', err))!
    const id = renderCoreText(text, 'id')
    const en = renderCoreText(text, 'en')
    expect(id).toMatch(/entitas\.xlsx: .*entitas XML/)
    expect(id).not.toMatch(ENGLISH_IN_ID)
    expect(en).toMatch(/entitas\.xlsx: .*XML entity/)
    expect(en).not.toMatch(/undefined entity\./)
  })

  it('2b. rekap verify of a file with such an entity: the same core text, not exceljs\'s words', async () => {
    const file = join(tmp.dir, 'laporan-entitas.xlsx')
    writeFileSync(file, zipOf(baseWorkbook({ strings: ['Kode RS', 'Tanggal', '3171015&nbsp;'] })))
    const err = await verifyReport(file, { store: null }).then(
      () => null,
      (e: unknown) => e,
    )
    const text = textOfError(err)
    expect(text, String(err)).not.toBeNull()
    const id = renderCoreText(text!, 'id')
    expect(id).toMatch(/laporan-entitas\.xlsx .*entitas XML/)
    expect(id).not.toMatch(/undefined entity/)
  })

  it('3. too many rows: the numbers with thousands separators in both languages', () => {
    const text = coreText('import.tooManyRows', { max: 1_048_575, lastRow: 1_048_577 })
    expect(renderCoreText(text, 'en')).toMatch(/more than 1,048,575 data rows \(it goes down to row 1,048,577\)/)
    expect(renderCoreText(text, 'id')).toMatch(/lebih dari 1\.048\.575 baris data \(sampai baris 1\.048\.577\)/)
  })

  it('4. a CSV row beyond column XFD: too wide for a sheet, naming the file and the row; not a damaged workbook', async () => {
    const wide = Array.from({ length: 16_385 }, (_, i) => `k${i}`).join(',')
    const r = await refusal('lebar.csv', `Kode RS,Nama\n3171015,ok\n${wide}\n`)
    expect(r.en).toMatch(/lebar\.csv.*row 3 .*16,384 columns.*"XFE3"/)
    expect(r.en).not.toMatch(/workbook|damaged/)
    expect(r.id).toMatch(/lebar\.csv.*baris 3 .*16\.384 kolom.*"XFE3"/)
    expect(r.id).not.toMatch(/buku kerja|rusak/)
    expect(r.id).not.toMatch(ENGLISH_IN_ID)
  })

  it('5. two <row r="2"> in one sheet: refused naming the part and the row (Excel refuses the file too)', async () => {
    const cell = (ref: string, i: number) => `<c r="${ref}" t="s"><v>${i}</v></c>`
    const rows = `<row r="1">${cell('A1', 0)}</row><row r="2">${cell('A2', 2)}</row><row r="2">${cell('A2', 3)}</row>`
    for (const engine of ['fast', 'exceljs'] as const) {
      const r = await refusal('dobel.xlsx', zipOf(baseWorkbook({ rows, strings: ['Kode RS', 'Tanggal', '3171015', '3171016'] })), { engine })
      expect(r.en, engine).toMatch(/dobel\.xlsx.*xl\/worksheets\/sheet1\.xml.*row 2 twice/)
      expect(r.id, engine).toMatch(/dobel\.xlsx.*xl\/worksheets\/sheet1\.xml.*baris 2 dua kali/)
      expect(r.id, engine).not.toMatch(ENGLISH_IN_ID)
    }
  })
})
