import type { Readable } from 'node:stream'

import { columnLetter } from './column-letters'
import { csvDecoder, NotUtf8Error, type TextDecoderLike } from './csv-encoding'
import { MAX_COLUMNS, MAX_ROWS } from './grid-limits'
import { FORBIDDEN_RAW } from './xml-attributes'

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

/**
 * A quote opened and never closed, its field running over a line end to the end of the file: Excel
 * would put every row after it into that one cell, so the file is refused, naming where the quote
 * opened (row and 0-based column), rather than read as fewer rows.
 */
export class CsvQuoteError extends Error {
  override readonly name = 'CsvQuoteError'
  constructor(
    readonly row: number,
    readonly column: number,
  ) {
    super(`row ${row}, column ${column + 1}: a quote (") opened here is never closed`)
  }
}

/** Bytes that are not UTF-8 in a file that began as UTF-8 (row and 0-based column where they are). */
export class CsvEncodingError extends Error {
  override readonly name = 'CsvEncodingError'
  constructor(
    readonly row: number,
    readonly column: number,
  ) {
    super(`row ${row}, column ${column + 1}: bytes that are not UTF-8`)
  }
}

/** A row beyond Excel's last (1,048,576): no sheet holds it, and nothing else bounded a CSV's length. */
export class CsvTooManyRowsError extends Error {
  override readonly name = 'CsvTooManyRowsError'
  constructor() {
    super(`more than ${MAX_ROWS} rows`)
  }
}

/**
 * A character XML forbids (NUL, ESC, another C0 control but tab/LF/CR; U+FFFE/U+FFFF) in a field: no
 * report cell can hold it (it would be dropped in silence) and an .xlsx cell holding one is refused,
 * so the row is refused naming the row, the 0-based column and the character ("U+0000").
 */
export class CsvBadCharacterError extends Error {
  override readonly name = 'CsvBadCharacterError'
  constructor(
    readonly row: number,
    readonly column: number,
    readonly what: string,
  ) {
    super(`row ${row}, column ${column + 1}: holds ${what}, a control character no report cell can hold`)
  }
}

/** A row of more than MAX_COLUMNS fields: not damage, a file too wide for any sheet. */
export class CsvTooWideError extends Error {
  override readonly name = 'CsvTooWideError'
  constructor(readonly row: number) {
    super(`row ${row} has more than ${MAX_COLUMNS} columns`)
  }

  /** the first cell beyond column XFD, as Excel would name it ("XFE3") */
  get ref(): string {
    return `${columnLetter(MAX_COLUMNS)}${this.row}`
  }
}

/** A record over MAX_RECORD_CHARS; `quoteOpen`: a quote opened in it is still open (probably never closed). */
export class CsvRowTooLongError extends Error {
  override readonly name = 'CsvRowTooLongError'
  constructor(
    readonly row: number,
    readonly quoteOpen: boolean,
  ) {
    super(`row ${row} is longer than ${MAX_RECORD_CHARS / 1024 / 1024} MB${quoteOpen ? '; a quote (") opened in it is probably never closed' : ''}`)
  }
}

/** A record longer than this is refused: usually a quote opened and never closed, swallowing the file. */
export const MAX_RECORD_CHARS = 16 * 1024 * 1024

/** How many bytes are inspected to sniff the encoding and delimiter. */
const SNIFF_BYTES = 64 * 1024

/** Records one at a time (convenient); the importer uses readCsvRecordBatches (one await per chunk). */
export async function* readCsvRecords(input: Readable): AsyncGenerator<CsvRecord> {
  for await (const batch of readCsvRecordBatches(input)) yield* batch
}

/**
 * The CSV state machine over decoded text: quotes (a doubled one split across chunks too),
 * separators, line ends and the per-record size cap. Completed records wait in `records`.
 */
class CsvStateMachine {
  delimiter: Delimiter | null = null
  recordNumber = 0
  private fields: string[] = []
  private field = ''
  private inQuotes = false
  private quoteJustClosed = false
  // a quote ended a chunk: is it a closing quote or the first half of a doubled one?
  private pendingQuote = false
  private lastWasCR = false
  /** where the quote of the field being read opened (row, 0-based column) */
  private quoteAt = { row: 0, column: 0 }
  private recordChars = 0
  private readonly records: CsvRecord[] = []

  private endField(): void {
    // Excel's grid ends at column XFD: no sheet holds a wider row
    if (this.fields.length === MAX_COLUMNS) throw new CsvTooWideError(this.recordNumber + 1)
    this.fields.push(this.field)
    this.field = ''
    this.quoteJustClosed = false
  }

  private endRecord(): void {
    if (this.recordNumber === MAX_ROWS) throw new CsvTooManyRowsError()
    this.endField()
    this.recordNumber++
    this.records.push({ recordNumber: this.recordNumber, fields: this.fields })
    this.fields = []
    this.recordChars = 0
  }

  /** Where the reading is: the row being read and the 0-based column of the field being read. */
  get position(): { row: number; column: number } {
    return { row: this.recordNumber + 1, column: this.fields.length }
  }

  /** Decoded text in: bytes that are not UTF-8 stop the reading, naming where they are. */
  feedDecoded(decode: () => string): void {
    try {
      this.feed(decode())
    } catch (err) {
      if (!(err instanceof NotUtf8Error)) throw err
      this.feed(err.before)
      throw new CsvEncodingError(this.position.row, this.position.column)
    }
  }

  /** The records completed so far, as one batch (none when there are none). */
  *drain(): Generator<CsvRecord[]> {
    if (this.records.length) yield this.records.splice(0, this.records.length)
  }

  private parse(text: string): void {
    const delimiter = this.delimiter
    this.recordChars += text.length
    if (this.recordChars > MAX_RECORD_CHARS) throw new CsvRowTooLongError(this.recordNumber + 1, this.inQuotes)
    for (let i = 0; i < text.length; i++) {
      const ch = text[i]
      if (this.lastWasCR) {
        this.lastWasCR = false
        if (ch === '\n') continue
      }
      if (this.inQuotes) {
        if (ch === '"') {
          if (text[i + 1] === '"') {
            this.field += '"'
            i++
          } else if (i + 1 === text.length) {
            // a quote at the very end of a chunk: decide when the next chunk arrives
            this.pendingQuote = true
          } else {
            this.inQuotes = false
            this.quoteJustClosed = true
          }
        } else {
          // copy the run up to the next quote in one go
          const next = text.indexOf('"', i)
          const end = next < 0 ? text.length : next
          this.field += text.slice(i, end)
          i = end - 1
        }
        continue
      }
      if (ch === '"' && this.field === '' && !this.quoteJustClosed) {
        this.inQuotes = true
        this.quoteAt = { row: this.recordNumber + 1, column: this.fields.length }
      } else if (ch === delimiter) {
        this.endField()
      } else if (ch === '\n') {
        this.endRecord()
      } else if (ch === '\r') {
        this.endRecord()
        this.lastWasCR = true
      } else {
        // plain text (and text after a closing quote, `"a"b`, kept as Excel does): copy the run
        let end = i + 1
        while (end < text.length) {
          const c = text[end]
          if (c === delimiter || c === '\n' || c === '\r' || c === '"') break
          end++
        }
        this.field += text.slice(i, end)
        i = end - 1
      }
    }
  }

  feed(text: string): void {
    if (this.pendingQuote) {
      this.pendingQuote = false
      if (text[0] === '"') {
        this.field += '"'
        text = text.slice(1)
      } else {
        this.inQuotes = false
        this.quoteJustClosed = true
      }
    }
    // one search per chunk (most have none): the text before a forbidden character is read, so the
    // refusal names the row and column it stands in
    const bad = FORBIDDEN_RAW.exec(text)
    if (bad) {
      this.parse(text.slice(0, bad.index))
      const what = `U+${bad[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`
      throw new CsvBadCharacterError(this.position.row, this.position.column, what)
    }
    this.parse(text)
  }

  /**
   * End of input: a quote left pending closes its field, and a last record without a line end counts.
   * A quote still open refuses the file when its field swallowed a line end (rows would be lost); on
   * the last line alone it reads as Excel reads it.
   */
  finish(): void {
    if (this.pendingQuote) {
      this.inQuotes = false
      this.pendingQuote = false
    }
    if (this.inQuotes && /[\r\n]/.test(this.field)) throw new CsvQuoteError(this.quoteAt.row, this.quoteAt.column)
    if (this.field !== '' || this.fields.length > 0 || this.inQuotes) this.endRecord()
  }
}

/** The first bytes' encoding (byte-order mark), decoded, and the delimiter (Excel's `sep=` hint line, else sniffed). */
function openText(buf: Buffer): { decoder: TextDecoderLike; text: string; delimiter: Delimiter; hintLine: boolean } {
  const { decoder, offset } = csvDecoder(buf)
  const text = decoder.write(buf.subarray(offset))
  const hint = /^sep=(.)\r?\n/i.exec(text)
  if (hint && CANDIDATES.includes(hint[1] as Delimiter)) {
    return { decoder, text: text.slice(hint[0].length), delimiter: hint[1] as Delimiter, hintLine: true }
  }
  return { decoder, text, delimiter: sniffDelimiter(text), hintLine: false }
}

export async function* readCsvRecordBatches(input: Readable): AsyncGenerator<CsvRecord[]> {
  const state: { decoder: TextDecoderLike | null } = { decoder: null }
  const csv = new CsvStateMachine()
  let head: Buffer[] = []
  let headBytes = 0

  const start = (buf: Buffer): void => {
    const opened = openText(buf)
    state.decoder = opened.decoder
    csv.delimiter = opened.delimiter
    if (opened.hintLine) csv.recordNumber++ // Excel shows the hint line as row 1
    csv.feedDecoded(() => opened.text)
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
      csv.feedDecoded(() => state.decoder!.write(buf))
    }
    yield* csv.drain()
  }
  if (!state.decoder && headBytes > 0) start(Buffer.concat(head))
  if (state.decoder) csv.feedDecoded(() => state.decoder!.end())
  csv.finish()
  yield* csv.drain()
}
