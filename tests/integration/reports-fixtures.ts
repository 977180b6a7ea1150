import ExcelJS from 'exceljs'
import type { Store } from '../../src-main/core/store'
import { defaultJobSettings, type JobSettings } from '../../src-main/core/model/job-settings'
import { ZipDirectory } from '../../src-main/core/importers/zip-directory'

/** Shared by the reports-* test files: real jobs in a real store, and ways to read an xlsx back. */

export const T0 = Date.UTC(2026, 10, 23, 2, 0, 0)
export const FAKE_KEY = 'rk_live_SECRET-KEY-9f8e7d6c5b4a'

/** Settings with a key smuggled into fields that must never reach a report. */
export function leakySettings(overrides: Partial<JobSettings> = {}): JobSettings {
  return {
    ...defaultJobSettings({
      baseUrl: `https://user:${FAKE_KEY}@api.example.co.id:8443/v1?api_key=${FAKE_KEY}`,
      reviewBand: [0.45, 0.55],
      budgetRp: 100_000,
      ...overrides,
    }),
    apiKey: FAKE_KEY,
  } as JobSettings
}

export async function readBook(file: string): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.readFile(file)
  return wb
}

/** Every text part of the xlsx zip, joined: for checking what can never be in the file. */
export async function xlsxXml(file: string): Promise<string> {
  const zip = await ZipDirectory.open(file)
  const parts: string[] = []
  for (const name of zip.entries.keys()) if (/\.(xml|rels)$/.test(name)) parts.push(await zip.readText(name))
  return parts.join('\n')
}

export async function sheetXml(file: string, index1: number): Promise<string> {
  const zip = await ZipDirectory.open(file)
  return zip.readText(`xl/worksheets/sheet${index1}.xml`)
}

/** Header text -> 1-based column number of a sheet's first row. */
export function headerIndex(ws: ExcelJS.Worksheet): Map<string, number> {
  const map = new Map<string, number>()
  ws.getRow(1).eachCell((c, col) => {
    if (!map.has(String(c.value))) map.set(String(c.value), col)
  })
  return map
}

/** The summary sheet's label -> value (column A -> column B). */
export function summaryMap(ws: ExcelJS.Worksheet): Map<string, ExcelJS.CellValue> {
  const map = new Map<string, ExcelJS.CellValue>()
  ws.eachRow((row) => {
    const label = row.getCell(1).value
    if (typeof label === 'string' && label && !map.has(label)) map.set(label, row.getCell(2).value)
  })
  return map
}

/** A cell by row number and header text. */
export function cellAt(ws: ExcelJS.Worksheet, row: number, header: string): ExcelJS.Cell {
  const col = headerIndex(ws).get(header)
  if (!col) throw new Error(`no column "${header}" in sheet ${ws.name}`)
  return ws.getRow(row).getCell(col)
}

export const FACE_HEADERS = ['NIK', 'Nama', 'Foto KTP', 'Selfie', 'Tanggal Lahir', 'Umur', 'Catatan']

/**
 * A face-match job that went through every row fate: match, no-match, a score in the review
 * band, a pre-flight failure, a service failure, a duplicate, an uncertain row, a pending row,
 * and a row re-sent after being uncertain. Returns the job id.
 */
export function buildFaceJob(store: Store, opts: { inputFile?: string } = {}): string {
  const job = store.jobs.create(
    {
      kind: 'face-match',
      inputFile: opts.inputFile ?? '/data/kyc/kyc.xlsx',
      inputName: 'kyc.xlsx',
      inputFingerprint: 'sha256:0f1e2d3c4b5a',
      sheet: 'Data',
      headerRow: 1,
      headers: FACE_HEADERS,
      mapping: { image1: 'Foto KTP', image2: 'Selfie', nik: 'NIK' },
      settings: leakySettings(),
    },
    T0,
  )
  const born = new Date(Date.UTC(1990, 4, 17))
  const input = (nik: unknown, nama: string, catatan: string | null, i: number) => ({
    NIK: nik,
    Nama: nama,
    'Foto KTP': `foto/ktp${i}.jpg`,
    Selfie: `foto/selfie${i}.jpg`,
    'Tanggal Lahir': born,
    Umur: 30 + i,
    Catatan: catatan,
  })
  store.rows.insertMany(
    job.id,
    [
      { rowNo: 1, sourceRow: 2, input: input('0012345678901234', 'Siti', '=HYPERLINK("http://evil.example/x","klik")', 1) },
      { rowNo: 2, sourceRow: 3, input: input(3273010101010002, 'Budi', '+62 812 5555 0101', 2) },
      { rowNo: 3, sourceRow: 4, input: input('3273010101010003', '-1+1', '@SUM(A1:A9)', 3) },
      {
        rowNo: 4,
        sourceRow: 5,
        input: input('3273010101010004', 'Dewi', '\tcmd', 4),
        localFailure: { code: 'file-missing', message: 'photo file not found: foto/ktp4.jpg', column: 'Foto KTP' },
      },
      { rowNo: 5, sourceRow: 6, input: input('3273010101010005', 'Eko', null, 5) },
      { rowNo: 6, sourceRow: 7, input: input('0012345678901234', 'Siti', null, 1), duplicateOf: 1 },
      { rowNo: 7, sourceRow: 8, input: input('3273010101010007', 'Gita', null, 7) },
      { rowNo: 8, sourceRow: 9, input: input('3273010101010008', 'Hadi', null, 8) },
      { rowNo: 9, sourceRow: 10, input: input('3273010101010009', 'Indah', null, 9) },
    ],
    T0,
  )
  const j = job.id
  store.jobs.transition(j, 'ready', T0 + 1000)
  store.jobs.transition(j, 'running', T0 + 2000)
  const paid = { product: 'face-match' as const, chargePoints: 400 }
  // row 9: in flight when rekap died, re-sent by the user's choice, then charged
  store.rows.markInFlight(j, 9, T0 + 2100)
  store.rows.markUncertain(j, 9, { code: 'interrupted', message: 'rekap stopped while this request was in flight' })
  store.rows.resendUncertain(j)
  store.rows.markInFlight(j, 9, T0 + 2200)
  store.rows.complete(j, 9, { outcome: 'match', match: true, confidence: 0.88 }, T0 + 2300, paid)

  store.rows.markInFlight(j, 1, T0 + 3000)
  store.rows.complete(j, 1, { outcome: 'match', match: true, confidence: 0.91 }, T0 + 3400, paid)
  store.rows.markInFlight(j, 2, T0 + 3000)
  store.rows.complete(j, 2, { outcome: 'no-match', match: false, confidence: 0.12 }, T0 + 3500, paid)
  store.rows.markInFlight(j, 3, T0 + 3000)
  store.rows.complete(j, 3, { outcome: 'match', match: true, confidence: 0.5 }, T0 + 3600, paid)
  store.rows.markInFlight(j, 5, T0 + 3000)
  store.rows.retryLater(j, 5, { code: 'http-503', message: 'service unavailable' })
  store.rows.markInFlight(j, 5, T0 + 3700)
  store.rows.fail(j, 5, { code: 'no-face', message: 'Failed to verify faces. Please ensure both images are valid and contain faces.' }, T0 + 3800)
  store.rows.resolveDuplicates(j, T0 + 3900)
  store.rows.markInFlight(j, 7, T0 + 4000)
  store.rows.markUncertain(j, 7, { code: 'interrupted', message: 'rekap stopped while this request was in flight; it may have been charged' })
  store.jobs.addActiveTime(j, 61_500)
  store.jobs.transition(j, 'paused', T0 + 5000, { reason: 'user' })
  return j
}
