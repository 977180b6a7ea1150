import { StringDecoder } from 'node:string_decoder'
import type { Readable } from 'node:stream'

import { decodeXmlEntities, elementRanges } from './xml-attributes'

/**
 * A workbook's shared-string table, kept compact. A 1,000,000-row sheet has millions of shared
 * strings: as one JS string each (plus the 87 MB XML text they were sliced from, which a sliced
 * string keeps alive) they held ~285 MB of heap for the whole plan (bench/plan-memory.ts). Here the
 * texts of 4,096 items are joined into one string and each item is found by its end offset, so the
 * table costs its characters and 4 bytes an item; an item's string is made when a cell asks for it.
 */
export class SharedStringTable {
  private static readonly PER_CHUNK = 4096
  private readonly chunks: string[] = []
  /** where each item ends in its chunk (it starts where the previous item of the chunk ends) */
  private ends = new Uint32Array(4096)
  private pending: string[] = []
  private pendingChars = 0
  private count = 0

  get length(): number {
    return this.count
  }

  push(text: string): void {
    if (this.count === this.ends.length) {
      const grown = new Uint32Array(this.ends.length * 2)
      grown.set(this.ends)
      this.ends = grown
    }
    this.pending.push(text)
    this.pendingChars += text.length
    this.ends[this.count++] = this.pendingChars
    if (this.pending.length === SharedStringTable.PER_CHUNK) this.seal()
  }

  /** Joins the pending texts into one flat string (the texts and what they were sliced from can go). */
  seal(): void {
    if (this.pending.length === 0) return
    this.chunks.push(this.pending.join(''))
    this.pending = []
    this.pendingChars = 0
  }

  get(index: number): string | undefined {
    if (!Number.isInteger(index) || index < 0 || index >= this.count) return undefined
    const chunk = Math.floor(index / SharedStringTable.PER_CHUNK)
    if (chunk === this.chunks.length) return this.pending[index - chunk * SharedStringTable.PER_CHUNK]
    const start = index % SharedStringTable.PER_CHUNK === 0 ? 0 : this.ends[index - 1]
    return this.chunks[chunk].slice(start, this.ends[index])
  }
}

/** Where the last end tag of `localName` (any prefix: `</si>`, `</x:si>`) in `text` ends; 0 if none. */
export function lastEndTagEnd(text: string, localName: string): number {
  const needle = `${localName}>`
  for (let at = text.lastIndexOf(needle); at > 0; at = text.lastIndexOf(needle, at - 1)) {
    let lt = at - 1
    if (text[lt] === ':') {
      lt--
      while (lt > 0 && /[\w.-]/.test(text[lt])) lt--
    }
    if (text[lt] === '/' && text[lt - 1] === '<') return at + needle.length
  }
  return 0
}

/** One `<si>` may hold no more XML than a sheet row may (sheet-row-scanner.ts): no cell needs more. */
export const MAX_STRING_ITEM_CHARS = 16 * 1024 * 1024

/** A shared-string item (or what lies between two) longer than MAX_STRING_ITEM_CHARS; `part` is set by whoever knows it. */
export class StringItemTooLongError extends Error {
  override readonly name = 'StringItemTooLongError'
  part = 'xl/sharedStrings.xml'
  constructor() {
    super(`a shared string holds more than ${MAX_STRING_ITEM_CHARS / 1024 / 1024} MB of XML`)
  }
}

/** How far back from a new chunk an end tag split across chunks (`</x:s` + `i>`) may start. */
const END_TAG_CARRY = 256

/**
 * The inner XML of each `<si>` of a shared-string part, read from a stream in windows of about
 * `windowChars` characters, so the part's text is never held whole; one array per window (an await
 * per item cost a microtask for each of millions of items). A window is cut after its last `</si>`:
 * every item that starts before the cut also ends before it, so the items are the ones a scan of the
 * whole text finds (elementRanges, with `<si/>` as an empty item). Each chunk is searched for end
 * tags once, as it arrives: searching the whole window again per chunk made one 195 MB item run for
 * minutes; an item beyond MAX_STRING_ITEM_CHARS is refused.
 */
export async function* sharedStringItems(xml: Readable, windowChars = 1 << 20): AsyncGenerator<string[]> {
  const decoder = new StringDecoder('utf8')
  let pieces: string[] = []
  let length = 0
  let cut = 0 // where the last end tag seen so far ends, in the window
  const take = (upTo: number): string[] => {
    const text = pieces.join('')
    const part = text.slice(0, upTo)
    pieces = [text.slice(upTo)]
    length = pieces[0].length
    return Array.from(elementRanges(part, 'si', true), (si) => part.slice(si.innerStart, si.innerEnd))
  }
  for await (const chunk of xml) {
    const decoded = decoder.write(chunk as Buffer)
    const tail = pieces.length ? pieces[pieces.length - 1].slice(-END_TAG_CARRY) : ''
    const end = lastEndTagEnd(tail + decoded, 'si')
    if (end > 0) cut = length - tail.length + end
    pieces.push(decoded)
    length += decoded.length
    if (length - cut > MAX_STRING_ITEM_CHARS) throw new StringItemTooLongError()
    if (length < windowChars || cut === 0) continue
    yield take(cut)
    cut = 0
  }
  pieces.push(decoder.end())
  yield take(Number.POSITIVE_INFINITY)
}

/** Joins the text runs of one `<si>` (or `<is>`), leaving out phonetic guides (`<rPh>`). */
export function stringItemText(inner: string): string {
  // fast path, by far the most common: one plain <t> run
  if (inner.startsWith('<t') && inner.indexOf('</t>') === inner.length - 4) {
    const gt = inner.indexOf('>')
    if (inner[gt - 1] !== '/' && (gt === 2 || inner[2] === ' ')) return decodeXmlEntities(inner.slice(gt + 1, -4))
  }
  const phonetic = inner.includes('<rPh') ? [...elementRanges(inner, 'rPh')] : []
  let text = ''
  let k = 0
  for (const t of elementRanges(inner, 't')) {
    while (k < phonetic.length && phonetic[k].innerEnd < t.start) k++
    if (k < phonetic.length && phonetic[k].start < t.start) continue // a guide's own text
    text += inner.slice(t.innerStart, t.innerEnd)
  }
  return decodeXmlEntities(text)
}
