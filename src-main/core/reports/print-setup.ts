import type { CellPrimitive } from './cell-safety'
import type { ColumnSpec } from './column-cells'

/**
 * How a report sheet prints, decided once per sheet for both xlsx writers (rekap's own and
 * exceljs's): A4, landscape when the columns are wider than a portrait page, every column on the
 * page's width (fit to width, as many pages down as it needs), the header row repeated on every
 * page of a table, and the summary on one page whole (its labels beside their values).
 * A sheet so wide that fitting it on one page's width would shrink the text below MIN_FIT_SCALE
 * (a hospital record has 30 columns) is fitted to as few pages across as keep it above that, its
 * key columns (the input's and the outcome) repeated at the left of each, so every page says which
 * row it is.
 */
export interface PrintSetup {
  landscape: boolean
  /** the columns fitted to this many pages across (1: the page's width) */
  pagesAcross: number
  /** pages down the sheet may take: 0 = as many as needed, 1 = the whole sheet on one page */
  fitToHeight: 0 | 1
  /** row 1 printed on top of every page */
  repeatHeader: boolean
  /** columns A.. printed at the left of every page across (0: none) */
  repeatColumns: number
}

/** The smallest scale a fitted sheet may print at (11 pt text prints at 6.6 pt). */
export const MIN_FIT_SCALE = 0.6
/** points across A4 inside the margins: 8.27 in and 11.69 in less 0.8 in of margins */
const PAGE_PT = { portrait: (8.27 - 0.8) * 72, landscape: (11.69 - 0.8) * 72 }
/** a column of width w (characters) is 7w + 5 pixels, 0.75 point each */
const columnPt = (w: number): number => (7 * w + 5) * 0.75

/** Characters of Calibri 11 across an A4 portrait page inside the margins, at 100%. */
const PORTRAIT_CHARS = 100

/** Word-wrapped columns: free text whose column has a fixed width of at least this many characters. */
const WRAP_FROM_WIDTH = 40

export const PAPER_A4 = 9
/** inches: narrower than Excel's default 0.7, so more of a wide sheet fits a page */
export const MARGINS = { left: 0.4, right: 0.4, top: 0.5, bottom: 0.5, header: 0.3, footer: 0.3 }

/** The key columns of a sheet: its own say, else up to the outcome column (the input's and the verdict). */
export function keyColumnsOf(opts: { keyColumns?: number; outcomeColumn?: number }): number {
  return opts.keyColumns ?? (opts.outcomeColumn ?? 0) + 1
}

/** `A:C` for the first n columns. */
export function columnSpan(n: number, letter: (i: number) => string): string {
  return `${letter(0)}:${letter(n - 1)}`
}

export function printSetup(widths: readonly number[], opts: { table: boolean; onePage: boolean; keyColumns?: number }): PrintSetup {
  const total = widths.reduce((a, b) => a + b, 0)
  const landscape = !opts.onePage && total > PORTRAIT_CHARS
  const fitted = { landscape, pagesAcross: 1, fitToHeight: opts.onePage ? 1 : 0, repeatHeader: opts.table, repeatColumns: 0 } as const
  if (opts.onePage || !opts.table) return fitted
  const page = landscape ? PAGE_PT.landscape : PAGE_PT.portrait
  const wide = widths.reduce((a, w) => a + columnPt(w), 0)
  if (page / wide >= MIN_FIT_SCALE) return fitted
  // as many key columns as leave most of each page to the others (No, NIK, Nama of a face report)
  let keys = Math.max(0, Math.min(opts.keyColumns ?? 1, widths.length - 1))
  const keyPt = (n: number): number => widths.slice(0, n).reduce((a, w) => a + columnPt(w), 0) * MIN_FIT_SCALE
  while (keys > 0 && keyPt(keys) > page * 0.4) keys--
  // each page holds the key columns and its share of the others (pages break between columns: one spare)
  const share = page - keyPt(keys)
  const pagesAcross = Math.ceil(((wide * MIN_FIT_SCALE - keyPt(keys)) / share) * 1.1)
  return { ...fitted, pagesAcross: Math.max(2, pagesAcross), repeatColumns: keys }
}

/** Long free text (notes, addresses, services, the summary's values) wraps inside its column instead of printing over the next. */
export function wrapsText(c: ColumnSpec): boolean {
  return c.wrap ?? ((c.kind === 'text' || c.kind === 'auto') && (c.width ?? 0) >= WRAP_FROM_WIDTH)
}

/** Points per line of Calibri 11 (Excel's default row height). */
const LINE_PT = 15
const CHARS_PER_WIDTH = 1.2

/**
 * The height a row needs for its wrapped cells, in points, or 0 when one line will do. Written
 * into the row: neither Excel nor LibreOffice grows a row for wrapped text on opening a file, so
 * without it a long note prints over the rows below. Only the wrapped columns are looked at.
 */
export function wrappedRowHeight(cells: readonly CellPrimitive[], wrapCols: readonly number[], widths: readonly number[]): number {
  let lines = 1
  for (const i of wrapCols) {
    const v = cells[i]
    // a width counts digit widths; ordinary text is narrower (about 1.2 characters a digit)
    const fits = widths[i] * CHARS_PER_WIDTH
    if (typeof v !== 'string' || (v.length <= fits && v.indexOf('\n') < 0)) continue
    let n = 0
    for (const part of v.split('\n')) n += part.length <= fits ? 1 : wordWrapLines(part, fits)
    if (n > lines) lines = n
  }
  return lines > 1 ? Math.min(409, lines * LINE_PT) : 0
}

/**
 * The lines a text takes wrapped at `fits` characters as Excel and LibreOffice wrap it: a word
 * that does not fit on the line goes whole to the next one (so a line holds less than `fits`).
 * A word longer than a line (a signature's or key's base64) is given a line more than its length
 * needs: LibreOffice breaks it after a '/' or before a '+' and fits fewer of its wide capitals than
 * the average (counted exactly, a signature was printed over the key below it in about one report
 * in three).
 */
function wordWrapLines(text: string, fits: number): number {
  let lines = 1
  let used = 0
  for (const word of text.split(' ')) {
    if (used > 0 && used + 1 + word.length <= fits) {
      used += 1 + word.length
      continue
    }
    if (used > 0) lines++
    if (word.length <= fits) {
      used = word.length
      continue
    }
    lines += Math.ceil(word.length / fits)
    used = fits
  }
  return lines
}
