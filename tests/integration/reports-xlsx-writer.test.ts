import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { existsSync } from 'node:fs'
import ExcelJS from 'exceljs'
import { openStore, type Store } from '../../src-main/core/store'
import { defaultJobSettings } from '../../src-main/core/model/job-settings'
import { writeJobReport } from '../../src-main/core/export'
import { cellFor, type ColumnSpec } from '../../src-main/core/reports/column-cells'
import { openStreamingXlsxReport } from '../../src-main/core/reports/xlsx/xlsx-report'
import { sheetPartNames } from '../../src-main/core/reports/xlsx/sheet-parts'
import { wallClockDate } from '../../src-main/core/reports/report-time'
import { reportZone } from '../../src-main/core/reports/time-zone'
import { makeTempDir } from '../helpers/temp-dir'
import { cellAt, readBook, summaryMap, T0 } from './reports-fixtures'

/**
 * rekap's own xlsx writer (streamed sheet XML in a zip it writes itself), checked by reading
 * every cell back with exceljs: values and types must equal what the column rules made of them.
 */

let tmp: ReturnType<typeof makeTempDir>
beforeAll(() => {
  tmp = makeTempDir()
})
afterAll(() => tmp.cleanup())

const COLUMNS: ColumnSpec[] = [
  { header: 'NIK', kind: 'code' },
  { header: 'Nama & <Alias>', kind: 'auto' },
  { header: 'Catatan', kind: 'text', width: 40 },
  { header: 'Jumlah', kind: 'integer' },
  { header: 'Skor', kind: 'score' },
  { header: 'Biaya', kind: 'money' },
  { header: 'Waktu', kind: 'date' },
  { header: 'Lahir', kind: 'auto' },
  { header: 'Aktif', kind: 'auto' },
  { header: 'Hasil', kind: 'outcome' },
]

const TRICKY = ['=HYPERLINK("http://evil.example/x","klik")', '+62 812 5555 0101', '-1+1', '@SUM(A1:A9)', '\tcmd', '  spasi di tepi  ', 'a & b < c > d "e"', 'Ñoño ☕ 😀 ꦲꦏ꧀ꦱꦫ', 'baris\nbaru', "'kutip"]

function rowValues(i: number): unknown[] {
  return [
    i % 3 === 0 ? 3273010101000000 + i : String(i).padStart(16, '0'), // a number or text with leading zeros
    i % 7 === 0 ? 12345 + i : `Nasabah ${i}`,
    i % 5 === 0 ? null : TRICKY[i % TRICKY.length],
    i * 1000,
    i % 11 === 0 ? null : ((i * 7919) % 10_000) / 10_000,
    i % 2 ? 400 : 0,
    T0 + i * 61_001,
    new Date(Date.UTC(1960 + (i % 50), i % 12, 1 + (i % 28))).toJSON(),
    i % 4 === 0 ? true : i % 4 === 1 ? false : '',
    ['COCOK', 'TIDAK COCOK', 'PERLU TINJAUAN'][i % 3],
  ]
}

/** What a cell must read back as: the column rule's output, in exceljs's terms. */
function expectCell(cell: ExcelJS.Cell, written: unknown, kind: ColumnSpec['kind'], where: string): void {
  const want = cellFor(written, kind)
  if (want === null || want === '') {
    expect(cell.value ?? null, where).toBeNull()
    return
  }
  if (want instanceof Date) {
    expect(cell.type, where).toBe(ExcelJS.ValueType.Date)
    // Excel keeps times to the millisecond at best; a day fraction in a double is exact to ~1 µs
    expect(Math.abs((cell.value as Date).getTime() - want.getTime()), where).toBeLessThanOrEqual(1)
    return
  }
  if (typeof want === 'number') expect(cell.type, where).toBe(ExcelJS.ValueType.Number)
  if (typeof want === 'string') {
    expect(cell.type, where).toBe(ExcelJS.ValueType.String)
    expect(cell.formula, where).toBeUndefined()
  }
  expect(cell.value, where).toEqual(want)
}

describe('streaming xlsx writer', () => {
  it('writes 1,000 rows that exceljs reads back cell by cell, with the header, widths, filter and frozen row', async () => {
    const out = join(tmp.dir, 'thousand.xlsx')
    const w = openStreamingXlsxReport(out, { lang: 'en' })
    const s = w.sheet('Hasil', COLUMNS, { outcomeColumn: 9, outcomeTones: { COCOK: 'good', 'TIDAK COCOK': 'bad' } })
    for (let i = 1; i <= 1000; i++) {
      s.addRow(rowValues(i))
      await s.breathe()
    }
    await s.close()
    expect(await w.finish()).toEqual(['Hasil'])
    expect(existsSync(out + '.partial')).toBe(false)

    const ws = (await readBook(out)).getWorksheet('Hasil')!
    expect(ws.rowCount).toBe(1001)
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(COLUMNS.map((c) => c.header))
    expect(ws.getRow(1).getCell(1).font?.bold).toBe(true)
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 })
    expect(ws.autoFilter).toBe('A1:J1001')
    expect(ws.getColumn(3).width).toBe(40)
    expect(ws.getColumn(7).numFmt ?? ws.getCell('G2').numFmt).toBe('yyyy-mm-dd hh:mm:ss')
    expect(ws.getCell('D2').numFmt).toBe('[$-409]#,##0')
    expect(ws.getCell('A2').numFmt).toBe('@')
    for (let i = 1; i <= 1000; i++) {
      const values = rowValues(i)
      const row = ws.getRow(i + 1)
      COLUMNS.forEach((c, col) => expectCell(row.getCell(col + 1), values[col], c.kind, `row ${i + 1} ${c.header}`))
    }
    // spot checks of the rules themselves, not only of "what cellFor said"
    expect(ws.getCell('A2').value).toBe('0000000000000001')
    expect(ws.getCell('A4').value).toBe('3273010101000003')
    expect(ws.getCell('I5').value).toBe(true)
    expect(ws.getCell('G2').value).toEqual(wallClockDate(T0 + 61_001))
  })

  it('writes a text repeated row after row in a column as the same cell each time, whatever the column kind', async () => {
    // the sheet keeps each column's last text and its cell: an ISO text an 'auto' or 'date' column
    // reads as a date, an empty text, a text cleaned of XML-illegal characters, a code given as a
    // number between equal texts, a text after a row with kinds of its own
    const kinds: ColumnSpec['kind'][] = ['code', 'auto', 'text', 'integer', 'score', 'date', 'outcome']
    const columns: ColumnSpec[] = kinds.map((kind, i) => ({ header: `K${i} ${kind}`, kind }))
    // neighbours of the same length: a cell kept for the wrong text of the right length fails
    const texts = ['2024-03-01T10:20:30.000Z', '2024-03-01T10:20:31.000Z', '', 'a\u0001b', '007', 'x y', '  tepi  ', '12.5', '12.6', 'TIDAK COCOK', 'PERLU TINJA', '2025-03-01T10:20:30']
    const values = (i: number): unknown[] => kinds.map((_, k) => (i % 9 === 4 && k === 0 ? 7 : texts[(Math.floor(i / 3) + k) % texts.length]))
    const out = join(tmp.dir, 'repeated.xlsx')
    const w = openStreamingXlsxReport(out, { lang: 'en' })
    const s = w.sheet('Ulang', columns)
    for (let i = 0; i < 300; i++) {
      if (i % 50 === 49) s.addRow(values(i), { kinds: ['text', 'text', undefined, undefined, undefined, undefined, undefined] })
      else s.addRow(values(i))
      await s.breathe()
    }
    await s.close()
    await w.finish()
    const ws = (await readBook(out)).getWorksheet('Ulang')!
    for (let i = 0; i < 300; i++) {
      const row = ws.getRow(i + 2)
      const rowKinds = i % 50 === 49 ? ['text', 'text', ...kinds.slice(2)] : kinds
      values(i).forEach((v, k) => expectCell(row.getCell(k + 1), v, rowKinds[k] as ColumnSpec['kind'], `row ${i + 2} ${columns[k].header}`))
    }
  })

  it('writes several sheets in order and splits one at the row limit, header repeated', async () => {
    const out = join(tmp.dir, 'multi.xlsx')
    const w = openStreamingXlsxReport(out, { lang: 'en', maxRowsPerSheet: 301 })
    const summary = w.sheet('Ringkasan', [{ header: 'Item', kind: 'auto' }, { header: 'Nilai', kind: 'auto' }], { table: false })
    summary.addRow(['Laporan'], { bold: true })
    summary.addRow(['Jumlah', 1000])
    await summary.close()
    const s = w.sheet('Hasil', COLUMNS)
    for (let i = 1; i <= 1000; i++) {
      s.addRow(rowValues(i))
      if (i % 3) await s.breathe() // rows added between two breaths still land in order
    }
    await s.close()
    const e = w.sheet('Galat', [{ header: 'Baris', kind: 'integer' }])
    e.addRow([7])
    await e.close()
    const names = await w.finish()
    expect(names).toEqual(['Ringkasan', ...sheetPartNames('Hasil', 1000, 301), 'Galat'])
    expect(names).toEqual(['Ringkasan', 'Hasil', 'Hasil (2)', 'Hasil (3)', 'Hasil (4)', 'Galat'])

    const book = await readBook(out)
    expect(book.worksheets.map((ws) => ws.name)).toEqual(names)
    expect(book.getWorksheet('Ringkasan')!.getCell('B3').value).toBe(1000)
    expect(book.getWorksheet('Ringkasan')!.views[0]?.state ?? 'normal').toBe('normal')
    let i = 0
    for (const name of ['Hasil', 'Hasil (2)', 'Hasil (3)', 'Hasil (4)']) {
      const ws = book.getWorksheet(name)!
      expect((ws.getRow(1).values as unknown[]).slice(1), name).toEqual(COLUMNS.map((c) => c.header))
      expect(ws.rowCount, name).toBe(name === 'Hasil (4)' ? 1 + 100 : 301)
      for (let r = 2; r <= ws.rowCount; r++) {
        i++
        const values = rowValues(i)
        COLUMNS.forEach((c, col) => expectCell(ws.getRow(r).getCell(col + 1), values[col], c.kind, `${name} row ${r} ${c.header}`))
      }
    }
    expect(i).toBe(1000)
    expect(book.getWorksheet('Galat')!.getCell('A2').value).toBe(7)
  })
})

describe('face report through the streaming writer', () => {
  let store: Store
  let jobId: string
  const HEADERS = ['NIK', 'Nama', 'Foto KTP', 'Selfie', 'Tanggal Lahir', 'Catatan']
  const input = (i: number) => ({
    NIK: i % 2 ? String(i).padStart(16, '0') : 3273010101000000 + i,
    Nama: i % 9 === 0 ? '-Nasabah' : `Nasabah ${i}`,
    'Foto KTP': `foto/ktp/${i}.jpg`,
    Selfie: `foto/selfie/${i}.jpg`,
    'Tanggal Lahir': new Date(Date.UTC(1970 + (i % 40), i % 12, 1 + (i % 28))),
    Catatan: i % 97 === 0 ? '=HYPERLINK("http://x","y")' : null,
  })

  beforeAll(() => {
    store = openStore(join(tmp.dir, 'rekap.sqlite'))
    const job = store.jobs.create(
      {
        kind: 'face-match',
        inputFile: '/data/kyc/kyc.xlsx',
        inputName: 'kyc.xlsx',
        inputFingerprint: 'sha256:test',
        headers: HEADERS,
        mapping: { image1: 'Foto KTP', image2: 'Selfie' },
        settings: defaultJobSettings({ baseUrl: 'https://api.example.co.id', reviewBand: [0.45, 0.55] }),
      },
      T0,
    )
    jobId = job.id
    store.rows.insertMany(
      jobId,
      Array.from({ length: 1000 }, (_, k) => ({ rowNo: k + 1, sourceRow: k + 2, input: input(k + 1) })),
      T0,
    )
    for (let i = 1; i <= 1000; i++) {
      store.rows.markInFlight(jobId, i, T0 + i)
      const confidence = ((i * 7919) % 1000) / 1000
      store.rows.complete(jobId, i, { outcome: confidence > 0.5 ? 'match' : 'no-match', match: confidence > 0.5, confidence }, T0 + i * 1000, {
        product: 'face-match',
        chargePoints: 400,
      })
    }
  })
  afterAll(() => store.close())

  it('reads back every cell of a 1,000-row job: codes with zeros, numbers, dates, formula-like text', async () => {
    const out = join(tmp.dir, 'face-1000.xlsx')
    const r = await writeJobReport(store, jobId, { out, now: T0 + 3_600_000 })
    expect(r.sheets).toEqual(['Ringkasan', 'Hasil', 'Galat', 'Tinjauan'])
    const ws = (await readBook(out)).getWorksheet('Hasil')!
    expect(ws.rowCount).toBe(1001)
    for (let i = 1; i <= 1000; i++) {
      const inp = input(i)
      const row = i + 1
      expect(cellAt(ws, row, 'NIK').value).toBe(typeof inp.NIK === 'number' ? String(inp.NIK) : inp.NIK)
      expect(cellAt(ws, row, 'NIK').type).toBe(ExcelJS.ValueType.String)
      expect(cellAt(ws, row, 'Nama').value).toBe(inp.Nama)
      expect(cellAt(ws, row, 'Foto KTP').value).toBe(inp['Foto KTP'])
      expect(cellAt(ws, row, 'Tanggal Lahir').value).toEqual(inp['Tanggal Lahir'])
      expect(cellAt(ws, row, 'Catatan').value ?? null).toBe(inp.Catatan)
      const confidence = ((i * 7919) % 1000) / 1000
      expect(cellAt(ws, row, 'Skor').value).toBe(confidence)
      const label = confidence >= 0.45 && confidence <= 0.55 ? 'PERLU TINJAUAN' : confidence > 0.5 ? 'COCOK' : 'TIDAK COCOK'
      expect(cellAt(ws, row, 'Hasil').value).toBe(label)
      expect(cellAt(ws, row, 'Biaya (Rp)').value).toBe(400)
      expect(cellAt(ws, row, 'Waktu (WIB)').value).toEqual(reportZone('Asia/Jakarta').wall(T0 + i * 1000))
      expect(cellAt(ws, row, 'ID Baris').value).toBe(i)
    }
  })

  it("splits the results at the row limit and names the split in the summary", async () => {
    const out = join(tmp.dir, 'face-split.xlsx')
    const r = await writeJobReport(store, jobId, { out, now: T0 + 3_600_000, maxRowsPerSheet: 401, lang: 'en' })
    expect(r.sheets).toEqual(['Summary', 'Results', 'Results (2)', 'Results (3)', 'Errors', 'Review'])
    expect(r.rows).toBe(1000)
    const book = await readBook(out)
    const notes = [...summaryMap(book.getWorksheet('Summary')!).values()].map(String)
    book.getWorksheet('Summary')!.eachRow((row) => notes.push(String(row.getCell(2).value)))
    expect(notes.some((n) => n.includes('split into: Results, Results (2), Results (3)'))).toBe(true)
    const ids: number[] = []
    for (const name of ['Results', 'Results (2)', 'Results (3)']) {
      const ws = book.getWorksheet(name)!
      for (let row = 2; row <= ws.rowCount; row++) ids.push(cellAt(ws, row, 'Row ID').value as number)
    }
    expect(ids).toEqual(Array.from({ length: 1000 }, (_, k) => k + 1))
  })

  it('lists every failed row on the errors sheet, in order, past the first pages', async () => {
    const failing = store.jobs.create(
      {
        kind: 'face-match',
        inputFile: '/data/kyc/kyc.xlsx',
        inputName: 'kyc.xlsx',
        headers: HEADERS,
        mapping: { image1: 'Foto KTP', image2: 'Selfie' },
        settings: defaultJobSettings({ baseUrl: 'https://api.example.co.id' }),
      },
      T0,
    )
    const n = 9001
    store.rows.insertMany(
      failing.id,
      Array.from({ length: n }, (_, k) => ({
        rowNo: k + 1,
        sourceRow: k + 2,
        input: input(k + 1),
        localFailure: k % 2 ? null : { code: 'image-not-found', message: `photo ${k + 1} not found`, column: 'Foto KTP' },
      })),
      T0,
    )
    const out = join(tmp.dir, 'errors.xlsx')
    await writeJobReport(store, failing.id, { out, now: T0 })
    const ws = (await readBook(out)).getWorksheet('Galat')!
    const ids: number[] = []
    for (let row = 2; row <= ws.rowCount; row++) ids.push(cellAt(ws, row, 'ID Baris').value as number)
    expect(ids).toEqual(Array.from({ length: Math.ceil(n / 2) }, (_, k) => 2 * k + 1))
  })
})
