/**
 * Hostile-input audit: one shared string of tens of megabytes (an honest declared size, well under
 * the zip-bomb guard's 200 MB a part) made the shared-string reader search the whole growing window
 * again for every 64 KB read: 195 MB ran for more than 120 s at 589 MB before it was killed. A text
 * item holding more XML than any cell can (16 MB, like a row) is now refused, naming the file and part.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { makeTempDir } from '../helpers/temp-dir'
import { writeZip } from '../fixtures/builders/zip-writer'
import { minimalWorkbookParts, SHEET_OPEN } from '../fixtures/builders/workbooks'
import { rekap } from './helpers'

let tmp: ReturnType<typeof makeTempDir>
beforeAll(() => (tmp = makeTempDir('rekap-sec-sst-')))
afterAll(() => tmp.cleanup())

const SST_REL = '<Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>'
const shared = (ref: string, index: number) => `<c r="${ref}" t="s"><v>${index}</v></c>`

describe('one enormous shared string', () => {
  it('80 MB in one <si>: refused within seconds, naming the file and the part', async () => {
    const file = join(tmp.dir, 'satu-sel-besar.xlsx')
    const rows = `<row r="1">${shared('A1', 0)}${shared('B1', 1)}</row><row r="2"><c r="A2" t="inlineStr"><is><t>3201001</t></is></c>${shared('B2', 2)}</row>`
    const sheet = `${SHEET_OPEN}<sheetData>${rows}</sheetData></worksheet>`
    const sst = async function* () {
      yield '<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>Kode RS</t></si><si><t>Catatan</t></si><si><t>'
      const mb = 'x'.repeat(1 << 20)
      for (let i = 0; i < 80; i++) yield mb
      yield '</t></si></sst>'
    }
    await writeZip(file, [...minimalWorkbookParts('Data', sheet, [], SST_REL), { name: 'xl/sharedStrings.xml', content: sst }])
    const started = performance.now()
    const r = await rekap(['run', file, '--kind', 'hospital-lookup', '--dry-run', '--lang', 'en', '--db', join(tmp.dir, 'a.db')], { timeoutMs: 60_000 })
    const ms = performance.now() - started
    expect(r.code, r.out).toBe(2)
    expect(r.out).toMatch(/satu-sel-besar\.xlsx/)
    expect(r.out).toMatch(/xl\/sharedStrings\.xml/)
    expect(r.out).not.toMatch(/unexpected error|\n\s+at /)
    expect(ms).toBeLessThan(20_000)
  }, 90_000)
})
