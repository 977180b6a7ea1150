/**
 * The user's own date columns, copied into the results sheet: a birth date (a date cell with no
 * time) printed as "1992-08-17 00:00:00", a time no one typed. A date-only cell is a date cell shown
 * as a date; a cell with a time keeps its time. Through the real CLI (a sandbox KYC run), read back
 * by a second program (openpyxl's number formats) and as printed (LibreOffice's PDF, pdftotext),
 * and in the CSV report.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import { rekap } from '../helpers/rekap-process'
import { pdfPages, sofficeConvert } from '../helpers/libreoffice'
import { readWithOpenpyxl } from '../helpers/report-readers'
import { makeTempDir, REPO_ROOT } from '../helpers/temp-dir'

let tmp: ReturnType<typeof makeTempDir>
let db: string
let jobId: string

beforeAll(async () => {
  tmp = makeTempDir()
  db = join(tmp.dir, 'rekap.db')
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('Data KYC')
  ws.addRow(['NIK', 'Nama', 'Tanggal Lahir', 'Waktu Daftar', 'Foto KTP', 'Foto Selfie'])
  mkdirSync(join(tmp.dir, 'photos'))
  for (const f of ['ktp-01.jpg', 'selfie-01.jpg']) copyFileSync(join(REPO_ROOT, 'examples/kyc/photos', f), join(tmp.dir, 'photos', f))
  // exceljs writes a Date's UTC fields as the cell's wall clock, as Excel stores a typed date
  ws.addRow(['3273015708920003', 'Ayu Lestari', new Date(Date.UTC(1992, 7, 17)), new Date(Date.UTC(2026, 2, 2, 14, 35)), 'photos/ktp-01.jpg', 'photos/selfie-01.jpg'])
  ws.getCell('C2').numFmt = 'dd/mm/yyyy'
  ws.getCell('D2').numFmt = 'dd/mm/yyyy hh:mm'
  const file = join(tmp.dir, 'kyc-tanggal.xlsx')
  await wb.xlsx.writeFile(file)
  const run = await rekap(['run', file, '--yes', '--db', db, '--out', join(tmp.dir, 'run.xlsx')])
  expect(run.code, run.out + run.err).toBe(0)
  jobId = /^job (\S+)/.exec(run.out)![1]
}, 240_000)

afterAll(() => tmp?.cleanup())

describe('an input date in the report', () => {
  it('a birth date is a date cell shown as a date, a time of day keeps its time (openpyxl)', async () => {
    const xlsx = join(tmp.dir, 'laporan.xlsx')
    const r = await rekap(['export', jobId, '--out', xlsx, '--lang', 'id', '--db', db])
    expect(r.code, r.out + r.err).toBe(0)
    const book = readWithOpenpyxl(xlsx)
    // the results sheet: the one whose title row holds the user's columns
    const results = Object.values(book.sheets).find((s) => Object.values(s.cells).some((c) => c.v === 'Tanggal Lahir'))!
    const header = Object.entries(results.cells).filter(([ref]) => /^[A-Z]+1$/.test(ref))
    const colOf = (title: string): string => header.find(([, c]) => c.v === title)![0].replace('1', '')
    const birth = results.cells[`${colOf('Tanggal Lahir')}2`]
    expect(birth).toMatchObject({ t: 'date', v: Date.UTC(1992, 7, 17), fmt: 'yyyy-mm-dd' })
    const at = results.cells[`${colOf('Waktu Daftar')}2`]
    expect(at).toMatchObject({ t: 'date', v: Date.UTC(2026, 2, 2, 14, 35), fmt: 'yyyy-mm-dd hh:mm:ss' })
  }, 120_000)

  it('as printed (LibreOffice PDF): 1992-08-17 with no 00:00:00, the registration keeps 14:35:00', async () => {
    const xlsx = join(tmp.dir, 'cetak.xlsx')
    const r = await rekap(['export', jobId, '--out', xlsx, '--lang', 'en', '--db', db])
    expect(r.code, r.out + r.err).toBe(0)
    const [pdf] = sofficeConvert([xlsx], join(tmp.dir, 'pdf'), 'pdf')
    const text = pdfPages(pdf).join('\n')
    expect(text).toContain('1992-08-17')
    expect(text).not.toContain('1992-08-17 00:00:00')
    expect(text).toContain('2026-03-02 14:35:00')
    // and the report still verifies: its formats are rekap's own
    const v = await rekap(['verify', xlsx, '--db', db])
    expect(v.code, v.out + v.err).toBe(0)
  }, 180_000)

  it('in the CSV report: the day alone, the time kept', async () => {
    const csv = join(tmp.dir, 'laporan.csv')
    const r = await rekap(['export', jobId, '--out', csv, '--db', db])
    expect(r.code, r.out + r.err).toBe(0)
    const text = readFileSync(csv, 'utf8')
    expect(text).toMatch(/,1992-08-17,/)
    expect(text).toContain(',2026-03-02 14:35:00,')
  }, 60_000)
})
