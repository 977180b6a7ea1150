import type { Readable } from 'node:stream'
import { StringDecoder } from 'node:string_decoder'

import type { ConvertedCell } from './cell-values'
import { columnIndex } from './column-letters'
import type { SourceRow } from './source-row'
import { EXCEL_MAX_CELL_CHARS } from './types'
import { excelSerialToDate, stringItemText, type WorkbookData } from './xlsx-workbook-data'
import { decodeXmlEntities } from './xml-attributes'

/**
 * A fast streaming reader of one sheet's XML (`<sheetData>` rows). exceljs's streaming reader builds
 * Row and Cell objects with styles for every cell and reached ~8,000 rows/s here; this scans the XML
 * text directly, one complete `<row>` at a time, so memory is bounded by the longest row.
 */

/** One row's XML beyond this is refused rather than buffered (far above any real row; keeps memory bounded). */
const MAX_ROW_CHARS = 64 * 1024 * 1024

const CELL = /<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g
const ATTR_R = /\br="([A-Z]+)(\d+)"/
const ATTR_T = /\bt="(\w+)"/
const ATTR_S = /\bs="(\d+)"/
const ROW_R = /\br="(\d+)"/

function inner(xml: string, tag: 'v' | 'f'): string | undefined {
  const open = xml.indexOf(`<${tag}`)
  if (open < 0) return undefined
  const gt = xml.indexOf('>', open)
  if (xml[gt - 1] === '/') return '' // <f t="shared" si="0"/>
  const close = xml.indexOf(`</${tag}>`, gt)
  return close < 0 ? undefined : xml.slice(gt + 1, close)
}

const decode = (s: string): string => (s.includes('&') ? decodeXmlEntities(s) : s)

export function parseCell(attrs: string, body: string | undefined, data: WorkbookData): ConvertedCell {
  const type = ATTR_T.exec(attrs)?.[1] ?? 'n'
  const v = body === undefined ? undefined : inner(body, 'v')
  const f = body === undefined ? undefined : inner(body, 'f')
  let out: ConvertedCell
  if (type === 'inlineStr') {
    const is = body ? /<is>([\s\S]*?)<\/is>/.exec(body)?.[1] : undefined
    out = { value: is === undefined ? null : stringItemText(is) }
  } else if (v === undefined) {
    out = f !== undefined ? { value: null, formulaWithoutResult: decode(f) } : { value: null }
  } else if (type === 's') {
    const index = Number(v)
    out = { value: data.sharedStrings[index] ?? null }
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

export function parseRow(rowXml: string, previousRow: number, data: WorkbookData): SourceRow {
  const tagEnd = rowXml.indexOf('>')
  const rowAttr = ROW_R.exec(rowXml.slice(0, tagEnd))
  const rowNumber = rowAttr ? Number(rowAttr[1]) : previousRow + 1
  const cells: SourceRow['cells'] = []
  let notes: Map<number, ConvertedCell> | undefined
  let col = -1
  CELL.lastIndex = tagEnd
  for (let m = CELL.exec(rowXml); m; m = CELL.exec(rowXml)) {
    const attrs = m[1]
    const ref = ATTR_R.exec(attrs)
    col = ref ? columnIndex(ref[1]) : col + 1
    const cell = parseCell(attrs, m[2], data)
    if (cell.value !== null) cells[col] = cell.value
    if (cell.excelError !== undefined || cell.truncatedFrom !== undefined || cell.formulaWithoutResult !== undefined) {
      ;(notes ??= new Map()).set(col, cell)
    }
  }
  return notes ? { rowNumber, cells, notes } : { rowNumber, cells }
}

/** Yields the complete rows of each inflated chunk as one batch (one await per chunk, not per row). */
export async function* readSheetXmlRows(xml: Readable, data: WorkbookData): AsyncGenerator<SourceRow[]> {
  const decoder = new StringDecoder('utf8')
  let buffer = ''
  let previousRow = 0
  for await (const chunk of xml) {
    buffer += decoder.write(chunk as Buffer)
    let consumed = 0
    const batch: SourceRow[] = []
    for (;;) {
      const end = buffer.indexOf('</row>', consumed)
      if (end < 0) break
      // the row starts at the last "<row" before its end; self-closing empty rows before it are skipped
      const start = buffer.lastIndexOf('<row', end)
      if (start >= consumed) {
        const row = parseRow(buffer.slice(start, end), previousRow, data)
        previousRow = row.rowNumber
        batch.push(row)
      }
      consumed = end + 6
    }
    if (buffer.length - consumed > MAX_ROW_CHARS) {
      throw new Error(`row ${previousRow + 1} holds more than ${MAX_ROW_CHARS / 1024 / 1024} MB of XML; the sheet is damaged or not a real spreadsheet`)
    }
    if (consumed > 0) buffer = buffer.slice(consumed)
    if (batch.length) yield batch
    else if (buffer.length > 1024 * 1024 && !buffer.includes('<row')) {
      // outside <sheetData> there is only metadata; keep a tail long enough to hold a split tag
      buffer = buffer.slice(-4096)
    }
  }
}
