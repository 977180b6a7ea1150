/**
 * Issue 27: a 1,000,000-row xlsx plan held its shared-string table as millions of JS strings (and
 * the part's whole XML text, kept alive by the strings sliced from it): ~285 MB of heap for the
 * whole plan, 509 MB peak RSS. The table is now streamed in windows and kept compact.
 */
import { describe, expect, it } from 'vitest'
import { Readable } from 'node:stream'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { SharedStringTable, lastEndTagEnd, sharedStringItems } from '../../src-main/core/importers/shared-strings'
import { elementRanges } from '../../src-main/core/importers/xml-attributes'
import { openWorkbookData } from '../../src-main/core/importers/xlsx-workbook-data'
import { ZipDirectory } from '../../src-main/core/importers/zip-directory'
import { baseWorkbook, zipOf } from '../fixtures/builders/hostile-workbooks'
import { makeTempDir } from '../helpers/temp-dir'

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
const TRICKY = [
  `<?xml version="1.0"?><sst ${NS}><si><t>Kode RS</t></si><si/><si><t xml:space="preserve"> a &amp; b </t></si>`,
  `<si><r><t>kaya </t></r><r><rPr><b/></rPr><t>teks</t></r><rPh sb="0" eb="1"><t>ふ</t></rPh></si><x:si><x:t>awalan</x:t></x:si>`,
  `<si><t>漢字 Ω ✓ 👩‍⚕️</t></si><si ><t>&#x41;&lt;&gt;</t></si><si><t></t></si>`,
  ...Array.from({ length: 50 }, (_, i) => `<si><t>RS${String(i).padStart(7, '0')} Rumah Sakit ${'é'.repeat(i % 5)}</t></si>`),
  `</sst>`,
].join('')

const wholeScan = (xml: string): string[] => [...elementRanges(xml, 'si', true)].map((r) => xml.slice(r.innerStart, r.innerEnd))

async function windowed(xml: string, chunkBytes: number, windowChars: number): Promise<string[]> {
  const bytes = Buffer.from(xml, 'utf8')
  const chunks: Buffer[] = []
  for (let i = 0; i < bytes.length; i += chunkBytes) chunks.push(bytes.subarray(i, i + chunkBytes))
  const out: string[] = []
  for await (const items of sharedStringItems(Readable.from(chunks), windowChars)) out.push(...items)
  return out
}

describe('shared-string items read in windows', () => {
  it('are the items a scan of the whole text finds, whatever the window and however the bytes are split', async () => {
    const want = wholeScan(TRICKY)
    expect(want.length).toBe(58)
    for (const chunkBytes of [1, 3, 17, 4096]) {
      for (const windowChars of [1, 7, 64, 1 << 20]) expect(await windowed(TRICKY, chunkBytes, windowChars)).toEqual(want)
    }
  })

  it('an unclosed last item is left out, as before', async () => {
    const xml = `<sst><si><t>a</t></si><si><t>b</t>`
    expect(await windowed(xml, 2, 3)).toEqual(wholeScan(xml))
    expect(wholeScan(xml)).toEqual(['<t>a</t>'])
  })

  it('finds the end of the last end tag, with or without a prefix', () => {
    expect(lastEndTagEnd('<si>a</si><si>b', 'si')).toBe(10)
    expect(lastEndTagEnd('<x:si>a</x:si>', 'si')).toBe(14)
    expect(lastEndTagEnd('<si>a<t>si></t>', 'si')).toBe(0)
  })
})

describe('SharedStringTable', () => {
  it('gives back every text by its index, across its 4,096-item chunks', () => {
    const table = new SharedStringTable()
    const texts = Array.from({ length: 10_000 }, (_, i) => (i % 11 === 0 ? '' : `teks ${i} ${'漢'.repeat(i % 3)}`))
    for (const t of texts) table.push(t)
    expect(table.length).toBe(10_000)
    expect(texts.every((t, i) => table.get(i) === t)).toBe(true)
    table.seal()
    expect(texts.every((t, i) => table.get(i) === t)).toBe(true)
    expect([table.get(-1), table.get(10_000), table.get(1.5)]).toEqual([undefined, undefined, undefined])
  })

  it('holds 300,000 shared strings of a big sheet in about their characters, not ~100 bytes each', async () => {
    setFlagsFromString('--expose-gc')
    const gc = runInNewContext('gc') as () => void
    const tmp = makeTempDir('rekap-sst-memory-')
    try {
      const texts = Array.from({ length: 300_000 }, (_, i) => [`RS${String(i).padStart(7, '0')}`, `Rumah Sakit ${i}`, `baris ${i}`][i % 3])
      const chars = texts.reduce((n, t) => n + t.length, 0)
      const file = join(tmp.dir, 'big.xlsx')
      writeFileSync(file, zipOf(baseWorkbook({ strings: texts })))
      gc()
      const before = process.memoryUsage().heapUsed
      const data = await openWorkbookData(await ZipDirectory.open(file))
      await data.moreSharedStrings.readAll()
      gc()
      const held = process.memoryUsage().heapUsed - before
      expect(data.sharedStrings.get(299_999)).toBe(texts[299_999])
      // before: ~95 bytes an item (one string each, and the 9 MB XML text they were sliced from)
      expect(held).toBeLessThan(chars + 300_000 * 4 + 4 * 1048576)
    } finally {
      tmp.cleanup()
    }
  })
})
