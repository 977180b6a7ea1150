/**
 * Issue 23, items 11 and 13 and the proof: one report of every kind, made through the real CLI
 * against the real sandbox process, opened by a second independent reader (openpyxl, Debian's
 * python3-openpyxl) and compared cell for cell with exceljs: values and types (numbers as numbers,
 * dates as dates, text as text), the pictures of the thumbnails report, and the formats a reader
 * sees (decimals of full-time equivalents, areas as numbers, one title per column, rows that add
 * up to the counts the report states, a directory summary without a job).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeTempDir } from '../helpers/temp-dir'
import { makeEveryReport, type EveryReport, type ReportName } from '../helpers/every-report'
import { cellMismatches, columnOf, headerRow, readWithExceljs, readWithOpenpyxl, rowsOf, type OpenpyxlBook } from '../helpers/report-readers'
import type { SandboxProcess } from '../helpers/sandbox-process'
import { pdfPageCount, pdfPages, pdfWordHeights, readText, sofficeConvert } from '../helpers/libreoffice'
import { join } from 'node:path'

let tmp: ReturnType<typeof makeTempDir>
let made: EveryReport & { sandbox: SandboxProcess }
const books = new Map<ReportName, OpenpyxlBook>()
const XLSX: ReportName[] = [
  'face',
  'faceThumbnails',
  'hospitalLookup',
  'hospitalDirectory',
  'schoolLookup',
  'schoolDirectory',
  'schoolSearch',
  'regions',
  'directoryExport',
  'annotated',
]
const book = (name: ReportName): OpenpyxlBook => {
  if (!books.has(name)) books.set(name, readWithOpenpyxl(made.files[name]))
  return books.get(name)!
}

beforeAll(async () => {
  tmp = makeTempDir('rekap-every-kind-')
  made = await makeEveryReport(tmp.dir)
}, 600_000)

afterAll(async () => {
  await made?.sandbox.stop()
  tmp?.cleanup()
})

describe('every report kind, read by openpyxl and by exceljs', () => {
  it.each(XLSX)('%s: same sheets, same cells, same types, no warning', async (name) => {
    const py = book(name)
    const js = await readWithExceljs(made.files[name])
    expect(py.warnings).toEqual([])
    expect(py.order).toEqual(js.order)
    const cells = Object.values(py.sheets).reduce((n, s) => n + Object.keys(s.cells).length, 0)
    expect(cells).toBeGreaterThan(20)
    expect(cellMismatches(js.sheets, py.sheets)).toEqual([])
    for (const s of py.order) expect(py.sheets[s].pictures, s).toBe(js.sheets[s].pictures)
  })

  it('dates are dates and money is a number in both readers', () => {
    const hasil = book('face').sheets['Hasil']
    const time = columnOf(hasil, 'Waktu (WIB)')!
    const cost = columnOf(hasil, 'Biaya (Rp)')!
    expect(hasil.cells[`${time}2`].t).toBe('date')
    expect(hasil.cells[`${cost}2`].t).toBe('number')
  })

  it("both xlsx writers agree: the thumbnails report (exceljs) and the plain one (rekap's writer) hold the same results, formats and print setup", () => {
    const plain = book('face').sheets['Hasil']
    const thumbs = book('faceThumbnails').sheets['Hasil']
    const photoCols = new Set(['Foto 1', 'Foto 2'].map((h) => columnOf(thumbs, h)))
    const strip = (cells: typeof plain.cells) =>
      Object.fromEntries(Object.entries(cells).filter(([a]) => !photoCols.has(a.replace(/\d+$/, ''))).map(([a, c]) => [a, { t: c.t, v: c.v, fmt: c.fmt, wrap: c.wrap }]))
    expect(strip(thumbs.cells)).toEqual(strip(plain.cells))
    for (const k of ['orientation', 'fitToWidth', 'fitToPage', 'printTitleRows', 'printTitleCols'] as const) expect(thumbs[k], k).toEqual(plain[k])
  })

  it('item 13: the thumbnails report keeps its pictures in openpyxl (two per row with photos)', () => {
    const py = book('faceThumbnails')
    expect(py.warnings).toEqual([])
    expect(py.sheets['Hasil'].pictures).toBeGreaterThanOrEqual(16)
  })
})

describe('item 11: formats a reader can trust', () => {
  it('full-time-equivalent doctor counts show their decimals', () => {
    const hasil = book('hospitalLookup').sheets['Hasil']
    const fractional = Object.values(hasil.cells).filter((c) => c.t === 'number' && !Number.isInteger(c.v))
    expect(fractional.length).toBeGreaterThan(0)
    // the format without its locale tag ([$-421], the report's language)
    for (const c of fractional) expect(['#,##0', '0', '"Rp"#,##0'], `${c.v} in ${c.fmt}`).not.toContain(c.fmt.replace(/^\[\$-[0-9A-F]+\]/i, ''))
  })

  it('land and building areas are numbers, the unit in the header', () => {
    const hasil = book('hospitalLookup').sheets['Hasil']
    const land = columnOf(hasil, 'Luas Tanah (m²)')
    expect(land, headerRow(hasil).join(' | ')).toBeDefined()
    const values = [...rowsOf(hasil).entries()].filter(([r]) => r > 1).map(([, row]) => row.get(land!)).filter(Boolean)
    expect(values.length).toBeGreaterThan(10)
    for (const v of values) expect(v!.t).toBe('number')
  })

  it('one title per column in every sheet of every report', () => {
    for (const name of XLSX) {
      const py = book(name)
      for (const s of py.order) {
        if (s === 'Ringkasan') continue
        const heads = headerRow(py.sheets[s]).filter((h) => h !== '')
        const twice = heads.filter((h, i) => heads.indexOf(h) !== i)
        expect(twice, `${name} / ${s}`).toEqual([])
      }
    }
  })

  it('the regions report has as many region rows as the records it counts', () => {
    const py = book('regions')
    const hasil = py.sheets['Hasil']
    const count = columnOf(hasil, 'Jumlah Data')!
    const stated = [...rowsOf(hasil).entries()].filter(([r]) => r > 1).reduce((n, [, row]) => n + Number(row.get(count)?.v ?? 0), 0)
    expect(stated).toBeGreaterThan(600)
    const tree = py.sheets['Wilayah']
    expect(rowsOf(tree).size - 1).toBe(stated)
    const province = columnOf(tree, 'Kode Provinsi')!
    const provinces = new Set([...rowsOf(tree).entries()].filter(([r]) => r > 1).map(([, row]) => row.get(province)?.v))
    expect([...provinces]).toEqual(['32'])
  })

  it('the directory export summary states readable filters and no job', () => {
    const summary = book('directoryExport').sheets['Ringkasan']
    const texts = Object.values(summary.cells).map((c) => String(c.v))
    const filterRow = Object.entries(summary.cells).find(([a, c]) => a.startsWith('A') && c.v === 'Filter')![0].slice(1)
    expect(String(summary.cells[`B${filterRow}`].v)).toMatch(/^Provinsi: 32 \S/)
    expect(texts).not.toContain('Pekerjaan')
    expect(texts).not.toContain('Mulai')
    expect(texts).not.toContain('Selesai')
  })
})

describe('item 12: every report prints readably (LibreOffice PDF export)', () => {
  const PRINTED: ReportName[] = ['face', 'faceThumbnails', 'hospitalLookup', 'schoolDirectory', 'regions', 'directoryExport']
  let pdfs: Map<ReportName, string[]>
  let heights: Map<ReportName, number[]>
  const pdf = (name: ReportName): string[] => pdfs.get(name)!
  beforeAll(() => {
    const out = sofficeConvert(PRINTED.map((n) => made.files[n]), join(made.dir, 'pdf'), 'pdf')
    pdfs = new Map(PRINTED.map((n, i) => [n, pdfPages(out[i])]))
    heights = new Map(PRINTED.map((n, i) => [n, pdfWordHeights(out[i])]))
    expect(pdfPageCount(out[0])).toBe(pdf('face').length)
  }, 300_000)

  it('every sheet has a page setup: fit to width, A4, the header row repeated on tables', () => {
    for (const name of PRINTED) {
      const py = book(name)
      for (const s of py.order) {
        const sheet = py.sheets[s]
        // fitted to the page's width, or (too wide to fit readably) to a few pages across, the key columns repeated
        expect(sheet.fitToPage, `${name} / ${s}`).toBe(true)
        expect(sheet.fitToWidth ?? 1, `${name} / ${s}`).toBeGreaterThanOrEqual(1)
        expect(sheet.fitToWidth ?? 1, `${name} / ${s}`).toBeLessThanOrEqual(5)
        if (s !== 'Ringkasan') expect(sheet.printTitleRows, `${name} / ${s}`).toMatch(/^\$?1:\$?1$/)
      }
      const hasil = py.sheets['Hasil']
      if (Object.values(hasil.widths).reduce((a, b) => a + b, 0) > 120) expect(hasil.orientation, name).toBe('landscape')
    }
  })

  it('no page prints its text too small to read (median word height >= 6 pt)', () => {
    for (const name of PRINTED) {
      const small = heights.get(name)!.map((h, i) => [i + 1, h] as const).filter(([, h]) => h > 0 && h < 6)
      expect(small, name).toEqual([])
    }
    // the hospital record (30 columns) prints across pages, each starting with the row's input code and verdict
    const hasil = book('hospitalLookup').sheets['Hasil']
    expect(hasil.printTitleCols).toMatch(/^\$?A:\$?C$/)
  })

  it('the 12-row KYC report prints in a handful of pages, its summary on the first one whole', () => {
    const pages = pdf('face')
    expect(pages.length).toBeLessThanOrEqual(6)
    const digest = String(book('face').sheets['Ringkasan'].cells[Object.entries(book('face').sheets['Ringkasan'].cells).find(([, c]) => c.v === 'Digest isi laporan (SHA-256)')![0].replace('A', 'B')].v)
    expect(digest).toMatch(/^[0-9a-f]{64}$/)
    const first = pages[0]
    for (const text of ['Laporan rekap', 'Jenis pekerjaan', 'Pencocokan wajah', 'Digest isi laporan (SHA-256)', digest, 'Riwayat status']) {
      expect(first, text).toContain(text)
    }
    // a label and its value on the same printed line
    expect(first).toMatch(/Jenis pekerjaan\s+Pencocokan wajah/)
    expect(pages.slice(1).join('\n')).not.toContain('Laporan rekap')
  })

  it('no header is cut: long titles print whole', () => {
    const text = pdf('face').join('\n')
    for (const h of ['Diperlambat 429', 'Waktu Keputusan (WIB)', 'Keputusan Akhir', 'Diputuskan Oleh']) expect(text, h).toContain(h)
    expect(pdf('hospitalLookup').join('\n')).toContain('Dokter Spesialis Dasar')
  })

  it('the header row is on every printed page of a long table', () => {
    // regions: every page listing districts (6-digit codes) carries the tree's header
    const regionPages = pdf('regions').filter((p) => /\b32\d{4}\b/.test(p))
    expect(regionPages.length).toBeGreaterThan(3)
    for (const p of regionPages) expect(p).toContain('Kode Kecamatan')
    // school records: every page (down and across) starts with the header and the school's NPSN and name
    const schoolPages = pdf('schoolDirectory').filter((p) => /^\s*\d{8}\s/m.test(p))
    expect(schoolPages.length).toBeGreaterThan(1)
    for (const p of schoolPages) expect(p).toMatch(/NPSN\s+Nama Sekolah/)
  })
})

describe('item 14: CSV keeps codes exact and guards real formulas only', () => {
  it('no stray apostrophe on ordinary values; real formulas still neutralised', () => {
    const face = readText(made.files.faceCsv)
    const odd = readText(made.files.oddValuesCsv)
    for (const text of [face, odd]) expect(text).not.toMatch(/'-(?:,|"|$)|'-5|'\+62|'-Budi/m)
    expect(odd).toContain(',+62 812 3456,-Budi,')
    expect(odd).toContain(`"'=HYPERLINK(""http://evil.example/x"",""klik"")"`)
    expect(odd).toContain(`"'-2+3"`)
    expect(odd).toContain(`"'@SUM(A1:A9)"`)
    expect(odd).toContain(`"Bandung;'=1+1"`)
  })

  it("LibreOffice's default import keeps every NIK and code, leading zeros included, as text", async () => {
    // UTF-8, comma, double quote: what LibreOffice's import dialog proposes for rekap's CSV (BOM)
    const [faceXlsx, oddXlsx] = sofficeConvert([made.files.faceCsv, made.files.oddValuesCsv], join(made.dir, 'csv-import'), 'xlsx', 'CSV:44,34,76,1')
    const visible = (v: unknown): string => String(v).replace(/\u2060/g, '')
    const truth = await readWithExceljs(made.files.face)
    const nikCol = columnOf(truth.sheets['Hasil'], 'NIK')!
    const niks = [...rowsOf(truth.sheets['Hasil']).entries()].filter(([r]) => r > 1).map(([, row]) => String(row.get(nikCol)!.v))
    expect(niks.length).toBe(12)
    const imported = readWithOpenpyxl(faceXlsx)
    const sheet = Object.values(imported.sheets)[0]
    const col = columnOf(sheet, 'NIK')!
    const got = [...rowsOf(sheet).entries()].filter(([r]) => r > 1).map(([, row]) => row.get(col)!)
    expect(got.map((c) => c.t)).toEqual(niks.map(() => 'text'))
    expect(got.map((c) => visible(c.v))).toEqual(niks)

    const oddSheet = Object.values(readWithOpenpyxl(oddXlsx).sheets)[0]
    const codeCol = columnOf(oddSheet, 'Kode RS')!
    const codes = [...rowsOf(oddSheet).entries()].filter(([r]) => r > 1).map(([, row]) => visible(row.get(codeCol)!.v))
    expect(codes).toEqual(['3101001', '0123456', '3101001', '0000001', '3101001'])
    const phones = columnOf(oddSheet, 'Telepon PIC')!
    expect(rowsOf(oddSheet).get(2)!.get(phones)!.v).toBe('+62 812 3456')
    expect(rowsOf(oddSheet).get(3)!.get(phones)!).toEqual(expect.objectContaining({ t: 'number', v: -5 }))
  })
})
