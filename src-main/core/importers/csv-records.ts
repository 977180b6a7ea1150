import type { Readable } from 'node:stream'
import { StringDecoder } from 'node:string_decoder'

/**
 * A streaming CSV parser (RFC 4180 plus what Excel writes): UTF-8 or UTF-16 byte-order marks,
 * `,` `;` or tab delimiters sniffed from the first line that has any (Excel in Indonesian locales
 * writes `;`), Excel's `sep=;` hint line, quoted fields with embedded newlines and doubled quotes,
 * CRLF or LF. Memory is bounded by the longest record, never the file.
 */

export interface CsvRecord {
  /** 1-based record number: the row Excel would show this record on */
  recordNumber: number
  fields: string[]
}

export type Delimiter = ',' | ';' | '\t'
const CANDIDATES: Delimiter[] = [',', ';', '\t']

/** Counts candidate delimiters outside quotes in the first line that has any. */
export function sniffDelimiter(text: string): Delimiter {
  let inQuotes = false
  const counts = new Map<Delimiter, number>(CANDIDATES.map((d) => [d, 0]))
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (ch === '"') inQuotes = !inQuotes
    else if (!inQuotes && (ch === '\n' || ch === '\r')) {
      if ([...counts.values()].some((n) => n > 0)) break
    } else if (!inQuotes && counts.has(ch as Delimiter)) counts.set(ch as Delimiter, counts.get(ch as Delimiter)! + 1)
  }
  let best: Delimiter = ','
  for (const d of CANDIDATES) if (counts.get(d)! > counts.get(best)!) best = d
  return best
}

/** A record longer than this is refused: usually a quote opened and never closed, swallowing the file. */
export const MAX_RECORD_CHARS = 16 * 1024 * 1024

/** How many bytes are inspected to sniff the encoding and delimiter. */
const SNIFF_BYTES = 64 * 1024

/** Records one at a time (convenient); the importer uses readCsvRecordBatches (one await per chunk). */
export async function* readCsvRecords(input: Readable): AsyncGenerator<CsvRecord> {
  for await (const batch of readCsvRecordBatches(input)) yield* batch
}

export async function* readCsvRecordBatches(input: Readable): AsyncGenerator<CsvRecord[]> {
  const state: { decoder: StringDecoder | null } = { decoder: null }
  let delimiter: Delimiter | null = null
  let head: Buffer[] = []
  let headBytes = 0

  let fields: string[] = []
  let field = ''
  let inQuotes = false
  let quoteJustClosed = false
  // a quote ended a chunk: is it a closing quote or the first half of a doubled one?
  let pendingQuote = false
  let recordNumber = 0
  let lastWasCR = false

  const records: CsvRecord[] = []
  const endField = (): void => {
    fields.push(field)
    field = ''
    quoteJustClosed = false
  }
  const endRecord = (): void => {
    endField()
    recordNumber++
    records.push({ recordNumber, fields })
    fields = []
    recordChars = 0
  }

  function* drain(): Generator<CsvRecord[]> {
    if (records.length) yield records.splice(0, records.length)
  }

  let recordChars = 0
  const parse = (text: string): void => {
    recordChars += text.length
    if (recordChars > MAX_RECORD_CHARS) {
      const hint = inQuotes ? '; a quote (") opened in it is probably never closed' : ''
      throw new Error(`row ${recordNumber + 1} is longer than ${MAX_RECORD_CHARS / 1024 / 1024} MB${hint}`)
    }
    for (let i = 0; i < text.length; i++) {
      const ch = text[i]
      if (lastWasCR) {
        lastWasCR = false
        if (ch === '\n') continue
      }
      if (inQuotes) {
        if (ch === '"') {
          if (text[i + 1] === '"') {
            field += '"'
            i++
          } else if (i + 1 === text.length) {
            // a quote at the very end of a chunk: decide when the next chunk arrives
            pendingQuote = true
          } else {
            inQuotes = false
            quoteJustClosed = true
          }
        } else {
          // copy the run up to the next quote in one go
          const next = text.indexOf('"', i)
          const end = next < 0 ? text.length : next
          field += text.slice(i, end)
          i = end - 1
        }
        continue
      }
      if (ch === '"' && field === '' && !quoteJustClosed) {
        inQuotes = true
      } else if (ch === delimiter) {
        endField()
      } else if (ch === '\n') {
        endRecord()
      } else if (ch === '\r') {
        endRecord()
        lastWasCR = true
      } else {
        // plain text (and text after a closing quote, `"a"b`, kept as Excel does): copy the run
        let end = i + 1
        while (end < text.length) {
          const c = text[end]
          if (c === delimiter || c === '\n' || c === '\r' || c === '"') break
          end++
        }
        field += text.slice(i, end)
        i = end - 1
      }
    }
  }
  const feed = (text: string): void => {
    if (pendingQuote) {
      pendingQuote = false
      if (text[0] === '"') {
        field += '"'
        text = text.slice(1)
      } else {
        inQuotes = false
        quoteJustClosed = true
      }
    }
    parse(text)
  }

  const start = (buf: Buffer): void => {
    let offset = 0
    if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) offset = 3
    let encoding: BufferEncoding = 'utf8'
    if (buf[0] === 0xff && buf[1] === 0xfe) {
      encoding = 'utf16le'
      offset = 2
    }
    const decoder = new StringDecoder(encoding)
    state.decoder = decoder
    let text = decoder.write(buf.subarray(offset))
    const hint = /^sep=(.)\r?\n/i.exec(text)
    if (hint && CANDIDATES.includes(hint[1] as Delimiter)) {
      delimiter = hint[1] as Delimiter
      text = text.slice(hint[0].length)
      recordNumber++ // Excel shows the hint line as row 1
    } else {
      delimiter = sniffDelimiter(text)
    }
    feed(text)
  }

  for await (const chunk of input) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer)
    if (!state.decoder) {
      head.push(buf)
      headBytes += buf.length
      if (headBytes < SNIFF_BYTES) continue
      start(Buffer.concat(head))
      head = []
    } else {
      feed(state.decoder.write(buf))
    }
    yield* drain()
  }
  if (!state.decoder && headBytes > 0) start(Buffer.concat(head))
  if (state.decoder) feed(state.decoder.end())
  if (pendingQuote) {
    inQuotes = false
    pendingQuote = false
  }
  if (field !== '' || fields.length > 0 || inQuotes) endRecord()
  yield* drain()
}
