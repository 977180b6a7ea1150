/**
 * Human review and auditor checks through the real CLI: decisions taken with `rekap review`,
 * the report written with `rekap export` (final-decision column and review log read back with
 * exceljs), then `rekap verify` on the untouched report and on copies edited with exceljs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { copyFileSync } from 'node:fs'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import { openStore } from '../../src-main/core/store'
import { reportZone } from '../../src-main/core/reports/time-zone'
import { REPO_ROOT } from '../helpers/sandbox-process'
import { makeTempDir } from '../helpers/temp-dir'
import { buildFaceJob, cellAt, readBook, summaryMap } from './reports-fixtures'

let tmp: ReturnType<typeof makeTempDir>
let db: string
let jobId: string
let report: string

function rekap(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, ['bin/rekap.mjs', ...args], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Indonesian: the reports' labels, rekap's own messages and the verifier's findings
    env: { ...process.env, REKAP_API_KEY: '', REKAP_LANG: 'id', ...env },
  })
  let out = ''
  child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s))
  child.stderr.setEncoding('utf8').on('data', (s: string) => (out += s))
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, out })))
}

/** A copy of the report with one edit made through exceljs, the way someone would in Excel. */
async function edited(name: string, edit: (ws: ExcelJS.Worksheet) => void): Promise<string> {
  const file = join(tmp.dir, `${name}.xlsx`)
  copyFileSync(report, file)
  const wb = await readBook(file)
  edit(wb.getWorksheet('Hasil')!)
  await wb.xlsx.writeFile(file)
  return file
}

beforeAll(async () => {
  tmp = makeTempDir()
  db = join(tmp.dir, 'rekap.db')
  const store = openStore(db)
  jobId = buildFaceJob(store)
  store.close()
  report = join(tmp.dir, 'laporan.xlsx')
}, 60_000)

afterAll(() => tmp?.cleanup())

describe('rekap review', () => {
  it('lists the pairs that need a person: review band, NO MATCH, uncertain', async () => {
    const r = await rekap(['review', jobId, '--list', '--json', '--db', db])
    expect(r.code, r.out).toBe(0)
    const q = JSON.parse(r.out)
    expect([q.reviewed, q.total]).toEqual([0, 3])
    expect(q.items.map((i: { row: number; verdict: string }) => [i.row, i.verdict])).toEqual([
      [2, 'no-match'],
      [3, 'review'],
      [7, 'uncertain'],
    ])
    expect(q.items[0]).toMatchObject({ nik: '3273010101010002', sheetRow: 3, confidence: 0.12 })
  }, 60_000)

  it('records decisions; a later one supersedes an earlier one; bad input is refused with the reason', async () => {
    const ok = async (args: string[]) => {
      const r = await rekap(['review', jobId, ...args, '--db', db])
      expect(r.code, r.out).toBe(0)
      return r.out
    }
    await ok(['--row', '3', '--decision', 'reject', '--by', 'Ani Wijaya'])
    await ok(['--row', '3', '--decision', 'approve', '--by', 'Budi Santoso', '--note', 'same mole under the left eye'])
    expect(await ok(['--row', '2', '--decision', 'retake', '--by', 'Ani Wijaya', '--note', 'selfie too dark'])).toContain('2 dari 3 sudah ditinjau')

    const pending = await rekap(['review', jobId, '--row', '8', '--decision', 'approve', '--by', 'Ani', '--db', db])
    expect(pending.code).toBe(2)
    expect(pending.out).toMatch(/baris 8 pekerjaan \w+ belum diperiksa \(menunggu\)/)
    const nobody = await rekap(['review', jobId, '--row', '3', '--decision', 'approve', '--db', db])
    expect(nobody.code).toBe(2)
    expect(nobody.out).toMatch(/--by NAMA/)

    const list = await rekap(['review', jobId, '--list', '--db', db])
    expect(list.out).toContain('2 dari 3 sudah ditinjau')
    expect(list.out).toMatch(/DISETUJUI oleh Budi Santoso/)
  }, 120_000)
})

describe('rekap export after review', () => {
  it('writes the final decision with who and when, and every decision in order on the review sheet', async () => {
    const r = await rekap(['export', jobId, '--out', report, '--db', db, '--tz', 'Asia/Makassar'])
    expect(r.code, r.out).toBe(0)
    const wb = await readBook(report)
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Ringkasan', 'Hasil', 'Galat', 'Tinjauan'])
    const ws = wb.getWorksheet('Hasil')!
    // row 3 (sheet row 4): the service said PERLU TINJAUAN, the reviewer's latest decision stands
    expect(cellAt(ws, 4, 'Hasil').value).toBe('PERLU TINJAUAN')
    expect(cellAt(ws, 4, 'Keputusan Akhir').value).toBe('DISETUJUI')
    expect(cellAt(ws, 4, 'Diputuskan Oleh').value).toBe('Budi Santoso')
    expect(cellAt(ws, 4, 'Waktu Keputusan (WITA)').value).toBeInstanceOf(Date)
    expect(cellAt(ws, 3, 'Keputusan Akhir').value).toBe('FOTO ULANG')
    // no review: the service's verdict is final
    expect(cellAt(ws, 2, 'Keputusan Akhir').value).toBe('COCOK')
    expect(cellAt(ws, 2, 'Diputuskan Oleh').value).toBe('layanan')
    expect(cellAt(ws, 2, 'Waktu Keputusan (WITA)').value ?? null).toBeNull()
    // attempts per row and 429s; times are real dates in the zone asked for
    expect(cellAt(ws, 6, 'Percobaan').value).toBe(2) // row 5 was retried after a 503
    expect(cellAt(ws, 2, 'Diperlambat 429').value).toBe('Tidak')
    const finished = cellAt(ws, 2, 'Waktu (WITA)').value as Date
    expect(finished).toBeInstanceOf(Date)
    expect(finished.getTime()).toBe(reportZone('Asia/Makassar').wall(Date.UTC(2026, 10, 23, 2, 0, 3, 400)).getTime())
    expect(cellAt(ws, 2, 'Biaya (Rp)').value).toBe(400)
    expect(cellAt(ws, 2, 'Biaya (Rp)').numFmt).toBe('[$-421]"Rp"#,##0')

    const log = wb.getWorksheet('Tinjauan')!
    const rows = [2, 3, 4].map((n) => ['No.', 'ID Baris', 'Keputusan', 'Oleh', 'Catatan', 'Hasil Layanan Saat Itu'].map((h) => cellAt(log, n, h).value ?? null))
    expect(rows).toEqual([
      [1, 3, 'DITOLAK', 'Ani Wijaya', null, 'PERLU TINJAUAN'],
      [2, 3, 'DISETUJUI', 'Budi Santoso', 'same mole under the left eye', 'PERLU TINJAUAN'],
      [3, 2, 'FOTO ULANG', 'Ani Wijaya', 'selfie too dark', 'TIDAK COCOK'],
    ])
    expect(log.rowCount).toBe(4)
    expect(cellAt(log, 2, 'Waktu (WITA)').value).toBeInstanceOf(Date)

    const s = summaryMap(wb.getWorksheet('Ringkasan')!)
    expect(s.get('ID pekerjaan')).toBe(jobId)
    expect(s.get('Pasangan ditinjau')).toBe('2 dari 3')
    expect(String(s.get('Digest isi laporan (SHA-256)'))).toMatch(/^[0-9a-f]{64}$/)
    expect(String(s.get('Sidik jari data pekerjaan (SHA-256)'))).toMatch(/^[0-9a-f]{64}$/)
    expect(String(s.get('Zona waktu kolom tanggal'))).toBe('WITA, Asia/Makassar (UTC+08:00)')
  }, 60_000)
})

describe('rekap verify', () => {
  it('says "unchanged" (exit 0) for the report as written, with and without the data file', async () => {
    const withDb = await rekap(['verify', report, '--db', db])
    expect(withDb.code, withDb.out).toBe(0)
    expect(withDb.out).toMatch(/^tidak berubah/)
    const alone = await rekap(['verify', report], { REKAP_DB: join(tmp.dir, 'elsewhere.db') })
    expect(alone.code, alone.out).toBe(0)
    expect(alone.out).toMatch(/^tidak berubah/)
  }, 60_000)

  it('names the sheet, row and column of a changed score (exit 1)', async () => {
    const file = await edited('score', (ws) => {
      cellAt(ws, 4, 'Skor').value = 0.99
    })
    const r = await rekap(['verify', file, '--db', db])
    expect(r.code, r.out).toBe(1)
    expect(r.out).toMatch(/^BERUBAH/)
    expect(r.out).toMatch(/lembar "Hasil", baris 4 \(ID Baris 3\), kolom \w+ "Skor": di laporan 0\.99, menurut berkas data 0\.5/)
  }, 60_000)

  it('names a deleted row (exit 1)', async () => {
    const file = await edited('deleted', (ws) => ws.spliceRows(6, 1))
    const r = await rekap(['verify', file, '--db', db])
    expect(r.code, r.out).toBe(1)
    expect(r.out).toMatch(/lembar "Hasil": baris dengan ID Baris 5 \(baris 6 saat ditulis\) hilang \(dihapus\)/)
    // the rows after it moved up but are otherwise the same: nothing else is reported on that sheet
    expect(r.out.split('\n').filter((l) => l.includes('"Hasil"'))).toHaveLength(1)
  }, 60_000)

  it('names an added row (exit 1)', async () => {
    const file = await edited('added', (ws) => {
      const row = ws.getRow(11)
      row.getCell(1).value = '3273999999999999'
      row.getCell(2).value = 'Palsu'
      row.getCell(20).value = 42
      row.commit()
    })
    const r = await rekap(['verify', file, '--db', db])
    expect(r.code, r.out).toBe(1)
    expect(r.out).toMatch(/lembar "Hasil", baris 11 \(ID Baris 42\): baris yang tidak ada di laporan yang ditulis rekap dari berkas data \(ditambahkan\)/)
  }, 60_000)

  it('without the data file checks the digest alone, says so, and still names the sheet (exit 1)', async () => {
    const file = await edited('alone', (ws) => {
      cellAt(ws, 2, 'Skor').value = 0.1
    })
    const r = await rekap(['verify', file], { REKAP_DB: join(tmp.dir, 'elsewhere.db') })
    expect(r.code, r.out).toBe(1)
    expect(r.out).toContain('lembar "Hasil" berubah')
    expect(r.out).toMatch(/hanya digest yang diperiksa/)
  }, 60_000)
})
