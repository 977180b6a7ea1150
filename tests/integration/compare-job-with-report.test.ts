/**
 * `rekap compare <job> <report.xlsx>`: the job as the store has it against a report file of it (the
 * README: "job ids or report files"). A job's side was read from its CSV report, a file's from the
 * xlsx: the CSV guards a 16-digit NIK with an invisible WORD JOINER and writes dates as texts, so
 * a job compared with its own untouched report had every row "removed" and "added" (12 and 12,
 * none the same), and a date was stated as UTC ("…T00:00:00.000Z") though a date cell holds the
 * report zone's wall-clock time. Through the real parts: a sandbox run of the KYC example with a
 * birth-date column added (openpyxl), the real CLI, an edit made with openpyxl.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cpSync } from 'node:fs'
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { rekap } from '../helpers/rekap-process'
import { makeTempDir, REPO_ROOT } from '../helpers/temp-dir'

let tmp: ReturnType<typeof makeTempDir>
let db: string
let report: string
let jobId: string

/** openpyxl runs `body` with `wb` open on argv[1] and saves it as argv[2]. */
function withOpenpyxl(from: string, to: string, body: string): void {
  execFileSync('/usr/bin/python3', ['-c', `import sys, datetime, openpyxl\nwb = openpyxl.load_workbook(sys.argv[1])\n${body}\nwb.save(sys.argv[2])\n`, from, to])
}

async function compareJson(a: string, b: string): Promise<{ changed: Array<Record<string, string>>; added: number; removed: number; unchanged: number }> {
  const r = await rekap(['compare', a, b, '--json', '--db', db])
  expect(r.code, r.out + r.err).toBe(0)
  return JSON.parse(r.out)
}

beforeAll(async () => {
  tmp = makeTempDir()
  db = join(tmp.dir, 'rekap.db')
  cpSync(join(REPO_ROOT, 'examples/kyc'), join(tmp.dir, 'kyc'), { recursive: true })
  const input = join(tmp.dir, 'kyc', 'kyc-lahir.xlsx')
  // a birth date per customer: the header row is row 4, the customers rows 5 to 16
  withOpenpyxl(join(tmp.dir, 'kyc', 'kyc-sample.xlsx'), input, `ws = wb.active\nws.cell(4, 7).value = 'Tanggal Lahir'\nfor r in range(5, 17):\n    ws.cell(r, 7).value = datetime.datetime(1990, 5, r)`)
  report = join(tmp.dir, 'laporan.xlsx')
  const run = await rekap(['run', input, '--out', report, '--yes', '--db', db])
  expect(run.code, run.out + run.err).toBe(0)
  jobId = /^job (\S+)/.exec(run.out)![1]
}, 180_000)

afterAll(() => tmp?.cleanup())

describe('rekap compare: a job against a report file of it', () => {
  it('its own untouched report: all 12 rows the same, none added or removed', async () => {
    expect(await compareJson(jobId, report)).toMatchObject({ changed: [], added: 0, removed: 0, unchanged: 12 })
  }, 60_000)

  it('a birth date edited in the report: that one cell, both dates as the report shows them (no UTC marker)', async () => {
    const edited = join(tmp.dir, 'diubah.xlsx')
    withOpenpyxl(report, edited, `ws = wb['Results']\ncol = [c.value for c in ws[1]].index('Tanggal Lahir') + 1\nws.cell(3, col).value = datetime.datetime(1991, 1, 2)`)
    const c = await compareJson(jobId, edited)
    expect(c.changed).toEqual([{ key: expect.stringContaining('3171024112950001'), column: 'Tanggal Lahir', a: '1990-05-06 00:00:00', b: '1991-01-02 00:00:00' }])
    expect({ added: c.added, removed: c.removed, unchanged: c.unchanged }).toEqual({ added: 0, removed: 0, unchanged: 11 })
  }, 60_000)
})
