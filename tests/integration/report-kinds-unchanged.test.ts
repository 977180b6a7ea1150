/**
 * Issue 27 / issue 25: the report skeleton and the results loop were written once for every kind,
 * and made faster; nothing a user reads was meant to change. A job of every report kind is seeded
 * (bench/report-kinds-seed.ts: found, not found, failed, pre-flight failures, records from the
 * cache, premium fields withheld), exported as xlsx and csv, and every cell's value and number
 * format of every sheet (and the csv text) is compared with tests/fixtures/report-kinds-baseline.json,
 * written by the code before that change (main at 0bac604) with `REPORT_BASELINE_WRITE=1`; the
 * intended changes since (Indonesian cells, 'Disarankan' headers, the user's date-only cells shown as
 * days: yyyy-mm-dd, not yyyy-mm-dd 00:00:00) carried over cell by cell. The face
 * job's confidences are computed doubles (seedConfidence: 17 significant digits, as real ones), so a
 * change in how their digits are written or read shows here (docs/performance.md, sixth pass).
 * Job ids, digests and signatures are masked: they differ per store, not per report.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import { openStore, type Store } from '../../src-main/core/store'
import { writeJobReport } from '../../src-main/core/export'
import { ALL_REPORT_KINDS, SEED_T0, seedReportJob, type ReportKind } from '../../bench/report-kinds-seed'
import { makeTempDir } from '../helpers/temp-dir'

const BASELINE = join(__dirname, '../fixtures/report-kinds-baseline.json')
const ROWS = 120
const WRITE = process.env.REPORT_BASELINE_WRITE === '1'

type SheetDump = { name: string; formats: string[]; rows: Array<Array<[unknown, number] | null>> }
type KindDump = { sheets: SheetDump[]; csv: string }

/** The summary's own digest states the job id; the other sheets' digests must stay the same. */
function mask(v: string, jobId: string): string {
  return v
    .split(jobId)
    .join('<job>')
    .replace(/^(Ringkasan|Summary)=[0-9a-f]{16}/, '$1=<digest>').replace(/[0-9a-f]{32,}/g, '<hex>').replace(/[A-Za-z0-9+/]{80,}={0,2}/g, '<base64>')
}

function cellValue(v: ExcelJS.CellValue, jobId: string): unknown {
  if (v instanceof Date) return { date: v.toISOString() }
  if (typeof v === 'string') return mask(v, jobId)
  if (v && typeof v === 'object') return JSON.parse(mask(JSON.stringify(v), jobId))
  return v ?? null
}

/** Every sheet: each cell's value and number format (formats listed once per sheet, cells point at them). */
async function dumpXlsx(file: string, jobId: string): Promise<SheetDump[]> {
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.readFile(file)
  return wb.worksheets.map((ws) => {
    const formats: string[] = []
    const fmt = (f: string | undefined): number => {
      const k = f ?? ''
      let i = formats.indexOf(k)
      if (i < 0) i = formats.push(k) - 1
      return i
    }
    const rows: SheetDump['rows'] = []
    for (let r = 1; r <= ws.rowCount; r++) {
      const row = ws.getRow(r)
      const cells: Array<[unknown, number] | null> = []
      for (let c = 1; c <= row.cellCount; c++) {
        const cell = row.getCell(c)
        cells.push(cell.value === null || cell.value === undefined ? null : [cellValue(cell.value, jobId), fmt(cell.numFmt)])
      }
      rows.push(cells)
    }
    return { name: ws.name, formats, rows }
  })
}

let tmp: ReturnType<typeof makeTempDir>
const dumps: Partial<Record<ReportKind, KindDump>> = {}

beforeAll(async () => {
  tmp = makeTempDir()
  for (const kind of ALL_REPORT_KINDS) {
    const store: Store = openStore(join(tmp.dir, `${kind}.sqlite`))
    const jobId = seedReportJob(store, kind, ROWS)
    const opts = { now: SEED_T0 + 86_400_000, rekapVersion: '0.0.0-test', signer: null, timeZone: 'Asia/Jakarta' }
    const xlsx = join(tmp.dir, `${kind}.xlsx`)
    const csv = join(tmp.dir, `${kind}.csv`)
    await writeJobReport(store, jobId, { out: xlsx, ...opts })
    await writeJobReport(store, jobId, { out: csv, ...opts })
    store.close()
    dumps[kind] = { sheets: await dumpXlsx(xlsx, jobId), csv: mask(readFileSync(csv, 'utf8'), jobId) }
  }
  if (WRITE) writeFileSync(BASELINE, JSON.stringify(dumps) + '\n')
}, 120_000)

afterAll(() => tmp.cleanup())

describe('every report kind, cell by cell, as before the shared report machinery', () => {
  const baseline: Record<ReportKind, KindDump> = existsSync(BASELINE) ? JSON.parse(readFileSync(BASELINE, 'utf8')) : ({} as Record<ReportKind, KindDump>)

  it.each(ALL_REPORT_KINDS)('%s: the same sheets, the same cells, the same number formats, the same csv', (kind) => {
    const now = dumps[kind]!
    const then = baseline[kind]
    expect(then, `no baseline for ${kind}`).toBeDefined()
    expect(now.sheets.map((s) => s.name)).toEqual(then.sheets.map((s) => s.name))
    for (const [i, sheet] of now.sheets.entries()) {
      const old = then.sheets[i]
      expect(sheet.rows.length, `${kind} / ${sheet.name}: rows`).toBe(old.rows.length)
      for (const [r, row] of sheet.rows.entries()) {
        // values and formats resolved, so a reordered format list does not count as a change
        const shown = (cells: Array<[unknown, number] | null>, formats: string[]) => cells.map((c) => (c ? [c[0], formats[c[1]]] : null))
        expect(shown(row, sheet.formats), `${kind} / ${sheet.name} / row ${r + 1}`).toEqual(shown(old.rows[r], old.formats))
      }
    }
    expect(now.csv).toBe(then.csv)
  })

  it('the seeded jobs go through every fate a report shows', () => {
    const lookup = dumps['hospital-lookup']!.sheets.map((s) => s.name)
    expect(lookup).toEqual(['Ringkasan', 'Hasil', 'Galat', 'Provinsi x Kelas', 'Kab-Kota x Kelas', 'Kepemilikan', 'Jenis RS'])
    const outcomes = new Set(dumps['hospital-lookup']!.sheets[1].rows.slice(1).map((r) => (r[3] ? r[3][0] : null)))
    expect([...outcomes].sort()).toEqual(['DITEMUKAN', 'GAGAL', 'TIDAK DITEMUKAN'])
    expect(dumps['school-directory']!.sheets[1].rows.length).toBe(ROWS + 1)
  })
})
