import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join, relative, resolve } from 'node:path'
import { existsSync } from 'node:fs'
import ExcelJS from 'exceljs'
import { openStore, type Store } from '../../src-main/core/store'
import { writeAnnotatedCopy, writeJobReport, MAX_THUMBNAIL_ROWS } from '../../src-main/core/export'
import { buildProgram } from '../../src-main/cli/main'
import { makeTempDir, SHARED_DIR } from '../helpers/temp-dir'
import { buildFaceJob, cellAt, FAKE_KEY, leakySettings, readBook, summaryMap, T0, xlsxXml } from './reports-fixtures'

let tmp: ReturnType<typeof makeTempDir>
let store: Store
let dbFile: string

beforeAll(() => {
  tmp = makeTempDir()
  dbFile = join(tmp.dir, 'rekap.sqlite')
  store = openStore(dbFile)
})
afterAll(() => {
  store.close()
  tmp.cleanup()
})

/** The user's own workbook: a title row above the header, styles, a second sheet. */
async function userWorkbook(file: string): Promise<void> {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('Data')
  ws.getCell('A1').value = 'Daftar nasabah Oktober'
  ws.getCell('A1').font = { bold: true, size: 14 }
  ws.getRow(2).values = ['NIK', 'Nama', 'Foto KTP', 'Selfie']
  for (let i = 0; i < 9; i++) ws.getRow(3 + i).values = [`32730101010100${String(i).padStart(2, '0')}`, `Nasabah ${i}`, `ktp${i}.jpg`, `selfie${i}.jpg`]
  ws.getColumn(2).width = 33
  ws.getCell('B3').fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFFF00' } }
  const other = wb.addWorksheet('Catatan')
  other.getCell('A1').value = 'jangan dihapus'
  await wb.xlsx.writeFile(file)
}

describe('annotated copy of the user workbook', () => {
  it('appends the result columns at the header row and each row, keeping sheets and formatting', async () => {
    const input = join(tmp.dir, 'kyc.xlsx')
    await userWorkbook(input)
    const jobId = buildFaceJob(store, { inputFile: input })
    // the fixture's rows sit at sourceRow 2..10; this workbook has its header on row 2, data from 3
    store.db.prepare('UPDATE jobs SET header_row = 2 WHERE id = ?').run(jobId)
    store.db.prepare('UPDATE job_rows SET source_row = source_row + 1 WHERE job_id = ?').run(jobId)
    const out = join(tmp.dir, 'kyc-hasil.xlsx')
    const r = await writeAnnotatedCopy(store, jobId, { out })
    expect(r.rows).toBe(9)
    expect(r.firstColumn).toBe(5)
    const book = await readBook(out)
    expect(book.worksheets.map((w) => w.name)).toEqual(['Data', 'Catatan'])
    expect(book.getWorksheet('Catatan')!.getCell('A1').value).toBe('jangan dihapus')
    const ws = book.getWorksheet('Data')!
    expect(ws.getCell('A1').value).toBe('Daftar nasabah Oktober')
    expect(ws.getCell('A1').font?.bold).toBe(true)
    expect(ws.getColumn(2).width).toBe(33)
    expect((ws.getCell('B3').fill as ExcelJS.FillPattern).fgColor?.argb).toBe('FFFFFF00')
    expect((ws.getRow(2).values as unknown[]).slice(1)).toEqual(['NIK', 'Nama', 'Foto KTP', 'Selfie', 'Hasil', 'Skor', 'Keterangan', 'Ditagih', 'Biaya (Rp)', 'Waktu'])
    expect(ws.getCell('E3').value).toBe('COCOK')
    expect(ws.getCell('F3').value).toBeCloseTo(0.91, 10)
    expect(ws.getCell('E5').value).toBe('PERLU TINJAUAN')
    expect(ws.getCell('E6').value).toBe('GAGAL')
    expect(ws.getCell('G6').value).toBe('Berkas foto hilang setelah pra-periksa; tidak dikirim')
    expect(ws.getCell('I3').value).toBe(400)
    expect(ws.getCell('J3').value).toBeInstanceOf(Date)
    // the user's own cells are untouched
    expect(ws.getCell('A3').value).toBe('3273010101010000')
  })

  it('refuses to overwrite the original and explains a missing workbook', async () => {
    const input = join(tmp.dir, 'kyc.xlsx')
    const jobId = buildFaceJob(store, { inputFile: input })
    await expect(writeAnnotatedCopy(store, jobId, { out: input })).rejects.toThrow(/must not overwrite the original/)
    const gone = buildFaceJob(store, { inputFile: join(tmp.dir, 'moved.xlsx') })
    await expect(writeAnnotatedCopy(store, gone, { out: join(tmp.dir, 'x.xlsx') })).rejects.toThrow(/no longer at .*moved\.xlsx/)
  })
})

describe('thumbnails', () => {
  it('embeds two small photos per row from the paths pre-flight checked, none for rows it refused', async () => {
    const faces = resolve(SHARED_DIR, 'fixtures/faces')
    const inputFile = join(tmp.dir, 'kyc-photos.xlsx')
    const job = store.jobs.create(
      { kind: 'face-match', inputFile, headers: ['Foto KTP', 'Selfie'], mapping: { image1: 'Foto KTP', image2: 'Selfie' }, settings: leakySettings() },
      T0,
    )
    const rel = (f: string) => relative(tmp.dir, join(faces, f))
    const checked = (f: string) => ({ path: f.startsWith('/') ? f : join(faces, f), sha256: f, convert: false })
    store.rows.insertMany(
      job.id,
      [
        { rowNo: 1, sourceRow: 2, input: { 'Foto KTP': rel('obama_1.jpg'), Selfie: rel('obama_2.jpg') }, payload: { image1: checked('obama_1.jpg'), image2: checked('obama_2.jpg') } },
        // the selfie was removed after pre-flight: no picture for it
        { rowNo: 2, sourceRow: 3, input: { 'Foto KTP': rel('biden_1.jpg'), Selfie: 'missing.jpg' }, payload: { image1: checked('biden_1.jpg'), image2: checked(join(tmp.dir, 'missing.jpg')) } },
        // pre-flight refused the row: its cells name real photos, and still none is shown (issue 14)
        { rowNo: 3, sourceRow: 4, input: { 'Foto KTP': rel('biden_1.jpg'), Selfie: rel('biden_2.jpg') }, localFailure: { code: 'image-ref-outside', message: 'outside' } },
      ],
      T0,
    )
    const out = join(tmp.dir, 'thumbs.xlsx')
    const r = await writeJobReport(store, job.id, { out, thumbnails: true })
    expect(r.rows).toBe(3)
    const book = await readBook(out)
    const ws = book.getWorksheet('Hasil')!
    const images = ws.getImages()
    expect(images).toHaveLength(3) // the missing selfie has none
    for (const img of images) {
      const media = book.getImage(Number(img.imageId))
      expect(media.extension).toBe('jpeg')
      expect((media.buffer as unknown as Buffer).length).toBeLessThan(8 * 1024)
    }
    expect(images.map((i) => [Math.floor(i.range.tl.nativeRow), Math.floor(i.range.tl.nativeCol)]).sort()).toEqual(
      [
        [1, 15],
        [1, 16],
        [2, 15],
      ].sort(),
    )
  })

  it('refuses thumbnails above the cap with a clear message', async () => {
    const job = store.jobs.create({ kind: 'face-match', headers: ['NIK'], settings: leakySettings() }, T0)
    store.rows.insertMany(
      job.id,
      Array.from({ length: MAX_THUMBNAIL_ROWS + 1 }, (_, i) => ({ rowNo: i + 1, input: { NIK: String(i) } })),
      T0,
    )
    const out = join(tmp.dir, 'too-many.xlsx')
    await expect(writeJobReport(store, job.id, { out, thumbnails: true })).rejects.toThrow(/thumbnails are limited to 2000 rows/)
    expect(existsSync(out)).toBe(false)
  })
})

describe('regions report', () => {
  it('lists the units and the region tree the cache holds', async () => {
    store.cache.putRegions(
      [
        { code: '32', level: 'province', parentCode: null, name: 'JAWA BARAT' },
        { code: '3273', level: 'regency', parentCode: '32', name: 'KOTA BANDUNG' },
        { code: '327301', level: 'district', parentCode: '3273', name: 'SUKASARI' },
        { code: '327302', level: 'district', parentCode: '3273', name: 'COBLONG' },
      ],
      'api.example.co.id:8443',
      T0,
    )
    const job = store.jobs.create({ kind: 'regions', headers: ['Kode Provinsi'], settings: leakySettings() }, T0)
    store.rows.insertMany(job.id, [{ rowNo: 1, sourceRow: 2, input: { 'Kode Provinsi': 32 } }], T0)
    store.rows.complete(job.id, 1, { outcome: 'records', recordCount: 4 }, T0 + 1, { product: 'regional', hits: 3 })
    const out = join(tmp.dir, 'wilayah.xlsx')
    const r = await writeJobReport(store, job.id, { out })
    expect(r.sheets).toEqual(['Ringkasan', 'Hasil', 'Galat', 'Wilayah'])
    const book = await readBook(out)
    const res = book.getWorksheet('Hasil')!
    expect(cellAt(res, 2, 'Kode Provinsi').value).toBe('32')
    expect(cellAt(res, 2, 'Hasil').value).toBe('SELESAI')
    expect(cellAt(res, 2, 'Jumlah Data').value).toBe(4)
    const tree = book.getWorksheet('Wilayah')!
    // one row per region of the job's province, so the rows add up to Jumlah Data (issue 23 item 11)
    expect((tree.getRow(2).values as unknown[]).slice(1)).toEqual(['Provinsi', '32', 'JAWA BARAT'])
    expect((tree.getRow(3).values as unknown[]).slice(1)).toEqual(['Kab/Kota', '32', 'JAWA BARAT', '3273', 'KOTA BANDUNG'])
    expect((tree.getRow(4).values as unknown[]).slice(1)).toEqual(['Kecamatan', '32', 'JAWA BARAT', '3273', 'KOTA BANDUNG', '327301', 'SUKASARI'])
    expect(tree.rowCount - 1).toBe(4)
  })
})

describe('export while a job is still writing', () => {
  it('neither blocks the engine nor mixes snapshots: summary counts equal the rows written', async () => {
    const job = store.jobs.create({ kind: 'face-match', headers: ['NIK'], settings: leakySettings({ reviewBand: null }) }, T0)
    const N = 6000
    store.rows.insertMany(job.id, Array.from({ length: N }, (_, i) => ({ rowNo: i + 1, sourceRow: i + 2, input: { NIK: String(i) } })), T0)
    for (let i = 1; i <= N / 2; i++) {
      store.rows.markInFlight(job.id, i, T0)
      store.rows.complete(job.id, i, { outcome: 'match', match: true, confidence: 0.9 }, T0 + 1, { product: 'face-match', chargePoints: 400 })
    }
    const out = join(tmp.dir, 'live.xlsx')
    const report = writeJobReport(store, job.id, { out })
    // the engine keeps completing rows on its own connection while the report streams
    let next = N / 2 + 1
    let engineError: unknown = null
    await new Promise<void>((done) => {
      const tick = (): void => {
        try {
          for (let k = 0; k < 50 && next <= N; k++, next++) {
            store.rows.markInFlight(job.id, next, T0 + 2)
            store.rows.complete(job.id, next, { outcome: 'no-match', match: false, confidence: 0.1 }, T0 + 3, { product: 'face-match', chargePoints: 400 })
          }
        } catch (err) {
          engineError = err
        }
        if (next <= N && !engineError) setImmediate(tick)
        else done()
      }
      setImmediate(tick)
    })
    await report
    expect(engineError).toBeNull()
    const book = await readBook(out)
    const s = summaryMap(book.getWorksheet('Ringkasan')!)
    const ws = book.getWorksheet('Hasil')!
    let matched = 0
    let charged = 0
    ws.eachRow((row, n) => {
      if (n === 1) return
      if (cellAt(ws, n, 'Hasil').value !== 'BELUM DIPROSES') matched++
      charged += (cellAt(ws, n, 'Biaya (Rp)').value as number) ?? 0
    })
    expect(matched).toBe((s.get('Baris COCOK') as number) + ((s.get('Baris TIDAK COCOK') as number | undefined) ?? 0))
    expect(charged).toBe(s.get('Poin ditagih (buku biaya)'))
    expect(store.usage.chargedPoints(job.id)).toBe(N * 400)
  })
})

describe('rekap export', () => {
  it('writes the report of a job given by id prefix, in English, from --db', async () => {
    const jobId = buildFaceJob(store)
    const out = join(tmp.dir, 'cli-report.xlsx')
    const lines: string[] = []
    const write = process.stdout.write
    process.stdout.write = ((s: string) => (lines.push(String(s)), true)) as typeof process.stdout.write
    try {
      await buildProgram().exitOverride().parseAsync(['node', 'rekap', 'export', jobId.slice(0, 6), '--out', out, '--lang', 'en', '--db', dbFile])
    } finally {
      process.stdout.write = write
    }
    expect(lines.join('')).toMatch(/wrote .*cli-report\.xlsx: 9 rows; sheets Summary, Results, Errors/)
    const book = await readBook(out)
    expect(summaryMap(book.getWorksheet('Summary')!).get('Points charged (ledger)')).toBe(store.usage.chargedPoints(jobId))
    expect(await xlsxXml(out)).not.toContain(FAKE_KEY)
  })

  it('fails with a usage error naming the data file when the job does not exist', async () => {
    await expect(
      buildProgram().exitOverride().parseAsync(['node', 'rekap', 'export', 'jnope', '--out', join(tmp.dir, 'x.xlsx'), '--db', dbFile]),
    ).rejects.toMatchObject({ exitCode: 2, message: expect.stringMatching(/no job "jnope" in .*rekap\.sqlite/) })
  })
})
