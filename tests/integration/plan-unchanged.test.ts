/**
 * Issue 27 (1,000,000-row plan memory): the shared-string table became compact and is streamed,
 * and nothing a plan says was meant to change. A 5,000-row workbook with shared strings (duplicates,
 * codes the pre-flight refuses, entities, non-Latin text, rich text, empty strings) is planned, and
 * the JobPlanView and every stored row are compared with tests/fixtures/plan-5000-baseline.json,
 * written by the code before that change (main at 09c5029) with `PLAN_BASELINE_WRITE=1`.
 */
import { afterAll, expect, it } from 'vitest'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import { openStore } from '../../src-main/core/store'
import { createEngine } from '../../src-main/core/engine'
import { defaultContext } from '../../src-main/core/context'
import { defaultJobSettings } from '../../src-main/core/model/job-settings'
import { makeTempDir } from '../helpers/temp-dir'

const BASELINE = join(__dirname, '../fixtures/plan-5000-baseline.json')
const WRITE = process.env.PLAN_BASELINE_WRITE === '1'
const ROWS = 5000
const tmp = makeTempDir('rekap-plan-unchanged-')
afterAll(() => tmp.cleanup())

function codeOf(i: number): string | number | null {
  if (i % 97 === 0) return null // a missing code
  if (i % 89 === 0) return 'RS-?' // a code of the wrong shape
  if (i % 7 === 0) return `RS${String(i - 3).padStart(7, '0')}` // a duplicate of an earlier row
  return `RS${String(i).padStart(7, '0')}`
}

function nameOf(i: number): ExcelJS.CellValue {
  if (i % 13 === 0) return `Rumah Sakit "Ibu & Anak" <${i}>`
  if (i % 17 === 0) return `Klinik Ω ✓ 漢字 ${i} 👩‍⚕️`
  if (i % 19 === 0) return { richText: [{ text: 'RS ', font: { bold: true } }, { text: `Kaya ${i}` }] }
  if (i % 23 === 0) return ''
  return `Rumah Sakit Umum Daerah Nomor ${i}`
}

async function writeWorkbook(file: string): Promise<void> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true, useStyles: true })
  const ws = wb.addWorksheet('Data')
  ws.addRow(['No', 'Kode RS', 'Nama RS', 'Keterangan', 'Tanggal']).commit()
  for (let i = 1; i <= ROWS; i++) {
    ws.addRow([i, codeOf(i), nameOf(i), i % 3 === 0 ? `baris ${i % 50}` : `catatan ${i}`, new Date(Date.UTC(2026, 0, 1 + (i % 300)))]).commit()
  }
  await wb.commit()
}

it('plans a 5,000-row shared-string workbook exactly as before: the same view and the same stored rows', async () => {
  const file = join(tmp.dir, 'codes.xlsx')
  await writeWorkbook(file)
  const store = openStore(join(tmp.dir, 'rekap.db'))
  const engine = createEngine({
    store,
    ctx: defaultContext(),
    picturesDir: tmp.dir,
    resolveTarget: async () => ({ baseUrl: 'http://127.0.0.1:9', source: 'bench', sandbox: true }),
  })
  const view = await engine.plan({ file, kind: 'hospital-lookup', settings: defaultJobSettings({ sandbox: true }) })
  await engine.close()
  const rows = store.db
    .prepare(
      `SELECT row_no, source_row, unit_key, state, input_json, payload_json, error_code, error_message, error_column, local_failure, duplicate_of
       FROM job_rows WHERE job_id = ? ORDER BY row_no`,
    )
    .raw()
    .all(view.jobId)
  store.close()
  const got = {
    view: JSON.parse(JSON.stringify({ ...view, jobId: '<job>' })),
    rows: rows.length,
    rowsSha256: createHash('sha256').update(JSON.stringify(rows)).digest('hex'),
    // a few rows in full, so a difference can be read, not only detected
    sample: rows.filter((_, i) => i < 3 || [12, 16, 18, 22, 88, 96].includes(i)),
  }
  if (WRITE) writeFileSync(BASELINE, JSON.stringify(got, null, 1) + '\n')
  expect(existsSync(BASELINE)).toBe(true)
  const want = JSON.parse(readFileSync(BASELINE, 'utf8'))
  expect(got.view).toEqual(want.view)
  expect(got.sample).toEqual(want.sample)
  expect(got.rows).toBe(ROWS)
  expect(got.rowsSha256).toBe(want.rowsSha256)
}, 120_000)
