import { createReadStream } from 'node:fs'
import type { EventEmitter } from 'node:events'
import type { Readable } from 'node:stream'

import type ExcelJS from 'exceljs'
import { excel } from '../exceljs-lazy'

import { convertCsvField, convertExcelValue, type ConvertedCell } from './cell-values'
import { readCsvRecordBatches } from './csv-records'
import { readSheetXmlRows, RowOrderError } from './sheet-xml-rows'
import type { SourceRow } from './source-row'
import { openWorkbookData } from './xlsx-workbook-data'
import type { ZipDirectory } from './zip-directory'

/**
 * Row sources: the only code that knows about exceljs or csv. Both yield raw rows (1-based row number,
 * converted cells by 0-based column) so header detection and row building are format-free.
 */

export interface RowSource {
  /** rows in batches (a chunk's worth), so a 100,000-row sheet costs hundreds of awaits, not 100,000 */
  rows: AsyncGenerator<SourceRow[]>
  close(): void
}

/** exceljs's streaming reader, as this module uses it (its published types miss the events). */
interface StreamingWorkbookReader extends EventEmitter {
  stream?: Readable
  [Symbol.asyncIterator](): AsyncGenerator<StreamingWorksheetReader>
}
interface StreamingWorksheetReader {
  [Symbol.asyncIterator](): AsyncGenerator<{ number: number; values: unknown[] }>
}

function toSourceRow(rowNumber: number, raw: unknown[], convert: (v: unknown) => ConvertedCell, offset: number): SourceRow {
  const cells: SourceRow['cells'] = []
  let notes: Map<number, ConvertedCell> | undefined
  for (let i = offset; i < raw.length; i++) {
    const v = raw[i]
    if (v === undefined) continue
    const c = convert(v)
    cells[i - offset] = c.value
    if (c.excelError !== undefined || c.truncatedFrom !== undefined || c.formulaWithoutResult !== undefined) (notes ??= new Map()).set(i - offset, c)
  }
  return notes ? { rowNumber, cells, notes } : { rowNumber, cells }
}

/**
 * Streams one worksheet. `sheetNo` is N of the part "xl/worksheets/sheetN.xml" (the only part names
 * exceljs's streaming reader recognises); other sheets are skipped without being parsed.
 */
export function xlsxRowSource(file: string, sheetNo: number): RowSource {
  const reader = new (excel()).stream.xlsx.WorkbookReader(file, {
    sharedStrings: 'cache',
    styles: 'cache', // needed to tell dates from numbers
    hyperlinks: 'ignore', // a hyperlink cell's value is its text
    worksheets: 'emit',
    entries: 'emit',
  }) as unknown as StreamingWorkbookReader
  let currentSheetNo = -1
  reader.on('entry', (e: { type: string; id?: string }) => {
    if (e.type === 'worksheet') currentSheetNo = Number(e.id)
  })
  async function* rows(): AsyncGenerator<SourceRow[]> {
    for await (const worksheet of reader) {
      if (currentSheetNo !== sheetNo) continue
      let previous = 0
      for await (const row of worksheet) {
        if (row.number <= previous) throw new RowOrderError(row.number, previous, `xl/worksheets/sheet${sheetNo}.xml`)
        previous = row.number
        // exceljs row.values is 1-based: index 0 is always empty
        yield [toSourceRow(row.number, row.values, convertExcelValue, 1)]
      }
      return
    }
  }
  return {
    rows: rows(),
    close: () => reader.stream?.destroy(),
  }
}

/**
 * rekap's own sheet XML reader (the default: several times faster than exceljs's streaming reader).
 * The shared strings are read as far as the rows read so far need them: a header guess reads a
 * few KB of them, a plan all of them once.
 */
export async function xlsxFastRowSource(zip: ZipDirectory, sheetPart: string): Promise<RowSource> {
  const data = await openWorkbookData(zip)
  const xml = await zip.stream(sheetPart)
  return {
    rows: readSheetXmlRows(xml, data, sheetPart),
    close: () => {
      xml.destroy()
      data.moreSharedStrings.close()
    },
  }
}

export function csvRowSource(file: string): RowSource {
  const input = createReadStream(file, { highWaterMark: 256 * 1024 })
  async function* rows(): AsyncGenerator<SourceRow[]> {
    for await (const records of readCsvRecordBatches(input)) {
      yield records.map((r) => toSourceRow(r.recordNumber, r.fields, (v) => convertCsvField(v as string), 0))
    }
  }
  return { rows: rows(), close: () => input.destroy() }
}
