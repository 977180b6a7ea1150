/**
 * Cuts a sheet's XML, arriving in chunks, into the text of its complete `<row>` elements, in time
 * linear in the XML's length whatever it holds. Each search looks only at text it has not looked at
 * (a 30 MB cell once made every chunk search the whole buffer again: minutes), text that belongs to
 * an open row is kept as pieces and joined once when the row ends, and a row is refused beyond a
 * bound instead of buffered. Self-closing `<row r="5"/>` (a row with only a height) costs nothing.
 */

/** One row's XML beyond this is refused (far above any real row: Excel's rows hold shared-string indexes). */
export const MAX_ROW_CHARS = 16 * 1024 * 1024

export class RowTooLongError extends Error {
  override readonly name = 'RowTooLongError'
  constructor(readonly row: string) {
    super(`row ${row} holds more than ${MAX_ROW_CHARS / 1024 / 1024} MB of XML; the sheet is damaged or not a real spreadsheet`)
  }
}

export class UnclosedRowError extends Error {
  override readonly name = 'UnclosedRowError'
  constructor(readonly row: string) {
    super(`row ${row} never ends: the sheet's XML stops inside it (the sheet is damaged or cut short)`)
  }
}

type Mode = 'seek' | 'tag' | 'body'

/** The number a row's start tag says (`r="12"`), as written; '' when it says none. */
function rowAttr(tag: string): string {
  return /\sr="([^"]{0,32})"/.exec(tag)?.[1] ?? ''
}

export class RowScanner {
  /** flat text not yet consumed; while a row is open it starts at that row's "<row" */
  private text = ''
  /** text of an open row that arrived after `text`, not joined until the row's end is seen */
  private pieces: string[] = []
  private piecesChars = 0
  private mode: Mode = 'seek'
  /** where in `text` the current search resumes */
  private from = 0
  /** the open row's start tag (known from mode 'body') */
  private rowTag = ''
  /** the last row number seen, for the message about a row whose own tag is still arriving */
  lastRow = ''

  /** Adds a chunk; calls `onRow` with each complete row's XML (from "<row" up to, not including, "</row>"). */
  push(chunk: string, onRow: (rowXml: string, startTag: string) => void): void {
    if (this.mode !== 'seek' && this.pieces.length + this.text.length > 0 && !this.closesIn(chunk)) {
      this.pieces.push(chunk)
      this.piecesChars += chunk.length
      if (this.text.length + this.piecesChars > MAX_ROW_CHARS) throw new RowTooLongError(this.openRowName())
      return
    }
    if (this.pieces.length) {
      this.text += this.pieces.join('')
      this.pieces = []
      this.piecesChars = 0
    }
    this.text += chunk
    this.scan(onRow)
  }

  /** The end of the stream: inside an open row means the sheet was cut short. */
  finish(): void {
    if (this.mode !== 'seek') throw new UnclosedRowError(this.openRowName())
  }

  private openRowName(): string {
    return (this.mode === 'body' ? rowAttr(this.rowTag) : '') || `after ${this.lastRow || 'the first'}`
  }

  /** Does the awaited token ('>' or '</row>') occur in the new chunk (or across its joint)? */
  private closesIn(chunk: string): boolean {
    const token = this.mode === 'tag' ? '>' : '</row>'
    const last = this.pieces.length ? this.pieces[this.pieces.length - 1] : this.text
    const tail = token.length > 1 ? last.slice(-(token.length - 1)) : ''
    return (tail + chunk).includes(token)
  }

  private scan(onRow: (rowXml: string, startTag: string) => void): void {
    const text = this.text
    let consumed = 0
    for (;;) {
      if (this.mode === 'seek') {
        const at = nextRowStart(text, this.from)
        if (at < 0) {
          // keep a tail that may hold the start of a split "<row" (or "<row" whose next character decides)
          this.from = consumed = Math.max(consumed, text.length - 4)
          break
        }
        consumed = at
        this.mode = 'tag'
        this.from = at + 4
      }
      if (this.mode === 'tag') {
        const gt = text.indexOf('>', this.from)
        if (gt < 0) {
          this.from = text.length
          break
        }
        this.rowTag = text.slice(consumed, gt + 1)
        if (text[gt - 1] === '/') {
          this.lastRow = rowAttr(this.rowTag) || this.lastRow
          this.mode = 'seek'
          this.from = consumed = gt + 1
          continue
        }
        this.mode = 'body'
        this.from = gt + 1
      }
      const end = text.indexOf('</row>', this.from)
      if (end < 0) {
        this.from = Math.max(this.from, text.length - 5)
        break
      }
      onRow(text.slice(consumed, end), this.rowTag)
      this.lastRow = rowAttr(this.rowTag) || this.lastRow
      this.mode = 'seek'
      this.from = consumed = end + 6
    }
    if (this.mode !== 'seek' && text.length - consumed > MAX_ROW_CHARS) throw new RowTooLongError(this.openRowName())
    this.text = text.slice(consumed)
    this.from -= consumed
  }
}

/** Index of the next "<row" start tag (not "<rowBreaks"); -1 if none (or one that ends the text, undecided yet). */
function nextRowStart(text: string, from: number): number {
  for (let i = text.indexOf('<row', from); i >= 0; i = text.indexOf('<row', i + 4)) {
    if (i + 4 >= text.length) return -1
    const c = text.charCodeAt(i + 4)
    if (c === 0x20 || c === 0x3e || c === 0x2f || c === 0x09 || c === 0x0a || c === 0x0d) return i
  }
  return -1
}
