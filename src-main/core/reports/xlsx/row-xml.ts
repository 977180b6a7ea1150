import type { CellPrimitive } from '../cell-safety'
import { blankEdge, xmlEscape } from './xml-text'
import { isDayOnly } from '../report-time'

/**
 * A worksheet row's XML from its cells. Pure and made of plain data, so the same function writes
 * a row on the thread that read it or on the zip thread (./zip-thread.ts) that a large report
 * hands its rows to: the bytes are the same either way.
 */

/** Days between Excel's 1900 epoch (as Excel counts, with its leap-year bug) and 1970-01-01. */
const EXCEL_EPOCH_OFFSET_DAYS = 25569
const MS_PER_DAY = 86_400_000

/** Per column: the start of a cell's XML up to the row number, its style ids, and the XML after the row number. */
export interface ColumnXml {
  /** '<c r="B' */
  open: string
  base: number
  date: number
  /** the style of a Date at midnight (a day with no time): `date` except in the user's columns */
  day: number
  bold: number
  boldDate: number
  boldDay: number
  /** what follows the row number, per value type, for a plain and a bold row */
  after: { plain: CellXmlAfter; bold: CellXmlAfter }
}

export interface CellXmlAfter {
  /** up to the text of an inline string: `" s="3" t="inlineStr"><is><t>` */
  text: string
  /** the same with xml:space="preserve", for a text with a blank at either end */
  textBlank: string
  number: string
  boolean: string
  date: string
  day: string
}

/** what closes an inline-string cell, and a value cell */
const TEXT_END = '</t></is></c>'
const VALUE_END = '</v></c>'

/**
 * The cell XML between the row number and the value, per value type, for style `s` (dates: `sDate`,
 * days with no time: `sDay`).
 * Made once per column: a cell is then a few joins of ready strings (a 100,000-row sheet has 1.5
 * million cells, and every join of short strings is another object for the GC and the encoder).
 */
export function cellXmlAfter(s: number, sDate: number, sDay: number): CellXmlAfter {
  const text = `" s="${s}" t="inlineStr"><is>`
  return { text: text + '<t>', textBlank: text + '<t xml:space="preserve">', number: `" s="${s}"><v>`, boolean: `" s="${s}" t="b"><v>`, date: `" s="${sDate}"><v>`, day: `" s="${sDay}"><v>` }
}

export function columnXml(letter: string, styles: Omit<ColumnXml, 'open' | 'after'>): ColumnXml {
  return {
    open: `<c r="${letter}`,
    ...styles,
    after: { plain: cellXmlAfter(styles.base, styles.date, styles.day), bold: cellXmlAfter(styles.bold, styles.boldDate, styles.boldDay) },
  }
}

/**
 * `<row>` number `r` with its non-empty cells; `high` is a row height in points (0: the default),
 * `xfs` the style ids of cells whose kind differs from their column's (dates keep the column's);
 * `plain`: the caller knows no text needs escaping (./plain-spans.ts).
 */
export function rowXml(
  cols: readonly ColumnXml[],
  r: number,
  cells: readonly CellPrimitive[],
  bold: boolean,
  xfs: ReadonlyArray<number | undefined> | undefined,
  high: number,
  plain = false,
): string {
  const rs = String(r)
  let x = high ? '<row r="' + rs + '" ht="' + high + '" customHeight="1">' : '<row r="' + rs + '">'
  for (let i = 0; i < cells.length; i++) {
    const v = cells[i]
    if (v === null || v === '') continue
    const c = cols[i]
    const s = xfs?.[i]
    const after = s === undefined ? (bold ? c.after.bold : c.after.plain) : cellXmlAfter(s, bold ? c.boldDate : c.date, bold ? c.boldDay : c.day)
    if (typeof v === 'string') {
      x += c.open + rs + (blankEdge(v) ? after.textBlank : after.text) + (plain ? v : xmlEscape(v)) + TEXT_END
    } else if (typeof v === 'number') {
      x += c.open + rs + after.number + v + VALUE_END
    } else if (typeof v === 'boolean') {
      x += c.open + rs + after.boolean + (v ? '1' : '0') + VALUE_END
    } else {
      x += c.open + rs + (isDayOnly(v) ? after.day : after.date) + (v.getTime() / MS_PER_DAY + EXCEL_EPOCH_OFFSET_DAYS) + VALUE_END
    }
  }
  return x + '</row>'
}
