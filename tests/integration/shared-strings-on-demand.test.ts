/**
 * Issue 27: `rekap run` on a 1,000,000-row xlsx peaked 30-50 MB above the engine's own plan (331-353
 * MB against 303 MB): choosing the kind from the header (chooseKind) read the workbook's whole
 * shared-string table (3,000,000 items, an 87 MB part), then the plan read it all again. The
 * shared strings are now read as far as the rows read so far need them.
 */
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { chooseKind } from '../../src-main/cli/run-job'
import { openTable } from '../../src-main/core/importers'
import { SharedStringTable } from '../../src-main/core/importers/shared-strings'
import { baseWorkbook, zipOf } from '../fixtures/builders/hostile-workbooks'
import { alterPart } from '../fixtures/builders/zip-surgery'
import { makeTempDir } from '../helpers/temp-dir'

const tmp = makeTempDir('rekap-sst-on-demand-')
afterAll(() => tmp.cleanup())
afterEach(() => vi.restoreAllMocks())

const ROWS = 100_000
const HEADERS = ['No', 'Kode RS', 'Nama RS']
const s = (ref: string, i: number): string => `<c r="${ref}" t="s"><v>${i}</v></c>`

/**
 * A hospital sheet of 100,000 rows, every text shared (300,003 items, ~9 MB of XML). Row 20,000
 * names the table's last texts and row 20,001 its middle ones (far past the rows the header is
 * chosen from): the reader must read on to them, out of order.
 */
function bigWorkbook(): { entries: ReturnType<typeof baseWorkbook>; texts: string[]; expected: (row: number) => string[] } {
  const texts = [...HEADERS]
  for (let r = 0; r < ROWS; r++) texts.push(`catatan ${r}`, `RS${String(r).padStart(7, '0')}`, `Rumah Sakit Umum Daerah ${r}`)
  const refOf = (row: number): number => (row === 20_000 ? ROWS - 1 : row === 20_001 ? ROWS / 2 : row - 2)
  const rows = [`<row r="1">${s('A1', 0)}${s('B1', 1)}${s('C1', 2)}</row>`]
  for (let row = 2; row <= ROWS + 1; row++) {
    const k = 3 + refOf(row) * 3
    rows.push(`<row r="${row}">${s(`A${row}`, k)}${s(`B${row}`, k + 1)}${s(`C${row}`, k + 2)}</row>`)
  }
  const entries = baseWorkbook({ rows: rows.join(''), strings: texts })
  return { entries, texts, expected: (row) => texts.slice(3 + refOf(row) * 3, 6 + refOf(row) * 3) }
}

const big = bigWorkbook()

describe('shared strings read on demand', () => {
  it("choosing the kind from the header reads a few of the table's 300,003 shared strings, not all of them", async () => {
    const file = join(tmp.dir, 'big.xlsx')
    writeFileSync(file, zipOf(big.entries))
    const pushed = vi.spyOn(SharedStringTable.prototype, 'push')
    const chosen = await chooseKind(file, {})
    expect(chosen).toEqual({ kind: 'hospital-lookup', guessed: true, sheet: 'Data' })
    // before: all 300,003 (the whole 9 MB part); now the first window of the part (~1 MB of XML)
    console.log(`shared strings read to choose the kind: ${pushed.mock.calls.length} of ${big.texts.length}`)
    expect(pushed.mock.calls.length).toBeGreaterThan(0)
    expect(pushed.mock.calls.length).toBeLessThan(big.texts.length / 4)
  })

  it('every row still gets its texts, read on to out of order, and the table is read once', async () => {
    const file = join(tmp.dir, 'big-rows.xlsx')
    writeFileSync(file, zipOf(big.entries))
    const pushed = vi.spyOn(SharedStringTable.prototype, 'push')
    const table = await openTable(file, { pictures: false })
    expect(table.headers).toEqual(HEADERS)
    let count = 0
    let wrong = 0
    for await (const row of table.rows()) {
      const want = big.expected(row.sourceRow)
      if (HEADERS.some((h, i) => row.values[h] !== want[i])) wrong++
      count++
    }
    expect([count, wrong]).toEqual([ROWS, 0])
    expect(pushed.mock.calls.length).toBe(big.texts.length)
  })

  it('a shared-string part damaged past the header: the kind is chosen, reading the rows to the end refuses it', async () => {
    // the part inflates 10 bytes beyond the size the zip declares: found only when its end is read
    const file = join(tmp.dir, 'damaged-tail.xlsx')
    writeFileSync(file, zipOf(alterPart(big.entries, 'xl/sharedStrings.xml', (e) => ({ size: e.size - 10 }))))
    expect((await chooseKind(file, {})).kind).toBe('hospital-lookup')
    const table = await openTable(file, { pictures: false })
    const read = async (): Promise<number> => {
      let n = 0
      for await (const _ of table.rows()) n++
      return n
    }
    await expect(read()).rejects.toThrow(/damaged-tail\.xlsx[\s\S]*inflates beyond/)
  })

  it('a sheet without shared-string cells never needs the part, and still has it read whole at the end', async () => {
    const inline = (ref: string, text: string): string => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`
    // 5,000 rows: more than the first inflated chunks the header is chosen from
    const rows = [`<row r="1">${inline('A1', 'Kode RS')}</row>`]
    for (let row = 2; row <= 5001; row++) rows.push(`<row r="${row}">${inline(`A${row}`, `RS${String(row).padStart(7, '0')}`)}</row>`)
    const file = join(tmp.dir, 'inline.xlsx')
    const entries = alterPart(baseWorkbook({ rows: rows.join(''), strings: big.texts }), 'xl/sharedStrings.xml', (e) => ({ size: e.size - 10 }))
    writeFileSync(file, zipOf(entries))
    const pushed = vi.spyOn(SharedStringTable.prototype, 'push')
    expect((await chooseKind(file, {})).kind).toBe('hospital-lookup')
    expect(pushed.mock.calls.length).toBe(0)
    const table = await openTable(file, { pictures: false })
    const read = async (): Promise<void> => {
      for await (const _ of table.rows());
    }
    await expect(read()).rejects.toThrow(/inflates beyond/)
  })
})
