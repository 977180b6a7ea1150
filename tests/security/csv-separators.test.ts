/**
 * Item 8: CSV injection through `;`. Excel with `;` as its list separator (the Indonesian default)
 * splits an unquoted `x;=1+1;y` into three cells, the middle one a live formula.
 */
import { isRealFormula } from '../../src-main/core/csv/csv-text'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { makeTempDir } from '../helpers/temp-dir'
import { rekap } from './helpers'

let tmp: ReturnType<typeof makeTempDir>
beforeAll(() => (tmp = makeTempDir('rekap-sec-csv-')))
afterAll(() => tmp.cleanup())

/** How Excel reads a line with a given list separator: quotes honoured, then split. */
function excelCells(line: string, sep: string): string[] {
  const cells: string[] = []
  let cur = ''
  let quoted = false
  for (let i = 0; i < line.length; i++) {
    const c = line[i]
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') (cur += '"'), i++
      else if (c === '"') quoted = false
      else cur += c
    } else if (c === '"') quoted = true
    else if (c === sep) cells.push(cur), (cur = '')
    else cur += c
  }
  cells.push(cur)
  return cells
}

describe('a CSV report opened by Excel with any list separator holds no formula', () => {
  it('quotes `;` and tab, prefixes triggers after any separator, quotes formula-like fields', async () => {
    const input = join(tmp.dir, 'codes.csv')
    // NPSN codes the sandbox knows nothing about still come back as rows with the user's note.
    writeFileSync(input, ['NPSN,Catatan', '20100001,"x;=1+1;y"', '20100002,"a\t@SUM(A1)"', '20100003,+62 812 555'].join('\n'))
    const out = join(tmp.dir, 'report.csv')
    const r = await rekap(['run', input, '--kind', 'school-lookup', '--db', join(tmp.dir, 'rekap.db'), '--out', out, '--yes'])
    expect(r.code, r.out).toBe(0)
    const lines = readFileSync(out, 'utf8').split('\r\n').filter((l) => /x;|@SUM|\+62/.test(l))
    expect(lines).toHaveLength(3)
    // issue 23 item 14: only what a spreadsheet would evaluate is neutralised; a phone number such as
    // +62 812 555 is data, written as it is (no stray apostrophe), and is no formula by the one rule
    const phone = lines.find((l) => l.includes('+62'))!
    expect(phone).toContain('+62 812 555')
    expect(phone).not.toContain("'+62")
    expect(isRealFormula('+62 812 555')).toBe(false)
    for (const line of lines.filter((l) => l !== phone)) {
      for (const sep of [',', ';', '\t']) {
        for (const cell of excelCells(line, sep)) expect(cell, `${JSON.stringify(line)} split on ${JSON.stringify(sep)}`).not.toMatch(/^[=+\-@]/)
      }
    }
    expect(lines.join('\n')).toContain(`"x;'=1+1;y"`)
  })
})
