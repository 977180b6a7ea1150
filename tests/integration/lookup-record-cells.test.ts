/**
 * A lookup report keeps the cells of records its rows repeat (issue 27: a 100,000-row hospital
 * lookup names at most ~3,155 hospitals; parsing and flattening each once saved ~12% of the
 * export's main thread). Kept cells must be exactly what the row's own record text gives, also
 * when a key comes back with another text (a record that changed between lookups), and the
 * pivots must count what they counted before. Rows past the trial (RecordCells.TRIAL_ROWS) are
 * needed for any record to be kept, so the unchanged-report test (120 rows) never reaches it.
 * Real SQLite file, rows seeded as bench/report-kinds-seed.ts does.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Store } from '../../src-main/core/store'
import { seedReportJob, SEED_SOURCE } from '../../bench/report-kinds-seed'
import { labelsFor } from '../../src-main/core/reports/labels'
import { reportZone } from '../../src-main/core/reports/time-zone'
import { loadRegionNames } from '../../src-main/core/reports/region-names'
import { lookupResults } from '../../src-main/core/kinds/lookup-report'
import { RecordCells } from '../../src-main/core/kinds/record-cells'
import { iterateReportRows } from '../../src-main/core/store/report-rows'
import { asHospitalRecord, hospitalColumns, hospitalValues } from '../../src-main/core/kinds/hospital-records/fields'
import { HospitalPivots } from '../../src-main/core/kinds/hospital-records/report'
import type { HospitalRecord } from '../../src-main/core/provider/types'
import { useTempStore } from '../helpers/temp-store'
import { writeJobReport } from '../../src-main/core/export'
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'

let store: Store
let dir: string
useTempStore((s, d) => ((store = s), (dir = d)))
// the spy on RecordCells.prototype must not outlive its test: workers run files one after another (isolate: false)
afterEach(() => vi.restoreAllMocks())

const ROWS = RecordCells.TRIAL_ROWS + 4000

describe('the cells a lookup report keeps for repeated records', () => {
  it('are the cells each row’s own record gives, changed records included, and the pivots count the same', async () => {
    const jobId = seedReportJob(store, 'hospital-lookup', ROWS, { distinctRecords: 60 })
    // some rows carry another text under the same key (their record changed between lookups)
    store.db.prepare(`UPDATE results SET raw_json = json_set(raw_json, '$.name', 'Diubah ' || row_no) WHERE job_id = ? AND row_no % 97 = 0 AND raw_json IS NOT NULL`).run(jobId)
    const job = store.jobs.get(jobId)!
    const L = labelsFor('id')
    const regions = await loadRegionNames(store.cache)
    const pivots = new HospitalPivots()
    const kept = vi.spyOn(RecordCells.prototype, 'get')
    const spec = lookupResults<HospitalRecord>(store, job, L, reportZone(), {
      columns: hospitalColumns(L),
      fromResult: asHospitalRecord,
      fromCache: (st, code, source) => st.cache.getHospital(code, source, 0),
      values: (h) => hospitalValues(h, regions),
      onRecord: (h) => pivots.add(h),
    })
    // what each row's record gives on its own, and the pivots fed every record
    const expectedPivots = new HospitalPivots()
    let rows = 0
    for (const row of iterateReportRows(store, jobId, { withRaw: true })) {
      const c = spec.rowContext(row)
      const r = row.result
      let h = r?.rawJson ? asHospitalRecord(JSON.parse(r.rawJson)) : null
      if (!h && r?.recordKey && c.outcome === 'found') h = store.cache.getHospital(r.recordKey, SEED_SOURCE, 0) ?? null
      if (h) expectedPivots.add(h)
      const expected = hospitalValues(h, regions)
      while (expected.length < hospitalColumns(L).length) expected.push(null)
      expect(c.record, `row ${row.rowNo}`).toEqual(expected)
      rows++
    }
    expect(rows).toBe(ROWS)
    // the records were kept past the trial and most rows after it took theirs
    const fromKept = kept.mock.results.filter((x) => x.value !== undefined).length
    expect(fromKept).toBeGreaterThan((ROWS - RecordCells.TRIAL_ROWS) / 2)
    for (const name of ['provinceByClass', 'regencyByClass', 'ownership', 'type'] as const) {
      for (const key of expectedPivots[name].rowKeys()) {
        expect(pivots[name].count(key)).toBe(expectedPivots[name].count(key))
        expect(pivots[name].sum(key)).toBe(expectedPivots[name].sum(key))
      }
      expect(pivots[name].rowKeys()).toEqual(expectedPivots[name].rowKeys())
    }
  })
})

/** argv: file, sheet, two headers; prints [[first, second], ...] of every data row as openpyxl reads them. */
const OPENPYXL_TWO_COLUMNS = `
import json, sys, openpyxl
book = openpyxl.load_workbook(sys.argv[1], read_only=True)
rows = book[sys.argv[2]].iter_rows(values_only=True)
header = list(next(rows))
a, b = header.index(sys.argv[3]), header.index(sys.argv[4])
print(json.dumps([[r[a], r[b]] for r in rows if r and r[a] is not None]))
`

describe('a lookup report past the trial, in the file', () => {
  it('openpyxl reads each row with its own record, changed records included', async () => {
    const jobId = seedReportJob(store, 'hospital-lookup', ROWS, { distinctRecords: 40 })
    store.db.prepare(`UPDATE results SET raw_json = json_set(raw_json, '$.name', 'Berubah ' || row_no) WHERE job_id = ? AND row_no % 89 = 0 AND raw_json IS NOT NULL`).run(jobId)
    const out = join(dir, 'lookup.xlsx')
    await writeJobReport(store, jobId, { out, lang: 'id', signer: null })
    const L = labelsFor('id')
    // openpyxl (read-only: two columns of 12,000 rows, not the whole book's formats)
    const py = spawnSync('/usr/bin/python3', ['-c', OPENPYXL_TWO_COLUMNS, out, L.sheets.results, L.lookup.rowId, L.hospital.name], { encoding: 'utf8', maxBuffer: 64 << 20 })
    expect(py.status, py.stderr).toBe(0)
    const read = JSON.parse(py.stdout) as Array<[number, string | null]>
    const named = new Map(
      (store.db.prepare(`SELECT row_no, json_extract(raw_json, '$.name') FROM results WHERE job_id = ? AND raw_json IS NOT NULL`).raw(true).all(jobId) as Array<[number, string]>),
    )
    expect(read.length).toBe(ROWS)
    let compared = 0
    let changed = 0
    for (const [rowId, cell] of read) {
      const name = named.get(rowId)
      if (name === undefined) continue
      expect(cell, `row id ${rowId}`).toBe(name)
      compared++
      if (name.startsWith('Berubah ')) changed++
    }
    // most rows carry their record, and the changed ones are among them
    expect(compared).toBeGreaterThan(ROWS / 2)
    expect(changed).toBeGreaterThan(ROWS / 89 / 2)
  }, 120_000)
})

describe('RecordCells', () => {
  it('keeps nothing when the trial’s keys do not come back, and keeps cells when they do', () => {
    const once = new RecordCells()
    for (let i = 0; i < RecordCells.TRIAL_ROWS + 10; i++) {
      expect(once.get(`k${i}`, `{"i":${i}}`)).toBeUndefined()
      once.set(`k${i}`, `{"i":${i}}`, [i])
    }
    expect(once.keeping).toBe(false)
    const again = new RecordCells()
    for (let i = 0; i < RecordCells.TRIAL_ROWS; i++) expect(again.get(`k${i % 10}`, `{"i":${i % 10}}`)).toBeUndefined()
    expect(again.keeping).toBe(true)
    expect(again.get('k1', '{"i":1}')).toBeUndefined()
    again.set('k1', '{"i":1}', ['one'])
    expect(again.get('k1', '{"i":1}')).toEqual(['one'])
    // the same key with another text is another record
    expect(again.get('k1', '{"i":1,"changed":true}')).toBeUndefined()
  })

  it('stops keeping when the kept records’ texts stop coming back', () => {
    const cells = new RecordCells()
    for (let i = 0; i < RecordCells.TRIAL_ROWS; i++) cells.get(`k${i % 10}`, 'same')
    expect(cells.keeping).toBe(true)
    for (let i = 0; i < RecordCells.TRIAL_ROWS; i++) {
      cells.get(`k${i % 10}`, `text ${i}`)
      cells.set(`k${i % 10}`, `text ${i}`, [i])
    }
    expect(cells.keeping).toBe(false)
  })
})
