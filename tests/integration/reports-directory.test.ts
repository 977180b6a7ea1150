import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join, resolve } from 'node:path'
import { readFileSync } from 'node:fs'
import ExcelJS from 'exceljs'
import { openStore, type Store } from '../../src-main/core/store'
import type { HospitalRecord, SchoolRecord } from '../../src-main/core/provider/types'
import { readCsvRecords } from '../../src-main/core/csv/csv-text'
import { writeDirectoryReport, writeJobReport } from '../../src-main/core/export'
import { makeTempDir, SHARED_DIR } from '../helpers/temp-dir'
import { cellAt, FAKE_KEY, headerIndex, leakySettings, readBook, summaryMap, T0, xlsxXml } from './reports-fixtures'

const SOURCE = 'api.example.co.id:8443'

function hospital(over: Partial<HospitalRecord> & { code: string }): HospitalRecord {
  return {
    name: 'RS Uji',
    address: 'Jl. Uji 1',
    phone: '022-1234567',
    type: 'Rumah Sakit Umum',
    class: 'B',
    blu_status: 'BLUD',
    ownership: 'Pemprov',
    director: 'dr. Uji',
    facilities: { land_area: '12000', building_area: '8000', total_beds: 120 },
    beds: { class_i: 20, class_ii: 30, class_iii: 50, hcu: 6, perinatology: 8, icu_with_ventilator: 6 },
    services: { count: 3, list: ['IGD', 'Bedah', '=cmd|calc'] },
    staff: { total: 300, general_practitioner: 25, basic_specialist: 18, other_specialist: 12 },
    province_code: '32',
    regency_code: '3273',
    scraped_at: '2025-03-01T10:20:30.123',
    ...over,
  }
}

/** The real 3,155-hospital registry extract in ../shared/data, as the service's records. */
function realHospitals(): HospitalRecord[] {
  const out: HospitalRecord[] = []
  readCsvRecords(readFileSync(resolve(SHARED_DIR, 'data/hospitals.csv'), 'utf8'), (r) => {
    out.push(
      hospital({
        code: r.code,
        name: r.name,
        address: r.address,
        type: r.type as HospitalRecord['type'],
        class: r.hospital_class as HospitalRecord['class'],
        ownership: r.ownership as HospitalRecord['ownership'],
        facilities: { land_area: '', building_area: '', total_beds: Number(r.total_beds) || 0 },
        province_code: r.province_code,
        regency_code: r.regency_code,
      }),
    )
  })
  return out
}

function school(over: Partial<SchoolRecord> & { npsn: string }): SchoolRecord {
  return {
    name: 'SD Uji',
    grade: 'SD',
    status: 'N',
    accreditation: null,
    address: 'Jl. Sekolah',
    province_code: '32',
    province_name: 'Jawa Barat',
    regency_code: '3273',
    regency_name: 'KOTA BANDUNG',
    district_code: '327301',
    district_name: 'SUKASARI',
    lang: null,
    long: null,
    ...over,
  }
}

let tmp: ReturnType<typeof makeTempDir>
let store: Store
let hospitalsAll: HospitalRecord[]

beforeAll(() => {
  tmp = makeTempDir()
  store = openStore(join(tmp.dir, 'rekap.sqlite'))
  hospitalsAll = realHospitals()
  store.cache.putHospitals(hospitalsAll, SOURCE, T0)
  store.cache.putHospitals(
    [hospital({ code: '3273012', name: 'RS Lengkap', class: 'A' }), hospital({ code: '3273013', name: 'RS Kecil', class: 'D', ownership: 'Swasta' })],
    SOURCE,
    T0,
  )
  store.cache.putSchools(
    [
      school({ npsn: '20219001' }),
      school({ npsn: '20219002', grade: 'SMP', status: 'S', accreditation: 'A', lang: -6.8712, long: 107.5834 }),
      school({ npsn: '00219003', grade: 'SD', status: 'S', district_code: '327302', district_name: 'COBLONG' }),
    ],
    SOURCE,
    T0,
  )
})
afterAll(() => {
  store.close()
  tmp.cleanup()
})

describe('hospital-lookup report', () => {
  let book: ExcelJS.Workbook
  let jobId: string
  beforeAll(async () => {
    const job = store.jobs.create(
      { kind: 'hospital-lookup', inputName: 'kode-rs.xlsx', headers: ['Kode RS', 'Catatan'], settings: leakySettings() },
      T0,
    )
    jobId = job.id
    store.rows.insertMany(
      job.id,
      [
        { rowNo: 1, sourceRow: 2, input: { 'Kode RS': '3273012', Catatan: 'lengkap' } },
        { rowNo: 2, sourceRow: 3, input: { 'Kode RS': 3273013, Catatan: null } },
        { rowNo: 3, sourceRow: 4, input: { 'Kode RS': '9999999', Catatan: null } },
      ],
      T0,
    )
    store.jobs.transition(job.id, 'ready', T0)
    store.jobs.transition(job.id, 'running', T0 + 10)
    // row 1 carries its record in the result; row 2 only its key (the report finds it in the cache)
    store.rows.markInFlight(job.id, 1, T0 + 20)
    store.rows.complete(job.id, 1, { outcome: 'found', recordKey: '3273012', raw: store.cache.getHospital('3273012', SOURCE, 0) }, T0 + 30, { product: 'hospitals' })
    store.rows.complete(job.id, 2, { outcome: 'found', recordKey: '3273013', fromCache: true }, T0 + 40, { product: 'hospitals' })
    store.rows.markInFlight(job.id, 3, T0 + 50)
    store.rows.fail(job.id, 3, { code: 'not-found', message: 'hospital not found', column: 'Kode RS' }, T0 + 60, { product: 'hospitals', hits: 1 })
    store.jobs.transition(job.id, 'done', T0 + 70)
    const out = join(tmp.dir, 'rs.xlsx')
    const r = await writeJobReport(store, job.id, { out, now: T0 + 100 })
    expect(r.rows).toBe(3)
    book = await readBook(out)
  })

  it('has summary, results, errors and the pivots per province, regency, ownership and type', () => {
    expect(book.worksheets.map((w) => w.name)).toEqual([
      'Ringkasan',
      'Hasil',
      'Galat',
      'Provinsi x Kelas',
      'Kab-Kota x Kelas',
      'Kepemilikan',
      'Jenis RS',
    ])
  })

  it('flattens every nested field into its own column, region names joined', () => {
    const ws = book.getWorksheet('Hasil')!
    expect(cellAt(ws, 2, 'Hasil').value).toBe('DITEMUKAN')
    expect(cellAt(ws, 2, 'Kode RS').value).toBe('3273012')
    expect(cellAt(ws, 2, 'TT Kelas I').value).toBe(20)
    expect(cellAt(ws, 2, 'TT ICU dengan Ventilator').value).toBe(6)
    expect(cellAt(ws, 2, 'Jumlah TT').value).toBe(120)
    expect(cellAt(ws, 2, 'Dokter Umum').value).toBe(25)
    expect(cellAt(ws, 2, 'Jumlah Layanan').value).toBe(3)
    expect(cellAt(ws, 2, 'Daftar Layanan').value).toBe('IGD; Bedah; =cmd|calc')
    expect(cellAt(ws, 2, 'Daftar Layanan').formula).toBeUndefined()
    expect(cellAt(ws, 2, 'Provinsi').value).toBe('Jawa Barat')
    expect(cellAt(ws, 2, 'Kab/Kota').value).toBe('Kota Bandung')
    expect(cellAt(ws, 2, 'Telepon').value).toBe('022-1234567')
    expect((cellAt(ws, 2, 'Diambil Layanan').value as Date).toISOString()).toBe('2025-03-01T10:20:30.123Z')
    // the key in the input was a number: the input column is a code column, so it is text
    expect(cellAt(ws, 3, 'Kode RS').value).toBe('3273013')
    expect(cellAt(ws, 3, 'Nama').value).toBe('RS Kecil')
    expect(cellAt(ws, 4, 'Hasil').value).toBe('TIDAK DITEMUKAN')
    expect(cellAt(ws, 4, 'Keterangan').value).toBe('Tidak ditemukan')
  })

  it('counts found hospitals in the pivots, beds summed, a total row last', () => {
    const ws = book.getWorksheet('Provinsi x Kelas')!
    const h = headerIndex(ws)
    expect([...h.keys()]).toEqual(['Kode Provinsi', 'Provinsi', 'Kelas A', 'Kelas B', 'Kelas C', 'Kelas D', 'Jumlah RS', 'Jumlah TT'])
    expect((ws.getRow(2).values as unknown[]).slice(1)).toEqual(['32', 'Jawa Barat', 1, 0, 0, 1, 2, 240])
    expect((ws.getRow(3).values as unknown[]).slice(1)).toEqual(['Total', undefined, 1, 0, 0, 1, 2, 240])
    const own = book.getWorksheet('Kepemilikan')!
    expect(own.getRow(2).getCell(1).value).toBe('Pemprov')
    expect(own.getRow(3).getCell(1).value).toBe('Swasta')
  })

  it('states the hit count and never the key', async () => {
    const s = summaryMap(book.getWorksheet('Ringkasan')!)
    expect(s.get('Baris DITEMUKAN')).toBe(2)
    expect(s.get('Baris TIDAK DITEMUKAN')).toBe(1)
    expect(s.get('Panggilan ke layanan (percobaan)')).toBe(2)
    expect(s.get('Poin ditagih (buku biaya)')).toBe(store.usage.chargedPoints(jobId))
    expect(await xlsxXml(join(tmp.dir, 'rs.xlsx'))).not.toContain(FAKE_KEY)
  })
})

describe('hospital-directory report over the real registry extract', () => {
  it('writes every linked record once, and pivots that add up to the records and their beds', async () => {
    const job = store.jobs.create({ kind: 'hospital-directory', headers: ['Kode Provinsi'], settings: leakySettings() }, T0)
    store.rows.insertMany(job.id, [{ rowNo: 1, sourceRow: 2, input: { 'Kode Provinsi': '32' } }], T0)
    const westJava = hospitalsAll.filter((h) => h.province_code === '32')
    expect(westJava.length).toBeGreaterThan(300)
    store.cache.linkRecords(job.id, 'hospitals', westJava.map((h) => h.code), 1)
    store.cache.linkRecords(job.id, 'hospitals', westJava.slice(0, 5).map((h) => h.code), 1) // a page seen twice
    store.rows.complete(job.id, 1, { outcome: 'records', recordCount: westJava.length }, T0 + 5, { product: 'hospitals', hits: 4 })
    const out = join(tmp.dir, 'rs-jabar.xlsx')
    const r = await writeJobReport(store, job.id, { out, lang: 'en' })
    expect(r.rows).toBe(westJava.length)
    expect(r.sheets).toEqual(['Summary', 'Results', 'Errors', 'Province x Class', 'Regency x Class', 'Ownership', 'Hospital Type'])
    const book = await readBook(out)
    const res = book.getWorksheet('Results')!
    expect(res.rowCount).toBe(1 + westJava.length)
    const codes = new Set<string>()
    res.eachRow((row, n) => {
      if (n > 1) codes.add(String(row.getCell(1).value))
    })
    expect(codes).toEqual(new Set(westJava.map((h) => h.code)))

    const beds = westJava.reduce((a, h) => a + h.facilities.total_beds, 0)
    for (const name of ['Province x Class', 'Regency x Class', 'Ownership', 'Hospital Type']) {
      const ws = book.getWorksheet(name)!
      const h = headerIndex(ws)
      const total = ws.getRow(ws.rowCount)
      expect(total.getCell(1).value).toBe('Total')
      expect(total.getCell(h.get('Hospitals')!).value).toBe(westJava.length)
      expect(total.getCell(h.get('Beds')!).value).toBe(beds)
      let sum = 0
      for (let i = 2; i < ws.rowCount; i++) sum += ws.getRow(i).getCell(h.get('Hospitals')!).value as number
      expect(sum).toBe(westJava.length)
    }
    const regencies = book.getWorksheet('Regency x Class')!
    const rh = headerIndex(regencies)
    const bandung = regencies.getRows(2, regencies.rowCount - 2)!.find((row) => row.getCell(1).value === '3273')!
    expect(bandung.getCell(rh.get('Regency')!).value).toBe('Kota Bandung')
    expect(bandung.getCell(rh.get('Hospitals')!).value).toBe(westJava.filter((h) => h.regency_code === '3273').length)
    const s = summaryMap(book.getWorksheet('Summary')!)
    expect(s.get('Records')).toBe(westJava.length)
    expect(s.get('Rows DONE')).toBe(1)
  }, 60_000)
})

describe('school reports', () => {
  it('school-directory: every field, premium fields empty with a note, pivots per district x grade and status', async () => {
    const job = store.jobs.create({ kind: 'school-directory', headers: ['Kode Kabupaten'], settings: leakySettings() }, T0)
    store.rows.insertMany(job.id, [{ rowNo: 1, sourceRow: 2, input: { 'Kode Kabupaten': '3273' } }], T0)
    store.cache.linkRecords(job.id, 'schools', ['20219001', '20219002', '00219003'], 1)
    store.rows.complete(job.id, 1, { outcome: 'records', recordCount: 3 }, T0 + 5, { product: 'schools', hits: 1 })
    const out = join(tmp.dir, 'sekolah.xlsx')
    await writeJobReport(store, job.id, { out })
    const book = await readBook(out)
    expect(book.worksheets.map((w) => w.name)).toEqual(['Ringkasan', 'Hasil', 'Galat', 'Kecamatan x Jenjang', 'Kecamatan x Status'])
    const ws = book.getWorksheet('Hasil')!
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([
      'NPSN', 'Nama Sekolah', 'Jenjang', 'Status', 'Akreditasi', 'Alamat', 'Kode Provinsi', 'Provinsi',
      'Kode Kab/Kota', 'Kab/Kota', 'Kode Kecamatan', 'Kecamatan', 'Lintang', 'Bujur',
    ])
    // sorted by regency, district, npsn: 327301 {20219001, 20219002}, 327302 {00219003}
    expect(cellAt(ws, 2, 'NPSN').value).toBe('20219001')
    expect(cellAt(ws, 2, 'Akreditasi').value).toBeNull()
    expect(cellAt(ws, 2, 'Lintang').value).toBeNull()
    expect(cellAt(ws, 2, 'Status').value).toBe('Negeri')
    expect(cellAt(ws, 3, 'Akreditasi').value).toBe('A')
    expect(cellAt(ws, 3, 'Lintang').value).toBe(-6.8712)
    expect(cellAt(ws, 3, 'Bujur').value).toBe(107.5834)
    expect(cellAt(ws, 4, 'NPSN').value).toBe('00219003')
    expect(cellAt(ws, 4, 'NPSN').type).toBe(ExcelJS.ValueType.String)
    const notes: unknown[] = []
    book.getWorksheet('Ringkasan')!.eachRow((row) => notes.push(row.getCell(2).value))
    expect(notes.some((n) => typeof n === 'string' && /premium/.test(n))).toBe(true)
    const grade = book.getWorksheet('Kecamatan x Jenjang')!
    expect((grade.getRow(1).values as unknown[]).slice(1)).toEqual(['Kode Kecamatan', 'Kecamatan', 'Kab/Kota', 'SD', 'SMP', 'Jumlah Sekolah'])
    expect((grade.getRow(2).values as unknown[]).slice(1)).toEqual(['327301', 'SUKASARI', 'KOTA BANDUNG', 1, 1, 2])
    expect((grade.getRow(3).values as unknown[]).slice(1)).toEqual(['327302', 'COBLONG', 'KOTA BANDUNG', 1, 0, 1])
    const status = book.getWorksheet('Kecamatan x Status')!
    expect((status.getRow(1).values as unknown[]).slice(1)).toEqual(['Kode Kecamatan', 'Kecamatan', 'Kab/Kota', 'Negeri', 'Swasta', 'Jumlah Sekolah'])
    expect((status.getRow(4).values as unknown[]).slice(1)).toEqual(['Total', undefined, undefined, 1, 2, 3])
  })

  it('offline directory report straight from the cache, in English', async () => {
    const out = join(tmp.dir, 'schools-offline.xlsx')
    const r = await writeDirectoryReport(store, { product: 'schools', query: { districtCodes: ['327301'] }, out, lang: 'en' })
    expect(r.rows).toBe(2)
    expect(r.sheets).toEqual(['Summary', 'Results', 'District x Grade', 'District x Status'])
    const book = await readBook(out)
    const s = summaryMap(book.getWorksheet('Summary')!)
    expect(s.get('Job kind')).toBe('School directory (local cache)')
    expect(s.get('Data source')).toBe(SOURCE)
    expect(book.getWorksheet('Results')!.getRow(1).getCell(2).value).toBe('School name')
  })

  it('offline hospital report filtered by regency', async () => {
    const out = join(tmp.dir, 'rs-offline.xlsx')
    const r = await writeDirectoryReport(store, { product: 'hospitals', query: { regencyCodes: ['3273'] }, out })
    const expected = new Set([...hospitalsAll.filter((h) => h.regency_code === '3273').map((h) => h.code), '3273012', '3273013'])
    expect(r.rows).toBe(expected.size)
    const book = await readBook(out)
    const total = book.getWorksheet('Kab-Kota x Kelas')!
    expect(total.getRow(2).getCell(2).value).toBe('Kota Bandung')
    expect(total.rowCount).toBe(3)
  })
})
