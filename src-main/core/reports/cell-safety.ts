/**
 * What may go into a report cell. Reports carry the user's own text and the service's text,
 * and both can start like a formula (`=HYPERLINK(...)`, `+62 812...`, `-1+1`, `@SUM(...)`).
 * In xlsx every text is written as a plain string cell, never a formula object, so Excel shows
 * it literally; in CSV there is no cell type at all, so such text gets OWASP's leading single quote
 * (the one rule of what a spreadsheet evaluates: isRealFormula in core/csv/csv-text.ts).
 */
import { csvCodeField, csvTextField } from '../csv/csv-text'

export type CellPrimitive = string | number | boolean | Date | null

/** Characters XML 1.0 forbids; one of them in a cell makes Excel refuse the whole file. */
// eslint-disable-next-line no-control-regex
const XML_ILLEGAL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g
/** the same, for a test: most texts have none, and a test is cheaper than a replace that finds nothing */
const HAS_XML_ILLEGAL = new RegExp(XML_ILLEGAL.source)

/** Excel's own limit for the text of one cell. */
export const MAX_CELL_CHARS = 32_767

/**
 * Any value -> a primitive exceljs writes as a plain value. Objects (formula, rich text,
 * hyperlink shapes) are never passed through: they become their JSON text. Non-finite
 * numbers and invalid dates become empty cells.
 */
export function literalCell(value: unknown): CellPrimitive {
  if (value === null || value === undefined) return null
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value === 'boolean') return value
  if (typeof value === 'bigint') return value.toString()
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  return cleanText(text)
}

/** Text safe for an xlsx string cell: no XML-illegal characters, within Excel's length limit. */
export function cleanText(text: string): string {
  const clean = HAS_XML_ILLEGAL.test(text) ? text.replace(XML_ILLEGAL, '') : text
  return clean.length > MAX_CELL_CHARS ? clean.slice(0, MAX_CELL_CHARS) : clean
}

/**
 * One CSV field: numbers and booleans as they are, text through the one CSV text rule
 * (csvTextField), a code column's text through the code rule (csvCodeField).
 */
export function csvField(value: CellPrimitive, formatDate: (d: Date) => string, code = false): string {
  if (value === null) return ''
  if (typeof value === 'number') return String(value)
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE'
  if (value instanceof Date) return csvTextField(formatDate(value))
  return code ? csvCodeField(value) : csvTextField(value)
}
