/**
 * Hostile-input audit: an XML entity the file does not define (`&nbsp;`, `&foo;`) or a bare `&` in a
 * cell was read by rekap's own reader as literal text ("31&nbsp;"), where Excel refuses the file as
 * damaged and exceljs stops at "undefined entity": the report's input column said "&nbsp;" and the
 * paid service got a wrong value. Such text is refused now, naming the file, sheet, row and column
 * (a shared string: the first cell that uses it; one no cell uses: the shared-strings part, since
 * Excel refuses the whole file over it). The five predefined entities and character references still
 * read; a reference to a character XML forbids (`&#0;`) stays refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { makeTempDir } from '../helpers/temp-dir'
import { readAll, saveWorkbook } from './read-workbook'
import { baseWorkbook, characterReferenceWorkbook, zipOf } from '../fixtures/builders/hostile-workbooks'
import { ImportError } from '../../src-main/core/importers'
import { compareJobs } from '../../src-main/core/unattended/compare-runs'
import { renderCoreText, textOfError } from '../../src-main/core/texts/core-text'
import { rekap } from './helpers'

let tmp: ReturnType<typeof makeTempDir>
beforeAll(() => (tmp = makeTempDir('rekap-sec-entities-')))
afterAll(() => tmp.cleanup())

const save = (name: string, zip: Buffer): string => saveWorkbook(tmp.dir, name, zip)


/** The refusal in both languages; fails when the file is read. */
async function refusal(file: string): Promise<{ id: string; en: string }> {
  const { err, rows } = await readAll(file)
  expect(err, `read without a refusal: ${JSON.stringify(rows)}`).toBeInstanceOf(ImportError)
  const text = textOfError(err)!
  return { id: renderCoreText(text, 'id'), en: renderCoreText(text, 'en') }
}

const ENGLISH_IN_ID = /\b(row|column|cell|workbook|sheet|undefined|entity|the|holds)\b/

const sharedCell = (ref: string, i: number) => `<c r="${ref}" t="s"><v>${i}</v></c>`

describe('an XML entity the file does not define', () => {
  it('in an inline string: refused naming file, sheet, row and column, in both languages', async () => {
    const r = await refusal(save('entitas-sel.xlsx', characterReferenceWorkbook('inline cell', '&nbsp;')))
    expect(r.id).toMatch(/^entitas-sel\.xlsx, lembar "Data": baris 2, kolom A \(sel A2\).*"&nbsp;".*entitas XML/)
    expect(r.id).not.toMatch(ENGLISH_IN_ID)
    expect(r.en).toMatch(/^entitas-sel\.xlsx, sheet "Data": row 2, column A \(cell A2\).*"&nbsp;".*XML entity/)
  })

  it('in a shared string: refused naming the first cell that uses it', async () => {
    const strings = ['Kode RS', 'Tanggal', '3171015', '31&foo;15']
    const rows = `<row r="1">${sharedCell('A1', 0)}${sharedCell('B1', 1)}</row><row r="2">${sharedCell('A2', 2)}</row><row r="3">${sharedCell('A3', 3)}</row><row r="4">${sharedCell('A4', 3)}</row>`
    const r = await refusal(save('entitas-bersama.xlsx', zipOf(baseWorkbook({ strings, rows }))))
    expect(r.id).toMatch(/entitas-bersama\.xlsx, lembar "Data": baris 3, kolom A \(sel A3\).*"&foo;"/)
    expect(r.en).toMatch(/row 3, column A \(cell A3\).*"&foo;"/)
  })

  it('in a shared string no cell uses: refused naming the shared-strings part (Excel refuses the whole file)', async () => {
    const strings = ['Kode RS', 'Tanggal', '3171015', 'tak&nbsp;terpakai']
    const r = await refusal(save('entitas-lepas.xlsx', zipOf(baseWorkbook({ strings }))))
    expect(r.id).toMatch(/entitas-lepas\.xlsx.*bagian "xl\/sharedStrings\.xml".*"&nbsp;"/)
    expect(r.id).not.toMatch(ENGLISH_IN_ID)
    expect(r.en).toMatch(/the part "xl\/sharedStrings\.xml".*"&nbsp;"/)
  })

  it('in a sheet name: refused naming xl/workbook.xml', async () => {
    const r = await refusal(save('entitas-nama.xlsx', characterReferenceWorkbook('sheet name', '&nbsp;')))
    expect(r.en).toMatch(/entitas-nama\.xlsx.*"xl\/workbook\.xml".*"&nbsp;"/)
  })

  it('a bare "&" (no entity at all) is refused too, as Excel refuses it', async () => {
    const rows = `<row r="1">${sharedCell('A1', 0)}${sharedCell('B1', 1)}</row><row r="2"><c r="A2" t="inlineStr"><is><t>RS A & B</t></is></c></row>`
    const r = await refusal(save('ampersand.xlsx', zipOf(baseWorkbook({ rows }))))
    expect(r.en).toMatch(/row 2, column A \(cell A2\).*"&"/)
    expect(r.id).not.toMatch(ENGLISH_IN_ID)
  })

  it('the five predefined entities and character references still read', async () => {
    const rows =
      `<row r="1">${sharedCell('A1', 0)}${sharedCell('B1', 1)}</row>` +
      `<row r="2"><c r="A2" t="inlineStr"><is><t>&amp;&lt;&gt;&quot;&apos;&#10;&#x41;&#65;</t></is></c>${sharedCell('B2', 2)}</row>`
    const { err, rows: read } = await readAll(save('entitas-sah.xlsx', zipOf(baseWorkbook({ rows, strings: ['Kode RS', 'Tanggal', 'RS &amp; Klinik &#x1F600;'] }))))
    expect(err).toBeNull()
    expect(read[0]).toMatchObject({ 'Kode RS': `&<>"'\nAA`, Tanggal: 'RS & Klinik \u{1F600}' })
  })

  it('a reference to a character XML forbids (&#0;) stays refused', async () => {
    const r = await refusal(save('nol.xlsx', characterReferenceWorkbook('inline cell', '&#0;')))
    expect(r.en).toMatch(/A2.*&#0;.*a character XML does not allow/)
  })

  it('rekap compare of a report file holding one: refused in the core text, not exceljs\'s words', async () => {
    const file = save('laporan-entitas.xlsx', zipOf(baseWorkbook({ strings: ['Kode RS', 'Tanggal', '3171015&nbsp;'] })))
    const err = await compareJobs(null, file, file).then(
      () => null,
      (e: unknown) => e,
    )
    const text = textOfError(err)
    expect(text, String(err)).not.toBeNull()
    expect(renderCoreText(text!, 'id')).toMatch(/laporan-entitas\.xlsx: .*entitas XML/)
  })

  it('through the CLI dry run: exit 2, the Indonesian refusal naming file, sheet, row and column', async () => {
    const file = save('kode-rs.xlsx', characterReferenceWorkbook('inline cell', '&nbsp;'))
    const r = await rekap(['run', file, '--kind', 'hospital-lookup', '--dry-run', '--lang', 'id', '--db', join(tmp.dir, 'a.db')], { timeoutMs: 60_000 })
    expect(r.code, r.out).toBe(2)
    expect(r.out).toMatch(/kode-rs\.xlsx, lembar "Data": baris 2, kolom A \(sel A2\).*"&nbsp;"/)
    expect(r.out).not.toMatch(/unexpected error|kesalahan tak terduga|\n\s+at /)
  }, 90_000)
})
