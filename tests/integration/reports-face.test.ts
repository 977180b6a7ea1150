import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { readFileSync, existsSync } from 'node:fs'
import ExcelJS from 'exceljs'
import { openStore, type Store } from '../../src-main/core/store'
import { writeJobReport } from '../../src-main/core/export'
import { reportZone } from '../../src-main/core/reports/time-zone'

/** reports show times in Asia/Jakarta (WIB) unless told otherwise */
const wib = reportZone('Asia/Jakarta')
const wallClockDate = (ms: number): Date => wib.wall(ms)
import { makeTempDir } from '../helpers/temp-dir'
import { buildFaceJob, cellAt, FACE_HEADERS, FAKE_KEY, readBook, sheetXml, summaryMap, T0, xlsxXml } from './reports-fixtures'

let tmp: ReturnType<typeof makeTempDir>
let store: Store
let jobId: string
let idFile: string
let enFile: string
let idBook: ExcelJS.Workbook
let enBook: ExcelJS.Workbook
const NOW = T0 + 3_600_000

beforeAll(async () => {
  tmp = makeTempDir()
  store = openStore(join(tmp.dir, 'rekap.sqlite'))
  jobId = buildFaceJob(store)
  idFile = join(tmp.dir, 'laporan.xlsx')
  enFile = join(tmp.dir, 'report-en.xlsx')
  await writeJobReport(store, jobId, { out: idFile, now: NOW, rekapVersion: '9.9.9-test' })
  await writeJobReport(store, jobId, { out: enFile, lang: 'en', now: NOW, rekapVersion: '9.9.9-test' })
  idBook = await readBook(idFile)
  enBook = await readBook(enFile)
})
afterAll(() => {
  store.close()
  tmp.cleanup()
})

describe('face-match report (Indonesian, default)', () => {
  it('has the summary, results and errors sheets in that order', () => {
    expect(idBook.worksheets.map((w) => w.name)).toEqual(['Ringkasan', 'Hasil', 'Galat', 'Tinjauan'])
    expect(enBook.worksheets.map((w) => w.name)).toEqual(['Summary', 'Results', 'Errors', 'Review'])
  })

  it("puts the input's own columns first, then the result columns", () => {
    const ws = idBook.getWorksheet('Hasil')!
    const headers = (ws.getRow(1).values as unknown[]).slice(1)
    expect(headers).toEqual([...FACE_HEADERS, 'Hasil', 'Skor', 'Ambang', 'Keterangan', 'Ditagih', 'Biaya (Rp)', 'Waktu (WIB)', 'Percobaan', 'Diperlambat 429', 'Keputusan Akhir', 'Diputuskan Oleh', 'Waktu Keputusan (WIB)', 'ID Baris'])
    expect(ws.rowCount).toBe(1 + 9)
  })

  it('labels every row by its fate, with PERLU TINJAUAN inside the review band', () => {
    const ws = idBook.getWorksheet('Hasil')!
    const labels = [2, 3, 4, 5, 6, 7, 8, 9, 10].map((r) => cellAt(ws, r, 'Hasil').value)
    expect(labels).toEqual(['COCOK', 'TIDAK COCOK', 'PERLU TINJAUAN', 'GAGAL', 'GAGAL', 'COCOK', 'TIDAK PASTI', 'BELUM DIPROSES', 'COCOK'])
    const en = enBook.getWorksheet('Results')!
    expect([2, 3, 4, 5].map((r) => cellAt(en, r, 'Result').value)).toEqual(['MATCH', 'NO MATCH', 'NEEDS REVIEW', 'FAILED'])
  })

  it('keeps types: codes as text with their zeros, numbers as numbers, dates as dates', () => {
    const ws = idBook.getWorksheet('Hasil')!
    const nik = cellAt(ws, 2, 'NIK')
    expect(nik.type).toBe(ExcelJS.ValueType.String)
    expect(nik.value).toBe('0012345678901234')
    // a NIK the sheet held as a number comes out as its 16 digits, as text
    expect(cellAt(ws, 3, 'NIK').value).toBe('3273010101010002')
    expect(cellAt(ws, 3, 'NIK').type).toBe(ExcelJS.ValueType.String)
    expect(cellAt(ws, 2, 'Umur').value).toBe(31)
    expect(cellAt(ws, 2, 'Skor').value).toBeCloseTo(0.91, 10)
    expect(cellAt(ws, 2, 'Biaya (Rp)').value).toBe(400)
    expect(cellAt(ws, 5, 'Biaya (Rp)').value).toBe(0)
    expect(cellAt(ws, 2, 'ID Baris').value).toBe(1)
    const born = cellAt(ws, 2, 'Tanggal Lahir').value
    expect(born).toBeInstanceOf(Date)
    expect((born as Date).toISOString()).toBe('1990-05-17T00:00:00.000Z')
    const time = cellAt(ws, 2, 'Waktu (WIB)').value
    expect(time).toBeInstanceOf(Date)
    expect((time as Date).getTime()).toBe(wallClockDate(T0 + 3400).getTime())
    expect(cellAt(ws, 2, 'Ditagih').value).toBe('Ya')
    expect(cellAt(ws, 5, 'Ditagih').value).toBe('Tidak')
    expect(cellAt(ws, 2, 'Ambang').value).toBe('0,45 - 0,55') // Indonesian decimals (issue 23 item 15)
  })

  it('writes formula-like text as literal text, never as a formula', async () => {
    const ws = idBook.getWorksheet('Hasil')!
    const texts = [
      [2, 'Catatan', '=HYPERLINK("http://evil.example/x","klik")'],
      [3, 'Catatan', '+62 812 5555 0101'],
      [4, 'Nama', '-1+1'],
      [4, 'Catatan', '@SUM(A1:A9)'],
      [5, 'Catatan', '\tcmd'],
    ] as const
    for (const [row, header, text] of texts) {
      const cell = cellAt(ws, row, header)
      expect(cell.type).toBe(ExcelJS.ValueType.String)
      expect(cell.value).toBe(text)
      expect(cell.formula).toBeUndefined()
    }
    for (let i = 1; i <= 3; i++) expect(await sheetXml(idFile, i)).not.toMatch(/<f[ >]/)
  })

  it('explains duplicates, failures and re-sends in Keterangan', () => {
    const ws = idBook.getWorksheet('Hasil')!
    expect(cellAt(ws, 7, 'Keterangan').value).toMatch(/sama dengan baris 1/)
    expect(cellAt(ws, 7, 'Ditagih').value).toBe('Tidak')
    expect(cellAt(ws, 5, 'Keterangan').value).toBe('Berkas foto hilang setelah pra-periksa; tidak dikirim')
    expect(cellAt(ws, 6, 'Keterangan').value).toMatch(/Failed to verify faces/)
    expect(cellAt(ws, 10, 'Keterangan').value).toMatch(/mungkin ditagih dua kali/)
  })

  it('states summary figures equal to the store: charges, counts, calls', () => {
    const s = summaryMap(idBook.getWorksheet('Ringkasan')!)
    const ledger = store.usage.chargedPoints(jobId)
    const counts = store.rows.counts(jobId)
    expect(ledger).toBe(1600)
    expect(s.get('Poin ditagih (buku biaya)')).toBe(ledger)
    expect(s.get('Biaya (Rp, 1 poin = Rp1)')).toBe(ledger)
    expect(s.get('Jumlah kolom Biaya (Rp)')).toBe(counts.costPoints)
    expect(s.get('Baris ditagih')).toBe(counts.charged)
    expect(s.get('Jumlah baris')).toBe(9)
    expect(s.get('Baris COCOK')).toBe(3)
    expect(s.get('Baris TIDAK COCOK')).toBe(1)
    expect(s.get('Baris PERLU TINJAUAN')).toBe(1)
    expect(s.get('Baris GAGAL')).toBe(2)
    expect(s.get('Baris TIDAK PASTI')).toBe(1)
    expect(s.get('Baris BELUM DIPROSES')).toBe(1)
    expect(s.get('Gagal sebelum dikirim (pra-periksa)')).toBe(1)
    // rows 1,2,3,7 once; row 5 twice (a 503, then the final answer); row 9 twice (uncertain, re-sent)
    expect(s.get('Panggilan ke layanan (percobaan)')).toBe(8)
    expect(s.get('Diambil dari cache / duplikat')).toBe(1)
    expect(s.get('Baris masih tidak pasti (mungkin sudah ditagih)')).toBe(1)
    expect(s.get('Baris dikirim ulang setelah tidak pasti (mungkin ditagih dua kali)')).toBe(1)
    expect(s.get('Pemeriksaan buku biaya')).toMatch(/^sesuai/)
    expect(s.get('Sidik jari berkas (SHA-256)')).toBe('sha256:0f1e2d3c4b5a')
    expect(s.get('Berkas masukan')).toBe('kyc.xlsx')
    expect(s.get('Durasi aktif (detik)')).toBe(62)
    expect(s.get('Versi rekap')).toBe('9.9.9-test')
    expect(s.get('Mulai')).toEqual(wallClockDate(T0 + 2000))
    expect(s.get('Pita tinjauan (skor)')).toBe('0,45 - 0,55')
    expect(String(s.get('Ambang keputusan'))).toMatch(/tidak dipublikasikan/)
  })

  it('lists the state transitions in the summary', () => {
    const ws = idBook.getWorksheet('Ringkasan')!
    const states: unknown[] = []
    let inTable = false
    ws.eachRow((row) => {
      if (row.getCell(1).value === 'Waktu' && row.getCell(3).value === 'Ke') inTable = true
      else if (inTable) states.push(row.getCell(3).value)
    })
    expect(states).toEqual(['draf', 'siap', 'berjalan', 'dijeda'])
  })

  it('shows the service host only and never the key, anywhere in the file', async () => {
    const s = summaryMap(idBook.getWorksheet('Ringkasan')!)
    expect(s.get('Host layanan')).toBe('api.example.co.id:8443')
    for (const file of [idFile, enFile]) {
      const xml = await xlsxXml(file)
      expect(xml).not.toContain(FAKE_KEY)
      expect(xml).not.toContain('SECRET-KEY')
      expect(readFileSync(file).includes(Buffer.from('SECRET'))).toBe(false)
    }
  })

  it('lists failed and uncertain rows on the errors sheet with the source row, column and value', () => {
    const ws = idBook.getWorksheet('Galat')!
    expect(ws.rowCount).toBe(1 + 3)
    expect(cellAt(ws, 2, 'Baris').value).toBe(5)
    expect(cellAt(ws, 2, 'Kolom').value).toBe('Foto KTP')
    expect(cellAt(ws, 2, 'Nilai').value).toBe('foto/ktp4.jpg')
    expect(cellAt(ws, 2, 'Ditagih').value).toBe('Tidak')
    expect(cellAt(ws, 3, 'Baris').value).toBe(6)
    // Indonesian reason; the service's own words kept in their own column
    expect(cellAt(ws, 2, 'Alasan').value).toBe('Berkas foto hilang setelah pra-periksa; tidak dikirim')
    expect(cellAt(ws, 2, 'Pesan Asli').value).toBe('photo file not found: foto/ktp4.jpg')
    expect(cellAt(ws, 3, 'Pesan Asli').value).toMatch(/^Failed to verify faces/)
    const en = enBook.getWorksheet('Errors')!
    expect(cellAt(en, 2, 'Reason').value).toBe('Photo file disappeared after the pre-flight; not sent')
    expect(cellAt(en, 2, 'Original message').value).toBe('photo file not found: foto/ktp4.jpg')
    expect(cellAt(ws, 4, 'Baris').value).toBe(8)
    expect(cellAt(ws, 4, 'Status Baris').value).toBe('tidak pasti')
  })

  it('freezes and filters the header row and colours outcomes conditionally', async () => {
    const ws = idBook.getWorksheet('Hasil')!
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 })
    expect(ws.autoFilter).toBeTruthy()
    const xml = await sheetXml(idFile, 2)
    expect(xml).toContain('<conditionalFormatting sqref="H2:H10">')
    expect(xml).toContain('&quot;PERLU TINJAUAN&quot;')
    expect(ws.getColumn(1).width).toBeGreaterThanOrEqual(16)
  })
})

describe('face-match report as CSV', () => {
  it('writes the results sheet only, UTF-8 with BOM, commas, formula-like text quoted away', async () => {
    const out = join(tmp.dir, 'hasil.csv')
    const r = await writeJobReport(store, jobId, { out, now: NOW })
    expect(r.sheets).toEqual(['Hasil'])
    const buf = readFileSync(out)
    expect([...buf.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = buf.toString('utf8').slice(1).split('\r\n')
    expect(lines[0]).toBe('NIK,Nama,Foto KTP,Selfie,Tanggal Lahir,Umur,Catatan,Hasil,Skor,Ambang,Keterangan,Ditagih,Biaya (Rp),Waktu (WIB),Percobaan,Diperlambat 429,Keputusan Akhir,Diputuskan Oleh,Waktu Keputusan (WIB),ID Baris')
    // a code a spreadsheet would read as a number (leading zero, 16 digits) carries an invisible WORD JOINER
    expect(lines[1].startsWith('\u20600012345678901234,Siti,foto/ktp1.jpg,foto/selfie1.jpg,1990-05-17,31,')).toBe(true)
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example/x"",""klik"")"`)
    // a phone number is data, not a formula: no stray apostrophe (issue 23 item 14)
    expect(lines[2]).toContain(',+62 812 5555 0101')
    expect(lines[2]).not.toContain("'+62")
    // formula-like fields are quoted as well as prefixed (issue 14: Excel with ; as list separator)
    expect(lines[3]).toContain(`,"'-1+1",`)
    expect(lines[3]).toContain(`,"'@SUM(A1:A9)",`)
    expect(lines[1]).toContain(',COCOK,0.91,"0,45 - 0,55",,Ya,400,')
    expect(lines.filter(Boolean)).toHaveLength(10)
    expect(buf.toString('utf8')).not.toContain(FAKE_KEY)
    expect(existsSync(out + '.partial')).toBe(false)
  })
})
