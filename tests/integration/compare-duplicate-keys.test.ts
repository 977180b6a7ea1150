/**
 * `rekap compare` when two rows share a key, through the real CLI on a real sandbox run of the KYC
 * example (rows 1 and 10 are the same customer with the same photos: a duplicate, reused). Rows
 * used to be matched by key alone, the later row of a key replacing the earlier: 12 rows were
 * counted as 11, and an edit to row 1 (made here with openpyxl) was not reported at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { rekap } from '../helpers/rekap-process'
import { makeTempDir, REPO_ROOT } from '../helpers/temp-dir'

let tmp: ReturnType<typeof makeTempDir>
let db: string
let report: string
let jobId: string
const NIK = '3273015708920003'

interface ComparisonJson {
  changed: Array<{ key: string; column: string; a: string; b: string }>
  added: number
  removed: number
  unchanged: number
}

async function compareJson(a: string, b: string): Promise<ComparisonJson> {
  const r = await rekap(['compare', a, b, '--json', '--db', db])
  expect(r.code, r.out + r.err).toBe(0)
  return JSON.parse(r.out) as ComparisonJson
}

beforeAll(async () => {
  tmp = makeTempDir()
  db = join(tmp.dir, 'rekap.db')
  report = join(tmp.dir, 'laporan.xlsx')
  const run = await rekap(['run', join(REPO_ROOT, 'examples/kyc/kyc-sample.xlsx'), '--out', report, '--yes', '--db', db], { REKAP_LANG: 'id' })
  expect(run.code, run.out + run.err).toBe(0)
  jobId = /^job (\S+)/.exec(run.out)![1]
}, 180_000)

afterAll(() => tmp?.cleanup())

describe('rekap compare counts every row once, duplicates too', () => {
  it('a job against itself: all 12 rows unchanged (not 11)', async () => {
    const c = await compareJson(jobId, jobId)
    expect(c).toMatchObject({ changed: [], added: 0, removed: 0, unchanged: 12 })
    const words = await rekap(['compare', jobId, jobId, '--db', db], { REKAP_LANG: 'id' })
    expect(words.out).toMatch(/0 baris berubah \(0 sel\), 0 baru, 0 hilang, 12 sama/)
  }, 60_000)

  it('row 1 edited in a copy of the report (openpyxl): reported as the one changed row, the other 11 the same', async () => {
    const edited = join(tmp.dir, 'diubah.xlsx')
    const py = `import sys, openpyxl
wb = openpyxl.load_workbook(sys.argv[1])
ws = wb['Hasil']
col = [c.value for c in ws[1]].index('Hasil') + 1
assert ws.cell(2, 2).value == '${NIK}' and ws.cell(11, 2).value == '${NIK}'
ws.cell(2, col).value = 'TIDAK COCOK'
wb.save(sys.argv[2])`
    execFileSync('/usr/bin/python3', ['-c', py, report, edited])
    const c = await compareJson(report, edited)
    expect(c.changed).toEqual([{ key: NIK, column: 'Hasil', a: 'COCOK', b: 'TIDAK COCOK' }])
    expect({ added: c.added, removed: c.removed, unchanged: c.unchanged }).toEqual({ added: 0, removed: 0, unchanged: 11 })
  }, 60_000)

  it('the duplicate row removed from a copy: one row removed, 11 the same', async () => {
    const fewer = join(tmp.dir, 'berkurang.xlsx')
    const py = `import sys, openpyxl
wb = openpyxl.load_workbook(sys.argv[1])
wb['Hasil'].delete_rows(11)
wb.save(sys.argv[2])`
    execFileSync('/usr/bin/python3', ['-c', py, report, fewer])
    const c = await compareJson(report, fewer)
    expect({ changed: c.changed.length, added: c.added, removed: c.removed, unchanged: c.unchanged }).toEqual({ changed: 0, added: 0, removed: 1, unchanged: 11 })
  }, 60_000)
})
