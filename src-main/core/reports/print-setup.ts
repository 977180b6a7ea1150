import type { CellPrimitive } from './cell-safety'
import type { ColumnSpec } from './column-cells'

/**
 * How a report sheet prints, decided once per sheet for both xlsx writers (rekap's own and
 * exceljs's): A4, every column on the page's width (fit to width, as many pages down as it
 * needs), landscape when the columns are wider than a portrait page, the header row repeated on
 * every page of a table, and the summary on one page whole (its labels beside their values).
 */
export interface PrintSetup {
  landscape: boolean
  /** pages down the sheet may take: 0 = as many as needed, 1 = the whole sheet on one page */
  fitToHeight: 0 | 1
  /** row 1 printed on top of every page */
  repeatHeader: boolean
}

/** Characters of Calibri 11 across an A4 portrait page inside the margins, at 100%. */
const PORTRAIT_CHARS = 100

/** Word-wrapped columns: free text whose column has a fixed width of at least this many characters. */
const WRAP_FROM_WIDTH = 40

export const PAPER_A4 = 9
/** inches: narrower than Excel's default 0.7, so more of a wide sheet fits a page */
export const MARGINS = { left: 0.4, right: 0.4, top: 0.5, bottom: 0.5, header: 0.3, footer: 0.3 }

export function printSetup(widths: readonly number[], opts: { table: boolean; onePage: boolean }): PrintSetup {
  const total = widths.reduce((a, b) => a + b, 0)
  return { landscape: !opts.onePage && total > PORTRAIT_CHARS, fitToHeight: opts.onePage ? 1 : 0, repeatHeader: opts.table }
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
    for (const part of v.split('\n')) n += Math.max(1, Math.ceil(part.length / fits))
    if (n > lines) lines = n
  }
  return lines > 1 ? Math.min(409, lines * LINE_PT) : 0
}
