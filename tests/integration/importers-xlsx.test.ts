import { createHash } from 'node:crypto'
import { copyFile, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { autoMap } from '../../src-main/core/kinds/registry'
import { listSheets, openTable, resolveImageRef, type ImportedRow, type TableReader } from '../../src-main/core/importers'
import { facePhoto, FACES_DIR, writeKycWorkbookWithPictures, writePlaceInCellWorkbook } from '../fixtures/builders/workbooks'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'rekap-importers-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** Pictures as sha256 + extension: comparing 300 KB buffers element by element is needlessly slow. */
function digestPictures(rows: ImportedRow[]) {
  return rows.map((r) => ({
    ...r,
    pictures: Object.fromEntries(Object.entries(r.pictures).map(([k, p]) => [k, { sha256: sha256(p.data), extension: p.extension }])),
  }))
}
const sha256 = (data: Buffer): string => createHash('sha256').update(data).digest('hex')

async function readAll(table: TableReader): Promise<ImportedRow[]> {
  const rows: ImportedRow[] = []
  for await (const r of table.rows()) rows.push(r)
  return rows
}

describe('xlsx with floating pictures (Insert > Picture)', () => {
  let file: string
  beforeAll(async () => {
    file = path.join(dir, 'kyc.xlsx')
    await writeKycWorkbookWithPictures(file)
  })

  it('finds the table under the title rows and maps it', async () => {
    const table = await openTable(file)
    expect(table.sheet).toBe('Data')
    expect(table.headerRow).toBe(4)
    expect(table.headers).toEqual(['No', 'NIK', 'Nama', 'Foto KTP', 'Selfie', 'Nama (2)', 'Kolom G', 'Tanggal'])
    expect(autoMap('face-match', table.headers)).toEqual({
      mapping: { image1: 'Foto KTP', image2: 'Selfie', nik: 'NIK', name: 'Nama' },
      missing: [],
    })
    await table.close()
  })

  it('gives each row its values (text NIKs, rich text, formula results, hyperlink text, dates) and its pictures', async () => {
    const rows = await readAll(await openTable(file))
    expect(rows.map((r) => r.sourceRow)).toEqual([5, 6, 7, 8])
    expect(rows.map((r) => r.values.NIK)).toEqual(['3201234567890123', '3273011201900005', '0012345678901234', '3374021505850001'])
    expect(rows.map((r) => r.values.Nama)).toEqual(['Budi Santoso', 'Siti Aminah', 'ANDI', 'Dewi Lestari'])
    expect(rows[0].values.Tanggal).toEqual(new Date(Date.UTC(2024, 0, 10)))
    expect(rows[0].values['Kolom G']).toBe('catatan tanpa judul')

    const ktp = await facePhoto('biden_1.jpg')
    const selfie = await facePhoto('alex_lacamoire_2.png')
    expect(Object.keys(rows[0].pictures).sort()).toEqual(['Foto KTP', 'Selfie'])
    const pics = digestPictures(rows)
    expect(pics[0].pictures['Foto KTP']).toEqual({ sha256: sha256(ktp), extension: 'jpeg' })
    expect(pics[1].pictures.Selfie).toEqual({ sha256: sha256(selfie), extension: 'png' })
    expect(Object.keys(rows[2].pictures)).toEqual(['Foto KTP'])
    expect(rows[3].pictures).toEqual({})
    expect(rows.flatMap((r) => r.problems)).toEqual([])
  })

  it('reads pictures only for the columns asked for', async () => {
    const rows = await readAll(await openTable(file, { pictures: ['Selfie'] }))
    expect(Object.keys(rows[0].pictures)).toEqual(['Selfie'])
    const none = await readAll(await openTable(file, { pictures: false }))
    expect(none.every((r) => Object.keys(r.pictures).length === 0)).toBe(true)
  })

  it('reads the same values with exceljs\'s streaming reader as with rekap\'s own', async () => {
    const fast = await readAll(await openTable(file, { engine: 'fast' }))
    const viaExceljs = await readAll(await openTable(file, { engine: 'exceljs' }))
    expect(digestPictures(fast)).toEqual(digestPictures(viaExceljs))
  })
})

describe('Excel 365 "Place in cell" pictures', () => {
  it('reads the picture of each cell through the rich-value parts', async () => {
    const file = path.join(dir, 'place-in-cell.xlsx')
    await writePlaceInCellWorkbook(file)
    const rows = await readAll(await openTable(file))
    expect(rows).toHaveLength(2)
    const pics = digestPictures(rows)
    expect(pics[0].pictures['Foto KTP']).toEqual({ sha256: sha256(await facePhoto('obama_1.jpg')), extension: 'jpeg' })
    expect(pics[0].pictures['Foto Selfie']).toEqual({ sha256: sha256(await facePhoto('alex_lacamoire_2.png')), extension: 'png' })
    expect(rows[1].pictures['Foto KTP'].extension).toBe('png')
    expect(rows[1].values['Foto Selfie']).toBe('foto/selfie_3.jpg')
    // the #VALUE! that older readers see in a picture cell is not reported as a problem
    expect(rows.flatMap((r) => r.problems)).toEqual([])
  })
})

describe('sheets', () => {
  it('lists sheets in tab order and opens one by name or number', async () => {
    const file = path.join(dir, 'two-sheets.xlsx')
    const wb = new ExcelJS.Workbook()
    wb.addWorksheet('Petunjuk').addRow(['Isi kolom Kode RS di sheet Data'])
    const data = wb.addWorksheet('Data')
    data.addRow(['Kode RS', 'Catatan'])
    data.addRow([3171015, 'angka'])
    await wb.xlsx.writeFile(file)
    expect(await listSheets(file)).toEqual([
      { name: 'Petunjuk', index: 1 },
      { name: 'Data', index: 2 },
    ])
    const byName = await readAll(await openTable(file, { sheet: 'data' }))
    const byIndex = await readAll(await openTable(file, { sheet: 2 }))
    expect(byName).toEqual(byIndex)
    expect(byName[0].values).toEqual({ 'Kode RS': '3171015', Catatan: 'angka' })
    await expect(openTable(file, { sheet: 'Hasil' })).rejects.toThrow(
      'two-sheets.xlsx: there is no sheet named "Hasil"; the sheets are "Petunjuk", "Data"',
    )
  })

  it('treats a csv as one sheet named after the file', async () => {
    const file = path.join(dir, 'kode-rs.csv')
    await writeFile(file, 'Kode RS,Nama\n3171015,RS A\n')
    expect(await listSheets(file)).toEqual([{ name: 'kode-rs', index: 1 }])
    const table = await openTable(file)
    expect(await readAll(table)).toEqual([{ sourceRow: 2, values: { 'Kode RS': '3171015', Nama: 'RS A' }, pictures: {}, problems: [] }])
  })

  it('uses a given header row instead of detecting one', async () => {
    const file = path.join(dir, 'header-row.csv')
    await writeFile(file, 'NIK,Nama\nkode,keterangan\n1,a\n')
    const table = await openTable(file, { headerRow: 2 })
    expect(table.headers).toEqual(['kode', 'keterangan'])
    expect((await readAll(table)).map((r) => r.sourceRow)).toEqual([3])
  })

  it('stops with a clear error past maxRows and keeps bounded memory while streaming', async () => {
    const file = path.join(dir, 'many.csv')
    await writeFile(file, 'Kode RS\n' + Array.from({ length: 50 }, (_, i) => String(3171000 + i)).join('\n'))
    const table = await openTable(file, { maxRows: 10 })
    await expect(readAll(table)).rejects.toThrow('many.csv, sheet "many": the sheet has more than 10 data rows, the limit for one job; split it into smaller files')
  })
})

describe('image references', () => {
  let wbDir: string
  const at = { file: 'kyc.xlsx', sheet: 'Data', row: 14, column: 'Foto KTP' }
  beforeAll(async () => {
    wbDir = path.join(dir, 'refs', 'kerja')
    await mkdir(path.join(wbDir, 'foto'), { recursive: true })
    await mkdir(path.join(dir, 'refs', 'luar'), { recursive: true })
    await copyFile(path.join(FACES_DIR, 'biden_1.jpg'), path.join(wbDir, 'foto', 'ktp_001.jpg'))
    await copyFile(path.join(FACES_DIR, 'biden_2.jpg'), path.join(dir, 'refs', 'luar', 'rahasia.jpg'))
    await symlink(path.join(dir, 'refs', 'luar', 'rahasia.jpg'), path.join(wbDir, 'foto', 'tautan.jpg'))
    await symlink(path.join(wbDir, 'foto', 'ktp_001.jpg'), path.join(wbDir, 'foto', 'tautan_dalam.jpg'))
  })

  it('resolves relative, Windows-style, ./ and file:// references inside the workbook folder', async () => {
    const expected = path.join(wbDir, 'foto', 'ktp_001.jpg')
    for (const ref of ['foto/ktp_001.jpg', 'foto\\ktp_001.jpg', './foto/ktp_001.jpg', `file://${expected}`, expected, ' "foto/ktp_001.jpg" ']) {
      expect(await resolveImageRef(ref, wbDir)).toEqual({ ok: true, path: expected, outside: false })
    }
    expect(await resolveImageRef('foto/tautan_dalam.jpg', wbDir)).toEqual({ ok: true, path: path.join(wbDir, 'foto', 'tautan_dalam.jpg'), outside: false })
  })

  it('names file, sheet, row and column when the file is missing', async () => {
    const result = await resolveImageRef('foto/ktp_014.jpg', wbDir, { at })
    expect(result.ok).toBe(false)
    expect(!result.ok && result.problem?.message).toBe('kyc.xlsx, sheet "Data", row 14, column "Foto KTP": file not found: foto/ktp_014.jpg')
  })

  it('refuses .. and links that leave the workbook folder unless allowed', async () => {
    const up = await resolveImageRef('../luar/rahasia.jpg', wbDir, { at })
    expect(up).toMatchObject({ ok: false, code: 'image-ref-outside' })
    expect(!up.ok && up.problem?.message).toMatch(/^kyc\.xlsx, sheet "Data", row 14, column "Foto KTP": the photo path \.\.\/luar\/rahasia\.jpg is outside the workbook's folder/)
    const link = await resolveImageRef('foto/tautan.jpg', wbDir, { at })
    expect(link).toMatchObject({ ok: false, code: 'image-ref-outside' })
    expect(!link.ok && link.reason).toMatch(/is outside the workbook's folder.*--allow-outside-paths/)

    expect(await resolveImageRef('../luar/rahasia.jpg', wbDir, { allowOutside: true })).toEqual({ ok: true, path: path.join(dir, 'refs', 'luar', 'rahasia.jpg'), outside: true })
    expect(await resolveImageRef('foto/tautan.jpg', wbDir, { allowOutside: true })).toMatchObject({ ok: true, outside: true })
  })

  it('explains empty cells, web addresses and foreign Windows paths', async () => {
    expect(await resolveImageRef(null, wbDir)).toMatchObject({ ok: false, code: 'image-ref-empty' })
    expect(await resolveImageRef('https://cdn.example/ktp.jpg', wbDir)).toMatchObject({ ok: false, reason: expect.stringMatching(/web addresses are not downloaded/) })
    if (process.platform !== 'win32') {
      expect(await resolveImageRef('C:\\KYC\\foto\\ktp.jpg', wbDir)).toMatchObject({ ok: false, reason: expect.stringMatching(/Windows path/) })
    }
  })
})

describe('hostile inputs beyond the corpus', () => {
  it('stops a zip part that inflates beyond its declared size (a disguised bomb)', async () => {
    const file = path.join(dir, 'liar.xlsx')
    const wb = new ExcelJS.Workbook()
    const ws = wb.addWorksheet('Data')
    ws.addRow(['Kode RS', 'Nama'])
    for (let i = 0; i < 2000; i++) ws.addRow([String(3171000 + i), `RS ${i}`])
    await wb.xlsx.writeFile(file)
    // shrink the central directory's declared size of the sheet part to 1,000 bytes
    const bytes = await readFile(file)
    const name = Buffer.from('xl/worksheets/sheet1.xml')
    for (let p = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])); p >= 0; p = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), p + 4)) {
      const len = bytes.readUInt16LE(p + 28)
      if (bytes.subarray(p + 46, p + 46 + len).equals(name)) bytes.writeUInt32LE(1000, p + 24)
    }
    await writeFile(file, bytes)
    await expect(openTable(file).then(readAll)).rejects.toThrow(/liar\.xlsx, sheet "Data": refused: the part "xl\/worksheets\/sheet1\.xml" inflates beyond the 1000 bytes its directory declares/)
  })

  it('names the row of a csv quote that is never closed instead of reading the whole file into one cell', async () => {
    const file = path.join(dir, 'open-quote.csv')
    const filler = `3171037,${'x'.repeat(1000)}\n`.repeat(20_000)
    await writeFile(file, `Kode RS,Nama\n3171015,RS A\n3171026,"RS B\n${filler}`)
    await expect(openTable(file).then(readAll)).rejects.toThrow('open-quote.csv, sheet "open-quote": row 3 is longer than 16 MB of text; a quote (") opened in it is probably never closed; no report cell could hold it')
  })
})
