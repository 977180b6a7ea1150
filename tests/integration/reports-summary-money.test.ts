/**
 * The summary sheet's Rupiah amounts are numbers with the Rupiah format (so an auditor can sum
 * them), in rekap's streaming xlsx writer and in the exceljs in-memory one (thumbnails), read back
 * with exceljs; and the report still verifies (the digest covers values, not formats).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import type ExcelJS from 'exceljs'
import { openStore, type Store } from '../../src-main/core/store'
import { writeJobReport } from '../../src-main/core/export'
import { verifyReport } from '../../src-main/core/export/verify-report'
import { makeTempDir } from '../helpers/temp-dir'
import { buildFaceJob, readBook, T0 } from './reports-fixtures'

// tagged with the report's locale: LibreOffice prints the report's own grouping mark (report-number-locale)
const RUPIAH = { id: '[$-421]"Rp"#,##0', en: '[$-409]"Rp"#,##0' }

let tmp: ReturnType<typeof makeTempDir>
let store: Store
let jobId: string

beforeAll(() => {
  tmp = makeTempDir()
  store = openStore(join(tmp.dir, 'rekap.db'))
  jobId = buildFaceJob(store)
})
afterAll(() => {
  store?.close()
  tmp?.cleanup()
})

/** The value cell of the summary line with this label. */
function line(ws: ExcelJS.Worksheet, label: string): ExcelJS.Cell {
  let found: ExcelJS.Cell | null = null
  ws.eachRow((row) => {
    if (!found && row.getCell(1).value === label) found = row.getCell(2)
  })
  if (!found) throw new Error(`no summary line "${label}" on sheet ${ws.name}`)
  return found
}

const cases: Array<[string, { thumbnails?: boolean; lang: 'id' | 'en' }, Record<string, number>, string[]]> = [
  [
    'the streaming writer, Indonesian',
    { lang: 'id' },
    { 'Anggaran (Rp)': 100_000, 'Biaya (Rp, 1 poin = Rp1)': 1_600, 'Jumlah kolom Biaya (Rp)': 1_600 },
    ['Jumlah baris', 'Digest isi laporan (SHA-256)'],
  ],
  [
    'the exceljs in-memory writer (thumbnails), English',
    { lang: 'en', thumbnails: true },
    { 'Budget (Rp)': 100_000, 'Cost (Rp, 1 point = Rp1)': 1_600, 'Sum of the Cost (Rp) column': 1_600 },
    ['Rows', 'Report content digest (SHA-256)'],
  ],
]

describe('summary sheet: Rupiah amounts', () => {
  for (const [what, opts, amounts, plain] of cases) {
    it(`${what}: numbers with the Rupiah format; other lines keep theirs; the report verifies`, async () => {
      const out = join(tmp.dir, `${opts.lang}${opts.thumbnails ? '-thumbs' : ''}.xlsx`)
      await writeJobReport(store, jobId, { out, now: T0 + 3_600_000, ...opts })
      const ws = (await readBook(out)).worksheets[0]
      for (const [label, amount] of Object.entries(amounts)) {
        const cell = line(ws, label)
        expect(cell.value, label).toBe(amount)
        expect(cell.numFmt, label).toBe(RUPIAH[opts.lang])
      }
      for (const label of plain) expect(line(ws, label).numFmt ?? 'General', label).not.toBe(RUPIAH[opts.lang])
      expect(await verifyReport(out, { store })).toMatchObject({ unchanged: true, jobId })
    })
  }
})
