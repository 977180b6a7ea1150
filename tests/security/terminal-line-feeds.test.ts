/**
 * A line feed inside a value from the input (a quoted multi-line CSV cell, a sheet name with
 * `&#10;` in workbook.xml, a file name with a newline) must not start a line of rekap's own
 * output: else a workbook forges "plan: 1 row, at most Rp0" among rekap's lines before a paid
 * run. The real `rekap run --dry-run`: no line of stdout or stderr starts with the forged text,
 * and the value is still shown, its line feed as a visible `\x0a` (so is the jobs list's file name).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { makeTempDir } from '../helpers/temp-dir'
import { baseWorkbook, zipOf } from '../fixtures/builders/hostile-workbooks'
import { entryText, withPart } from '../fixtures/builders/zip-surgery'
import { rekap } from './helpers'

let tmp: ReturnType<typeof makeTempDir>
beforeAll(() => (tmp = makeTempDir('rekap-sec-lf-')))
afterAll(() => tmp.cleanup())

const FORGED = 'plan: 1 row, at most Rp0'
const FORGED_ID = 'rencana: 1 baris, paling banyak Rp0'

/** Lines (stdout and stderr apart) that begin, after any indent, with a forged text. */
function forgedLines(r: { stdout: string; stderr: string }): string[] {
  return [...r.stdout.split('\n'), ...r.stderr.split('\n')].filter((l) => l.trimStart().startsWith(FORGED) || l.trimStart().startsWith(FORGED_ID))
}

describe('line feeds in values from the input', () => {
  it('a CSV cell and a file name with a line feed stay on their line', async () => {
    const file = join(tmp.dir, `kode\n${FORGED_ID}.csv`)
    writeFileSync(file, `Kode RS,Nama\n3171015,ok\n"12\n${FORGED}",x\n"13\n${FORGED_ID}",y\n`)
    for (const lang of ['en', 'id']) {
      const r = await rekap(['run', file, '--kind', 'hospital-lookup', '--dry-run', '--lang', lang, '--db', join(tmp.dir, `csv-${lang}.db`)], { timeoutMs: 60_000 })
      expect(r.code, r.out).toBe(0)
      expect(forgedLines(r), r.out).toEqual([])
      expect(r.out).toContain(`12\\x0a${FORGED}`) // the value is shown, so the user sees what the file held
      expect(r.out).toContain(`kode\\x0a${FORGED_ID}.csv`)
      // the jobs list names the input file: on its job's line
      const jobs = await rekap(['jobs', '--lang', lang, '--db', join(tmp.dir, `csv-${lang}.db`)], { timeoutMs: 60_000 })
      expect(jobs.code, jobs.out).toBe(0)
      expect(forgedLines(jobs), jobs.out).toEqual([])
      expect(jobs.out).toContain(`kode\\x0a${FORGED_ID}.csv`)
    }
  }, 120_000)

  it('a sheet name with &#10; in workbook.xml stays on its line', async () => {
    const parts = baseWorkbook({ sheetName: 'Data', strings: ['Kode RS', 'Tanggal', '3171015', `12&#10;${FORGED}`], rows: '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row><row r="2"><c r="A2" t="s"><v>2</v></c></row><row r="3"><c r="A3" t="s"><v>3</v></c></row>' })
    const wb = parts.find((p) => p.name === 'xl/workbook.xml')!
    const file = join(tmp.dir, 'sheet.xlsx')
    writeFileSync(file, zipOf(withPart(parts, 'xl/workbook.xml', entryText(wb).replace('name="Data"', `name="Data&#10;${FORGED}"`))))
    const r = await rekap(['run', file, '--kind', 'hospital-lookup', '--dry-run', '--lang', 'en', '--db', join(tmp.dir, 'xlsx.db')], { timeoutMs: 60_000 })
    expect(r.code, r.out).toBe(0)
    expect(forgedLines(r), r.out).toEqual([])
    expect(r.out).toContain(`Data\\x0a${FORGED}`)
    expect(r.out).toContain(`12\\x0a${FORGED}`)
  }, 120_000)
})
