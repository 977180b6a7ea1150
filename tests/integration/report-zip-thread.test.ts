/**
 * Issue 27: a large report writes its rows' XML, digest and deflate on a second thread
 * (core/reports/xlsx/zip-thread.ts). Nothing a user or an auditor reads may differ from the
 * report written on one thread: every part of the file byte for byte (but the file's own
 * creation time), the same content digest, a sheet split across parts, and the file read by a
 * second reader (openpyxl). A failing zip thread fails the export with a message and leaves no file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { openStore, type Store } from '../../src-main/core/store'
import { writeDirectoryReport, writeJobReport } from '../../src-main/core/export'
import { ZipDirectory } from '../../src-main/core/importers/zip-directory'
import { HeavyWork } from '../../src-main/core/workers/heavy-work'
import type { ReportResult } from '../../src-main/core/reports/report-result'
import { ZipFileWriter } from '../../src-main/core/reports/xlsx/zip-writer'
import { ZipThread } from '../../src-main/core/reports/xlsx/zip-thread'
import { openStreamingXlsxReport } from '../../src-main/core/reports/xlsx/xlsx-report'
import { ALL_REPORT_KINDS, SEED_T0, seedReportJob } from '../../bench/report-kinds-seed'
import { readWithOpenpyxl, readWithExceljs, cellMismatches } from '../helpers/report-readers'
import { makeTempDir } from '../helpers/temp-dir'

const ROWS = 700

let tmp: ReturnType<typeof makeTempDir>
beforeAll(() => {
  tmp = makeTempDir()
})
afterAll(() => tmp.cleanup())

/** Every entry of a zip, by name; docProps/core.xml states when the file was made, so it is left out. */
async function parts(file: string): Promise<Map<string, Buffer>> {
  const zip = await ZipDirectory.open(file)
  const out = new Map<string, Buffer>()
  for (const name of zip.entries.keys()) if (name !== 'docProps/core.xml') out.set(name, await zip.read(name))
  return out
}

async function bothWays(store: Store, jobId: string, name: string, extra: { maxRowsPerSheet?: number } = {}) {
  const opts = { now: SEED_T0 + 86_400_000, rekapVersion: '0.0.0-test', signer: null, timeZone: 'Asia/Jakarta', ...extra }
  const one = await writeJobReport(store, jobId, { out: join(tmp.dir, `${name}-one.xlsx`), thread: false, ...opts })
  const two = await writeJobReport(store, jobId, { out: join(tmp.dir, `${name}-two.xlsx`), thread: true, ...opts })
  return { one, two }
}

describe('a report written with the zip thread', () => {
  it.each(ALL_REPORT_KINDS)('%s: every part byte for byte and the digest as on one thread', async (kind) => {
    const store = openStore(join(tmp.dir, `${kind}.sqlite`))
    try {
      const jobId = seedReportJob(store, kind, ROWS)
      const { one, two } = await bothWays(store, jobId, kind)
      expect(two.digest).toBe(one.digest)
      expect(two.sheets).toEqual(one.sheets)
      expect(two.rows).toBe(one.rows)
      const a = await parts(one.out)
      const b = await parts(two.out)
      expect([...b.keys()]).toEqual([...a.keys()])
      const differ = [...a].filter(([name, bytes]) => !bytes.equals(b.get(name)!)).map(([name]) => name)
      expect(differ).toEqual([])
    } finally {
      store.close()
    }
  })

  it('rows whose texts are not all ASCII beside rows that are: every part byte for byte and the digest as on one thread', async () => {
    // every seeded kind's texts are ASCII: here a letter of Latin-1 (é, one byte there, two in
    // UTF-8), another script and an emoji among ASCII rows (a zip thread that copied every row a
    // byte a character, as if all ASCII, failed this: docs/performance.md, stop 44)
    const store = openStore(join(tmp.dir, 'non-ascii.sqlite'))
    try {
      const jobId = seedReportJob(store, 'regions', ROWS)
      store.db
        .prepare(
          `UPDATE job_rows SET input_json = json_set(input_json, '$.Catatan', CASE row_no % 4 WHEN 1 THEN 'Café ' WHEN 2 THEN 'Jalan Ñ ' || char(233) WHEN 3 THEN 'ᬅᬓ᭄ᬱᬭ ' ELSE '😀 ' END || row_no) WHERE job_id = ? AND row_no % 3 = 0`,
        )
        .run(jobId)
      const { one, two } = await bothWays(store, jobId, 'non-ascii')
      expect(two.digest).toBe(one.digest)
      const a = await parts(one.out)
      const b = await parts(two.out)
      expect([...a].filter(([name, bytes]) => !bytes.equals(b.get(name)!)).map(([name]) => name)).toEqual([])
      // the texts reached the sheet's XML as UTF-8
      expect([...b.values()].some((bytes) => bytes.toString('utf8').includes('<t>Café 9</t>'))).toBe(true)
    } finally {
      store.close()
    }
  })

  it('a sheet continued in a second part, read back by openpyxl and exceljs alike', async () => {
    const store = openStore(join(tmp.dir, 'split.sqlite'))
    try {
      const jobId = seedReportJob(store, 'hospital-lookup', ROWS)
      const { one, two } = await bothWays(store, jobId, 'split', { maxRowsPerSheet: 300 })
      expect(two.sheets).toEqual(one.sheets)
      expect(two.sheets.filter((s) => /\(\d\)$/.test(s)).length).toBeGreaterThan(1)
      expect(two.digest).toBe(one.digest)
      const byOpenpyxl = readWithOpenpyxl(two.out)
      expect(byOpenpyxl.warnings).toEqual([])
      expect(byOpenpyxl.order).toEqual(two.sheets)
      const byExceljs = await readWithExceljs(two.out)
      expect(cellMismatches(byExceljs.sheets, byOpenpyxl.sheets)).toEqual([])
      const results = byOpenpyxl.sheets[two.sheets[1]]
      // 300 rows a part, the header repeated: 299 data rows in the first part of the results
      expect(Object.keys(results.cells).filter((ref) => /^A\d+$/.test(ref)).length).toBe(300)
    } finally {
      store.close()
    }
  })
})

describe("from the app's heavy-work thread", () => {
  it('a zip thread started inside a worker thread writes the same report', async () => {
    const dbFile = join(tmp.dir, 'heavy.sqlite')
    const store = openStore(dbFile)
    const jobId = seedReportJob(store, 'school-lookup', ROWS)
    const opts = { now: SEED_T0 + 86_400_000, rekapVersion: '0.0.0-test', signer: null, timeZone: 'Asia/Jakarta' }
    const one = await writeJobReport(store, jobId, { out: join(tmp.dir, 'heavy-one.xlsx'), thread: false, ...opts })
    store.close()
    const heavy = new HeavyWork()
    try {
      const task = { kind: 'job-report' as const, dbFile, jobId, opts: { out: join(tmp.dir, 'heavy-two.xlsx'), thread: true, ...opts } }
      const two = (await heavy.run(task)) as ReportResult
      expect(two.digest).toBe(one.digest)
      const a = await parts(one.out)
      const b = await parts(two.out)
      expect([...a].filter(([name, bytes]) => !bytes.equals(b.get(name)!)).map(([name]) => name)).toEqual([])
    } finally {
      await heavy.close()
    }
  })
})

describe('an offline Directory report written with the zip thread', () => {
  it('has every part byte for byte and the digest as on one thread', async () => {
    const store = openStore(join(tmp.dir, 'directory.sqlite'))
    try {
      seedReportJob(store, 'hospital-directory', ROWS)
      const opts = { product: 'hospitals' as const, now: SEED_T0 + 86_400_000, rekapVersion: '0.0.0-test', signer: null }
      const one = await writeDirectoryReport(store, { ...opts, out: join(tmp.dir, 'directory-one.xlsx'), thread: false })
      const two = await writeDirectoryReport(store, { ...opts, out: join(tmp.dir, 'directory-two.xlsx'), thread: true })
      expect(two.rows).toBe(ROWS)
      const a = await parts(one.out)
      const b = await parts(two.out)
      expect([...b.keys()]).toEqual([...a.keys()])
      expect([...a].filter(([name, bytes]) => !bytes.equals(b.get(name)!)).map(([name]) => name)).toEqual([])
    } finally {
      store.close()
    }
  })
})

describe('when the zip thread fails', () => {
  it('the export fails with a message naming the zip thread, and no partial file is left', async () => {
    const file = join(tmp.dir, 'broken.xlsx.partial')
    const zip = new ZipFileWriter(file)
    const thread = new ZipThread(zip)
    // text before any part: the zip thread has no entry to write it to
    thread.write('<row/>')
    await expect(thread.endDigest()).rejects.toThrow(/zip thread failed/)
    expect(() => thread.write('more')).toThrow(/zip thread failed/)
    thread.close()
    zip.abort()
  })

  it('a report abandoned half way leaves neither the report nor its partial file', async () => {
    const out = join(tmp.dir, 'abandoned.xlsx')
    const writer = openStreamingXlsxReport(out, { lang: 'en', thread: true })
    const sheet = writer.sheet('Hasil', [{ header: 'NIK', kind: 'code' }, { header: 'Nama', kind: 'auto' }])
    for (let i = 0; i < 5000; i++) {
      sheet.addRow([`32730101${String(i).padStart(8, '0')}`, `Nasabah ${i}`])
      await sheet.breathe()
    }
    expect(existsSync(out + '.partial')).toBe(true)
    writer.abort()
    expect(existsSync(out + '.partial')).toBe(false)
    expect(existsSync(out)).toBe(false)
  })
})
