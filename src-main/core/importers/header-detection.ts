import { columnLetter } from './column-letters'
import type { CellValue } from './types'

/** A raw sheet row: 1-based row number and cells by 0-based column (sparse arrays allowed). */
export interface RawRow {
  rowNumber: number
  cells: CellValue[]
}

export interface HeaderLayout {
  /** 1-based row of the (first) header row */
  headerRow: number
  /** 1-based row number where data starts */
  firstDataRow: number
  /** unique header names, one per table column */
  headers: string[]
  /** 0-based sheet column index of each header */
  columns: number[]
}

/** How many rows from the top are searched for the header row. */
export const HEADER_SEARCH_ROWS = 20

const MAX_HEADER_CHARS = 120

export function isEmptyCell(v: CellValue | undefined): boolean {
  return v === null || v === undefined || (typeof v === 'string' && v.trim() === '')
}

function isTextCell(v: CellValue | undefined): v is string {
  return typeof v === 'string' && v.trim() !== ''
}

export function headerText(v: CellValue | undefined): string {
  if (v === null || v === undefined) return ''
  if (v instanceof Date) return v.toISOString().slice(0, 10)
  return String(v).replace(/\s+/g, ' ').trim()
}

function nonEmptyColumns(row: RawRow): number[] {
  const cols: number[] = []
  row.cells.forEach((v, i) => {
    if (!isEmptyCell(v)) cols.push(i)
  })
  return cols
}

/** A row "looks like headers": at least two short text cells, and mostly text. */
function looksLikeHeaderRow(row: RawRow): boolean {
  const filled = nonEmptyColumns(row)
  const text = filled.filter((c) => isTextCell(row.cells[c]) && headerText(row.cells[c]).length <= MAX_HEADER_CHARS)
  return text.length >= 2 && text.length / filled.length >= 0.6
}

/**
 * Picks the header row among the first rows: the first header-like row that is at least half as wide
 * as the widest row (so a two-cell title line such as "Laporan | Januari" above a ten-column table is
 * skipped). A one-column sheet (a plain list of codes) falls back to its first all-text row.
 */
export function detectHeaderRow(rows: RawRow[]): number | null {
  const sample = rows.filter((r) => r.rowNumber <= rows[0]?.rowNumber + HEADER_SEARCH_ROWS)
  const widest = Math.max(0, ...sample.map((r) => nonEmptyColumns(r).length))
  for (const row of sample) {
    if (looksLikeHeaderRow(row) && nonEmptyColumns(row).length * 2 >= widest) return row.rowNumber
  }
  for (const row of sample) {
    const filled = nonEmptyColumns(row)
    if (filled.length > 0 && filled.every((c) => isTextCell(row.cells[c]))) return row.rowNumber
  }
  return null
}

/**
 * Excel's merged header cells arrive as a value in the first cell and blanks in the rest (the merge
 * list sits at the end of the sheet, after every row, so a streaming reader cannot see it in time).
 * A second header row is recognised when it fills exactly such blanks with text while leaving blank
 * some column that the first row names (that column's title is merged vertically over both rows):
 *   row 1:  No | Nama | Foto    |          ->  "No", "Nama", "Foto KTP", "Foto Selfie"
 *   row 2:     |      | KTP     | Selfie
 */
function isSubHeaderRow(header: RawRow, next: RawRow | undefined, span: [number, number]): boolean {
  if (!next || next.rowNumber !== header.rowNumber + 1) return false
  const filled = nonEmptyColumns(next)
  if (filled.length === 0 || !filled.every((c) => isTextCell(next.cells[c]))) return false
  let fillsABlank = false
  let leavesANamedColumnBlank = false
  for (let c = span[0]; c <= span[1]; c++) {
    const top = !isEmptyCell(header.cells[c])
    const below = !isEmptyCell(next.cells[c])
    if (!top && below) fillsABlank = true
    if (top && !below) leavesANamedColumnBlank = true
  }
  return fillsABlank && leavesANamedColumnBlank
}

/** "Nama", "Nama" -> "Nama", "Nama (2)"; comparison ignores case so auto-mapping stays unambiguous. */
export function makeUnique(names: string[]): string[] {
  const seen = new Map<string, number>()
  const used = new Set(names.map((n) => n.toLowerCase()))
  const out: string[] = []
  for (const name of names) {
    const key = name.toLowerCase()
    const count = (seen.get(key) ?? 0) + 1
    seen.set(key, count)
    if (count === 1) {
      out.push(name)
      continue
    }
    let n = count
    let candidate = `${name} (${n})`
    while (used.has(candidate.toLowerCase())) candidate = `${name} (${++n})`
    used.add(candidate.toLowerCase())
    out.push(candidate)
  }
  return out
}

/**
 * Builds the table's header layout from the rows read so far. `rows` must include the header row and
 * preferably a few data rows after it (they widen the table to columns whose header is blank).
 */
export function buildHeaderLayout(rows: RawRow[], headerRowNumber: number, allowSubHeader: boolean): HeaderLayout {
  const index = rows.findIndex((r) => r.rowNumber === headerRowNumber)
  const header = rows[index] ?? { rowNumber: headerRowNumber, cells: [] }
  const headerCols = nonEmptyColumns(header)
  let first = headerCols.length ? headerCols[0] : 0
  let last = headerCols.length ? headerCols[headerCols.length - 1] : -1

  const next = index >= 0 ? rows[index + 1] : undefined
  const nextCols = next ? nonEmptyColumns(next) : []
  const subSpan: [number, number] = [
    Math.min(first, nextCols[0] ?? first),
    Math.max(last, nextCols[nextCols.length - 1] ?? last),
  ]
  const sub = allowSubHeader && isSubHeaderRow(header, next, subSpan) ? next : undefined
  if (sub) [first, last] = subSpan

  const dataRows = rows.filter((r) => r.rowNumber > (sub ? sub.rowNumber : header.rowNumber))
  for (const r of dataRows) {
    const cols = nonEmptyColumns(r)
    if (cols.length === 0) continue
    first = Math.min(first, cols[0])
    last = Math.max(last, cols[cols.length - 1])
  }

  const columns: number[] = []
  const names: string[] = []
  let group = ''
  for (let c = first; c <= last; c++) {
    const top = headerText(header.cells[c])
    let name = top
    if (sub) {
      // A group title carries over the blanks to its right (that is what the merge looked like).
      if (top) group = top
      const below = headerText(sub.cells[c])
      name = below ? (top || group ? `${top || group} ${below}` : below) : top
    }
    columns.push(c)
    names.push(name || `Kolom ${columnLetter(c)}`)
  }
  return {
    headerRow: header.rowNumber,
    firstDataRow: (sub ? sub.rowNumber : header.rowNumber) + 1,
    headers: makeUnique(names),
    columns,
  }
}
