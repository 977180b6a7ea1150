import { crc32, deflateRawSync } from 'node:zlib'

import { entryText, rawEntry, readRawZip, writeRawZip, type RawEntry } from '../fixtures/builders/zip-surgery'

/**
 * Seeded mutations of a workbook, at the zip level (bytes, sizes, methods, names, duplicates) and
 * at the XML level (the sheet, shared strings, workbook, rels, styles, drawings). A mutant is fully
 * determined by (seed input, seed, index): any failure is rebuilt from those three numbers.
 */

/** mulberry32: small, fast, and the same sequence on every machine. */
export function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type Rand = () => number
const int = (r: Rand, n: number): number => Math.floor(r() * n)
const pick = <T>(r: Rand, list: readonly T[]): T => list[int(r, list.length)]

/** Tokens that broke readers before, or might: grid edges, bad characters, unclosed tags, huge numbers. */
const TOKENS = [
  '<row>', '</row>', '<row r="2"/>', '<row r="1048577">', '<c r="FXSHRXW1">', '<c r="ZZZZZZ2"/>', '<c r="A1" t="s"><v>99999999</v></c>',
  '<c r="B2" s="1"><v>1e308</v></c>', '<c r="B2" s="1"><v>-1e308</v></c>', '<c t="inlineStr"><is><t>', '</c>', '<v>', '</v>', '<si>', '</si>',
  '<t>', '</t>', '&#x110000;', '&#x1b;[2K', '&#0;', '&#99999999999999999999;', '&amp;', '&', '<', '>', '"', "'", '[', ']', '\\',
  '<xdr:twoCellAnchor>', '</xdr:twoCellAnchor>', '<xdr:from><xdr:col>99999999</xdr:col><xdr:row>-1</xdr:row></xdr:from>',
  '<numFmt numFmtId="164" formatCode="[[[[[[[["/>', '<sheet name="&#x1b;" sheetId="9" r:id="rId1"/>', '<dimension ref="A1:XFD1048576"/>',
  '<Relationship Id="rId1" Type="x/worksheet" Target="../../../../etc/passwd"/>', '<!--', '-->', '<![CDATA[', ']]>', '\u0000', '\uffff',
]

const XML_PARTS = [/^xl\/worksheets\/[^/]+\.xml$/, /^xl\/sharedStrings\.xml$/, /^xl\/workbook\.xml$/, /_rels\/.*\.rels$/, /^xl\/styles\.xml$/, /^xl\/drawings\/[^/]+\.xml$/]

export interface Mutant {
  bytes: Buffer
  /** what was done, for the report and the found case */
  what: string
}

/** One text mutation of an XML part. */
function mutateText(r: Rand, text: string): { text: string; what: string } {
  const at = int(r, text.length + 1)
  const op = int(r, 6)
  if (op === 0) {
    const len = 1 + int(r, Math.min(200, text.length - at + 1))
    return { text: text.slice(0, at) + text.slice(at + len), what: `delete ${len} chars at ${at}` }
  }
  if (op === 1) {
    const token = pick(r, TOKENS)
    return { text: text.slice(0, at) + token + text.slice(at), what: `insert ${JSON.stringify(token)} at ${at}` }
  }
  if (op === 2) {
    const token = pick(r, TOKENS)
    const times = pick(r, [10, 1000, 40_000])
    return { text: text.slice(0, at) + token.repeat(times) + text.slice(at), what: `insert ${JSON.stringify(token)} x${times} at ${at}` }
  }
  if (op === 3) {
    const len = 1 + int(r, 400)
    const span = text.slice(at, at + len)
    const times = pick(r, [2, 100, 5000])
    return { text: text.slice(0, at) + span.repeat(times) + text.slice(at + len), what: `repeat ${len} chars at ${at} x${times}` }
  }
  if (op === 4) {
    // a number attribute or value made extreme
    const m = /\d+/g
    m.lastIndex = at
    const hit = m.exec(text)
    if (!hit) return { text, what: 'no number' }
    const value = pick(r, ['0', '-1', '4294967296', '1048577', '16384', '1e308', '99999999999999999999', 'NaN', ''])
    return { text: text.slice(0, hit.index) + value + text.slice(hit.index + hit[0].length), what: `number at ${hit.index} -> ${value}` }
  }
  return { text: text.slice(0, at), what: `cut at ${at}` }
}

/** One zip-level mutation of the entries (or of the file's bytes). */
function mutateZip(r: Rand, zip: Buffer, entries: RawEntry[]): Mutant {
  const op = int(r, 9)
  const i = int(r, entries.length)
  const e = entries[i]
  const out = (list: RawEntry[], what: string): Mutant => ({ bytes: writeRawZip(list), what })
  if (op === 0) {
    const bytes = Buffer.from(zip)
    const n = 1 + int(r, 8)
    for (let k = 0; k < n; k++) bytes[int(r, bytes.length)] ^= 1 + int(r, 255)
    return { bytes, what: `flip ${n} bytes` }
  }
  if (op === 1) {
    const at = int(r, zip.length)
    const junk = Buffer.from(Array.from({ length: 1 + int(r, 64) }, () => int(r, 256)))
    return { bytes: Buffer.concat([zip.subarray(0, at), junk, zip.subarray(at)]), what: `insert ${junk.length} bytes at ${at}` }
  }
  if (op === 2) {
    const at = int(r, zip.length)
    const len = 1 + int(r, 64)
    return { bytes: Buffer.concat([zip.subarray(0, at), zip.subarray(at + len)]), what: `delete ${len} bytes at ${at}` }
  }
  if (op === 3) return { bytes: zip.subarray(0, int(r, zip.length)), what: 'truncate' }
  if (op === 4) {
    const size = pick(r, [0, 1, Math.floor(e.size / 2), e.size * 1000, 0xffffffff])
    return out(entries.map((x, k) => (k === i ? { ...x, size } : x)), `${e.name}: declared size ${size}`)
  }
  if (op === 5) {
    const method = pick(r, [0, 1, 9, 12, 14, 99])
    return out(entries.map((x, k) => (k === i ? { ...x, method } : x)), `${e.name}: method ${method}`)
  }
  if (op === 6) {
    const name = pick(r, ['', '/', '../x.xml', 'xl/workbook.xml', e.name.toUpperCase(), e.name + '\u0000', 'x'.repeat(300)])
    return out(entries.map((x, k) => (k === i ? { ...x, name } : x)), `${e.name}: renamed ${JSON.stringify(name)}`)
  }
  if (op === 7) return out([...entries, { ...e, data: deflateRawSync(Buffer.from('<x/>')), size: 4, crc: crc32(Buffer.from('<x/>')) }], `${e.name}: duplicated`)
  return out(entries.filter((_, k) => k !== i), `${e.name}: dropped`)
}

/** The `index`-th mutant of `seedBytes` under `seed`. CSV files get byte-level mutations only. */
export function mutant(seedBytes: Buffer, seed: number, index: number): Mutant {
  const r = prng((seed * 1_000_003 + index * 7919) >>> 0)
  let entries: RawEntry[] | null = null
  try {
    entries = seedBytes.subarray(0, 2).toString() === 'PK' ? readRawZip(seedBytes) : null
  } catch {
    entries = null
  }
  if (!entries) {
    const { text, what } = mutateText(r, seedBytes.toString('latin1'))
    return { bytes: Buffer.from(text, 'latin1'), what: `bytes: ${what}` }
  }
  // a part too big to rewrite cheaply (the zip-bomb fixture's 300 MB sheet) gets zip-level mutations only
  const xmlParts = entries.filter((e) => XML_PARTS.some((p) => p.test(e.name)) && (e.method === 0 || e.method === 8) && e.size <= 16 * 1024 * 1024)
  if (r() < 0.55 && xmlParts.length) {
    const part = pick(r, xmlParts)
    let text: string
    try {
      text = entryText(part)
    } catch {
      return mutateZip(r, seedBytes, entries)
    }
    const m = mutateText(r, text)
    return { bytes: writeRawZip(entries.map((e) => (e === part ? rawEntry(e.name, m.text) : e))), what: `${part.name}: ${m.what}` }
  }
  return mutateZip(r, seedBytes, entries)
}
