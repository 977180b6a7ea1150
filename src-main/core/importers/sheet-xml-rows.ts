import type { Readable } from 'node:stream'
import { StringDecoder } from 'node:string_decoder'

import type { ConvertedCell } from './cell-values'
import { columnIndex, columnLetter } from './column-letters'
import { GridError, isGridRow, MAX_COLUMNS } from './grid-limits'
import { RowScanner } from './sheet-row-scanner'
import type { SourceRow } from './source-row'
import { EXCEL_MAX_CELL_CHARS } from './types'
import { stringItemText } from './shared-strings'
import { SharedStringNeeded } from './shared-strings-reader'
import { excelSerialToDate, type WorkbookData } from './xlsx-workbook-data'
import { decodeXmlEntities } from './xml-attributes'
import { XmlTextError } from './xml-text-error'

/**
 * A fast streaming reader of one sheet's XML (`<sheetData>` rows). exceljs's streaming reader builds
 * Row and Cell objects with styles for every cell and reached ~8,000 rows/s here; this scans the XML
 * text directly, one complete `<row>` at a time (sheet-row-scanner.ts), so memory is bounded by the
 * longest row. Every scan is linear (indexOf, no backtracking regex over untrusted text) and every
 * reference is held to Excel's grid.
 */

const ATTR_R = /(?:^|\s)r="([^"]*)"/
const ATTR_T = /\bt="(\w+)"/
const ATTR_S = /\bs="(\d+)"/

function inner(xml: string, tag: 'v' | 'f' | 'is'): string | undefined {
  const open = xml.indexOf(`<${tag}`)
  if (open < 0) return undefined
  const gt = xml.indexOf('>', open)
  if (gt < 0) return undefined
  if (xml[gt - 1] === '/') return '' // <f t="shared" si="0"/>
  const close = xml.indexOf(`</${tag}>`, gt)
  return close < 0 ? undefined : xml.slice(gt + 1, close)
}

const decode = decodeXmlEntities

export function parseCell(attrs: string, body: string | undefined, data: WorkbookData): ConvertedCell {
  const type = ATTR_T.exec(attrs)?.[1] ?? 'n'
  const v = body === undefined ? undefined : inner(body, 'v')
  const f = body === undefined ? undefined : inner(body, 'f')
  let out: ConvertedCell
  if (type === 'inlineStr') {
    const is = body ? inner(body, 'is') : undefined
    out = { value: is === undefined ? null : stringItemText(is) }
  } else if (v === undefined) {
    out = f !== undefined ? { value: null, formulaWithoutResult: decode(f) } : { value: null }
  } else if (type === 's') {
    const index = Number(v)
    if (index >= data.sharedStrings.length && data.moreSharedStrings?.pending) throw new SharedStringNeeded(index)
    const bad = data.badSharedStrings?.get(index)
    if (bad) throw bad
    out = { value: data.sharedStrings.get(index) ?? null }
    const cutFrom = data.cutSharedStrings?.get(index)
    if (cutFrom !== undefined) out.truncatedFrom = cutFrom
  } else if (type === 'str') {
    out = { value: decode(v) }
  } else if (type === 'b') {
    out = { value: v === '1' || v === 'true' }
  } else if (type === 'e') {
    out = { value: null, excelError: decode(v) }
  } else if (type === 'd') {
    const d = new Date(v)
    out = { value: Number.isNaN(d.getTime()) ? decode(v) : d }
  } else {
    const n = Number(v)
    if (v === '' || !Number.isFinite(n)) out = { value: null }
    else {
      const style = ATTR_S.exec(attrs)
      out = { value: style && data.dateStyles[Number(style[1])] ? excelSerialToDate(n, data.date1904) : n }
    }
  }
  if (typeof out.value === 'string' && out.value.length > EXCEL_MAX_CELL_CHARS) {
    out.truncatedFrom = out.value.length
    out.value = out.value.slice(0, EXCEL_MAX_CELL_CHARS)
  }
  return out
}

/**
 * A row whose number is not after the previous row's: two `<row r="2">`, or row 2 after row 5. Excel
 * refuses such a file; reading both would call two rows "row 2" in every message and report.
 */
export class RowOrderError extends Error {
  override readonly name = 'RowOrderError'
  constructor(
    readonly row: number,
    readonly previous: number,
    readonly part: string,
  ) {
    super(`the part "${part}" holds row ${row} after row ${previous}`)
  }
}

/** The row number a row's start tag gives (or the one after the previous row); refused beyond row 1,048,576. */
function rowNumberOf(startTag: string, previousRow: number): number {
  const r = ATTR_R.exec(startTag)?.[1]
  const rowNumber = r === undefined ? previousRow + 1 : /^\d{1,7}$/.test(r) ? Number(r) : NaN
  if (!isGridRow(rowNumber)) throw new GridError(r === undefined ? `row ${rowNumber}` : `row ${r.slice(0, 32)}`)
  return rowNumber
}

/** The 0-based column of a cell: its own `r`, or the one after the previous cell; refused beyond XFD. */
function columnOf(attrs: string, previousCol: number, rowNumber: number): number {
  const ref = ATTR_R.exec(attrs)?.[1]
  if (ref === undefined) {
    if (previousCol + 1 >= MAX_COLUMNS) throw new GridError(`${columnLetter(previousCol + 1)}${rowNumber}`)
    return previousCol + 1
  }
  const m = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})$/.exec(ref)
  const col = m ? columnIndex(m[1]) : -1
  if (col < 0 || !isGridRow(Number(m![2]))) throw new GridError(ref.slice(0, 32))
  return col
}

export function parseRow(rowXml: string, previousRow: number, data: WorkbookData, startTag?: string): SourceRow {
  const tagEnd = rowXml.indexOf('>')
  const rowNumber = rowNumberOf(startTag ?? rowXml.slice(0, tagEnd + 1), previousRow)
  const cells: SourceRow['cells'] = []
  let notes: Map<number, ConvertedCell> | undefined
  let col = -1
  let nextGt = -1
  for (let i = rowXml.indexOf('<c', tagEnd); i >= 0; i = rowXml.indexOf('<c', i)) {
    const follow = rowXml.charCodeAt(i + 2)
    if (!(follow === 0x20 || follow === 0x3e || follow === 0x2f || follow === 0x09 || follow === 0x0a || follow === 0x0d)) {
      i += 2
      continue
    }
    // the next '>' is remembered: a run of tags that never close is looked past once
    if (nextGt < i) nextGt = rowXml.indexOf('>', i)
    if (nextGt < 0) break
    const selfClosing = rowXml[nextGt - 1] === '/'
    const attrs = rowXml.slice(i + 2, selfClosing ? nextGt - 1 : nextGt)
    let body: string | undefined
    if (selfClosing) i = nextGt + 1
    else {
      const close = rowXml.indexOf('</c>', nextGt)
      if (close < 0) break // no later cell can be closed either
      body = rowXml.slice(nextGt + 1, close)
      i = close + 4
    }
    col = columnOf(attrs, col, rowNumber)
    let cell: ConvertedCell
    try {
      cell = parseCell(attrs, body, data)
    } catch (err) {
      throw err instanceof XmlTextError ? err.at(`cell ${columnLetter(col)}${rowNumber}`) : err
    }
    if (cell.value !== null) cells[col] = cell.value
    if (cell.excelError !== undefined || cell.truncatedFrom !== undefined || cell.formulaWithoutResult !== undefined) {
      ;(notes ??= new Map()).set(col, cell)
    }
  }
  return notes ? { rowNumber, cells, notes } : { rowNumber, cells }
}

/**
 * Yields the complete rows of each inflated chunk as one batch (one await per chunk, not per row).
 * A row naming a shared string not read yet waits, with the rows after it, until the reader has
 * read on to it; at the sheet's end the rest of the shared strings is read (a damaged part, or an
 * item holding text XML does not allow, is refused whether or not a cell reached it). A row not after the one before it is refused (RowOrderError).
 */
export async function* readSheetXmlRows(xml: Readable, data: WorkbookData, part: string): AsyncGenerator<SourceRow[]> {
  const decoder = new StringDecoder('utf8')
  const scanner = new RowScanner()
  let previousRow = 0
  let batch: SourceRow[] = []
  let waiting: Array<[rowXml: string, startTag: string]> = []
  const add = (row: SourceRow): void => {
    if (row.rowNumber <= previousRow) throw new RowOrderError(row.rowNumber, previousRow, part)
    previousRow = row.rowNumber
    batch.push(row)
  }
  const onRow = (rowXml: string, startTag: string): void => {
    if (waiting.length === 0) {
      try {
        return add(parseRow(rowXml, previousRow, data, startTag))
      } catch (err) {
        if (!(err instanceof SharedStringNeeded)) throw err
      }
    }
    waiting.push([rowXml, startTag])
  }
  const settle = async (): Promise<void> => {
    for (const [rowXml, startTag] of waiting) {
      for (;;) {
        try {
          add(parseRow(rowXml, previousRow, data, startTag))
          break
        } catch (err) {
          if (!(err instanceof SharedStringNeeded)) throw err
          await data.moreSharedStrings!.readPast(err.index)
        }
      }
    }
    waiting = []
  }
  for await (const chunk of xml) {
    scanner.push(decoder.write(chunk as Buffer), onRow)
    if (waiting.length) await settle()
    if (batch.length) {
      yield batch
      batch = []
    }
  }
  scanner.push(decoder.end(), onRow)
  scanner.finish()
  if (waiting.length) await settle()
  await data.moreSharedStrings?.readAll()
  data.moreSharedStrings?.refuseUnused()
  if (batch.length) yield batch
}
