/**
 * `rekap compare`'s counts are said in the user's language, as every number rekap prints
 * (contract/numbers.ts): 1.200 in Indonesian, 1,200 in English. They were printed bare ("1200
 * baris berubah"), and the comparison workbook's labels lived in a table of their own beside the
 * writer; both come from core texts now. Two results workbooks written by exceljs (another writer).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import ExcelJS from 'exceljs'
import { join } from 'node:path'
import { rekap } from '../helpers/rekap-process'
import { makeTempDir } from '../helpers/temp-dir'
import { readBook } from './reports-fixtures'

let tmp: ReturnType<typeof makeTempDir>
let a = ''
let b = ''

async function results(file: string, rows: string[][]): Promise<void> {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('Hasil')
  ws.addRow(['Kode RS', 'Nama'])
  for (const r of rows) ws.addRow(r)
  await wb.xlsx.writeFile(file)
}

beforeAll(async () => {
  tmp = makeTempDir('rekap-compare-numbers-')
  const codes = Array.from({ length: 2_300 }, (_, i) => String(3_100_000 + i))
  a = join(tmp.dir, 'bulan-lalu.xlsx')
  b = join(tmp.dir, 'bulan-ini.xlsx')
  await results(a, codes.slice(0, 1_200).map((c) => [c, `RS ${c}`]))
  await results(b, codes.map((c) => [c, `RS ${c} (baru)`]))
})
afterAll(() => tmp?.cleanup())

describe('rekap compare counts in the user language', () => {
  it('Indonesian by default, English when asked; the workbook labelled in the same language', async () => {
    const id = await rekap(['compare', a, b, '--out', join(tmp.dir, 'banding.xlsx')], { REKAP_LANG: 'id' })
    expect(id.code, id.err).toBe(0)
    expect(id.out.split('\n')[0]).toBe(`${a} -> ${b}: 1.200 baris berubah (1.200 sel), 1.100 baru, 0 hilang, 0 sama`)
    const en = await rekap(['compare', a, b, '--out', join(tmp.dir, 'compare.xlsx')], { REKAP_LANG: 'en' })
    expect(en.out.split('\n')[0]).toBe(`${a} -> ${b}: 1,200 row(s) changed (1,200 cell(s)), 1,100 added, 0 removed, 0 unchanged`)
    const json = await rekap(['compare', a, b, '--json'], { REKAP_LANG: 'id' })
    expect(Object.keys(JSON.parse(json.out))).toEqual(['jobA', 'jobB', 'kind', 'keyColumns', 'changed', 'added', 'removed', 'unchanged'])
    expect((await readBook(join(tmp.dir, 'banding.xlsx'))).worksheets.map((w) => w.name)).toEqual(['Ringkasan', 'Berubah', 'Baru', 'Hilang'])
    expect((await readBook(join(tmp.dir, 'compare.xlsx'))).worksheets.map((w) => w.name)).toEqual(['Summary', 'Changed', 'Added', 'Removed'])
  }, 180_000)
})
