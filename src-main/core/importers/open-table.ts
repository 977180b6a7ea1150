import path from 'node:path'

import { parseCellRef } from './column-letters'
import {
  buildHeaderLayout,
  detectHeaderRow,
  HEADER_SEARCH_ROWS,
  type HeaderLayout,
} from './header-detection'
import { describeLocation, ImportError, importError, makeProblem } from './import-error'
import { coreText } from '../texts/core-text'
import { RowBuilder } from './row-builder'
import { SheetPictures, type PictureAnchor } from './sheet-pictures'
import { asImportError } from './reader-refusal'
import { checkWholeWorkbook } from './whole-workbook-check'
import { csvRowSource, xlsxFastRowSource, xlsxRowSource, type RowSource } from './sheet-row-sources'
import type { SourceRow } from './source-row'
import type { ImportedRow, ImportProblem, OpenTableOptions, SheetInfo, TableReader } from './types'
import { chooseSheet, readSheetParts, type SheetPart } from './workbook-parts'
import { openCheckedWorkbook, sniffFormat } from './workbook-guard'
import type { ZipDirectory } from './zip-directory'

/** Rows read past the header before the layout is fixed (they widen the table to blank-titled columns). */
const LOOKAHEAD_ROWS = 5

/** csv: one sheet, named after the file ("data.csv" -> "data"). */
function csvSheetName(file: string): string {
  return path.basename(file, path.extname(file))
}

export async function listSheets(file: string): Promise<SheetInfo[]> {
  const format = await sniffFormat(file)
  if (format === 'csv') return [{ name: csvSheetName(file), index: 1 }]
  try {
    const zip = await openCheckedWorkbook(file)
    const sheets = await readSheetParts(zip)
    if (sheets.length === 0) throw importError('empty-workbook', file, coreText('import.noWorksheets', {}))
    return sheets.map((s) => ({ name: s.name, index: s.index }))
  } catch (err) {
    throw asImportError(file, err)
  }
}

/** The last row named by the sheet's `<dimension ref="A1:F1048576"/>`, read from the part's first bytes. */
async function declaredLastRow(zip: ZipDirectory, part: string): Promise<number | null> {
  const stream = await zip.stream(part)
  let head = ''
  try {
    for await (const chunk of stream) {
      head += (chunk as Buffer).toString('utf8')
      if (head.includes('<sheetData') || head.length > 16 * 1024) break
    }
  } finally {
    stream.destroy()
  }
  const ref = /<dimension\b[^>]*\bref="([^"]+)"/.exec(head)?.[1]
  const last = ref?.split(':').pop()
  return last ? (parseCellRef(last)?.row ?? null) : null
}

interface OpenedSource {
  sheet: string
  source: RowSource
  pictures: SheetPictures | null
}

/** Every failure while opening (a damaged part, a bad character in a sheet name...) is a refusal naming the file. */
async function openXlsx(file: string, opts: OpenTableOptions): Promise<OpenedSource> {
  let sheetName: string | undefined
  try {
    const zip = await openCheckedWorkbook(file)
    const sheet: SheetPart = chooseSheet(file, await readSheetParts(zip), opts.sheet)
    sheetName = sheet.name
    const sheetNo = /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(sheet.part)?.[1]
    if (!zip.has(sheet.part) || (opts.engine === 'exceljs' && !sheetNo)) {
      throw importError('unreadable', file, coreText('import.sheetPartMissing', { part: sheet.part }), sheet.name)
    }
    if (opts.maxRows !== undefined) {
      const last = await declaredLastRow(zip, sheet.part)
      // the header takes at least one row, so more than maxRows + 1 rows means more than maxRows data rows
      if (last !== null && last > opts.maxRows + (opts.headerRow ?? 1)) {
        throw tooManyRows(file, sheet.name, opts.maxRows, last)
      }
    }
    const pictures = opts.pictures === false ? null : await SheetPictures.load(zip, sheet.part)
    if (opts.engine === 'exceljs') await checkWholeWorkbook(file) // exceljs's unzipper does not hold parts to their sizes
    const source = opts.engine === 'exceljs' ? xlsxRowSource(file, Number(sheetNo)) : await xlsxFastRowSource(zip, sheet.part)
    return { sheet: sheet.name, source, pictures }
  } catch (err) {
    throw asImportError(file, err, sheetName)
  }
}

function tooManyRows(file: string, sheet: string, maxRows: number, lastRow?: number): ImportError {
  return importError('too-many-rows', file, coreText('import.tooManyRows', { max: maxRows, lastRow: lastRow ?? null }), sheet)
}

/**
 * Reads rows until the header can be decided: the first 20 rows, or the given header row plus a few.
 * `layoutRows` are the rows the header layout may look at (a fixed window, so a stray value far down
 * never adds a column); `buffered` is everything read so far, to be replayed as data.
 */
async function readHeaderWindow(
  source: RowSource,
  headerRow: number | undefined,
): Promise<{ buffered: SourceRow[]; layoutRows: SourceRow[]; done: boolean }> {
  const buffered: SourceRow[] = []
  for (;;) {
    const next = await source.rows.next()
    if (!next.done) buffered.push(...next.value)
    if (buffered.length === 0) {
      if (next.done) return { buffered, layoutRows: [], done: true }
      continue
    }
    const first = buffered[0].rowNumber
    const limit = headerRow !== undefined ? headerRow + 1 + LOOKAHEAD_ROWS : first + HEADER_SEARCH_ROWS + LOOKAHEAD_ROWS
    if (next.done || buffered[buffered.length - 1].rowNumber >= limit) {
      return { buffered, layoutRows: buffered.filter((r) => r.rowNumber <= limit), done: next.done === true }
    }
  }
}

/** The header layout from the rows read so far; refuses an empty sheet or a header row it cannot find. */
function decideLayout(file: string, sheet: string, layoutRows: SourceRow[], givenHeaderRow: number | undefined): HeaderLayout {
  const nonBlank = layoutRows.filter((r) => r.cells.some((v) => v !== null && v !== undefined && v !== ''))
  if (nonBlank.length === 0) throw importError('empty-sheet', file, coreText('import.emptySheet', {}), sheet)
  const headerRow = givenHeaderRow ?? detectHeaderRow(nonBlank)
  if (headerRow === null) {
    throw importError('no-header-row', file, coreText('import.noHeaderRow', { rows: HEADER_SEARCH_ROWS }), sheet)
  }
  if (!nonBlank.some((r) => r.rowNumber === headerRow)) {
    throw importError('no-header-row', file, coreText('import.headerRowEmpty', { row: headerRow }), sheet)
  }
  return buildHeaderLayout(nonBlank, headerRow, givenHeaderRow === undefined)
}

export async function openTable(file: string, opts: OpenTableOptions = {}): Promise<TableReader> {
  const format = await sniffFormat(file)
  const opened: OpenedSource =
    format === 'xlsx'
      ? await openXlsx(file, opts)
      : { sheet: csvSheetName(file), source: csvRowSource(file), pictures: null }
  const { sheet, source, pictures } = opened
  const fail = (err: unknown): never => {
    source.close()
    throw asImportError(file, err, sheet)
  }

  let layout: HeaderLayout
  let window: HeaderWindow
  try {
    window = await readHeaderWindow(source, opts.headerRow)
    layout = decideLayout(file, sheet, window.layoutRows, opts.headerRow)
  } catch (err) {
    return fail(err)
  }

  const builder = new RowBuilder(file, sheet, layout)
  const notes: ImportProblem[] = []
  const pictureCols = pictureColumnSet(layout, opts.pictures)
  const table: OpenedTable = { file, sheet, source, pictures, layout, window, opts, builder, pictureCols, notes, fail }
  return {
    file,
    sheet,
    headerRow: layout.headerRow,
    firstDataRow: layout.firstDataRow,
    headers: layout.headers,
    rows: () => tableRows(table),
    notes,
    close: async () => source.close(),
  }
}

type HeaderWindow = Awaited<ReturnType<typeof readHeaderWindow>>

/** What the row iterator of an opened table works from. */
interface OpenedTable extends OpenedSource {
  file: string
  layout: HeaderLayout
  window: HeaderWindow
  opts: OpenTableOptions
  builder: RowBuilder
  /** the columns whose pictures are read */
  pictureCols: Set<number>
  /** the table's notes: "no data rows" is added here once the rows are read */
  notes: ImportProblem[]
  /** closes the source and throws the error as a refusal naming the file */
  fail: (err: unknown) => never
}

/** Reads each picture anchored in the row's wanted columns into the row; an unreadable one is the row's problem. */
async function attachPictures(t: OpenedTable, row: ImportedRow, anchors: PictureAnchor[]): Promise<void> {
  for (const anchor of anchors) {
    const header = t.layout.headers[t.layout.columns.indexOf(anchor.col)]
    if (row.pictures[header]) continue // the first picture in a cell wins
    try {
      row.pictures[header] = await t.pictures!.readMedia(anchor.media)
    } catch (err) {
      row.problems.push(
        makeProblem({
          file: t.file,
          sheet: t.sheet,
          row: row.sourceRow,
          column: header,
          code: 'picture-unreadable',
          reason: `the picture in this cell cannot be read (${(err as Error).message})`,
        }),
      )
    }
  }
}

/** The picture-only rows of the data, handed out in order as the rows the sheet XML lists go by. */
class PictureOnlyRows {
  private next = 0
  constructor(private readonly rows: number[]) {}

  get pending(): boolean {
    return this.next < this.rows.length
  }

  /** Picture-only rows before `rowNumber` that the sheet XML did not list. */
  before(rowNumber: number): SourceRow[] {
    const out: SourceRow[] = []
    while (this.next < this.rows.length && this.rows[this.next] < rowNumber) {
      out.push({ rowNumber: this.rows[this.next++], cells: [] })
    }
    if (this.rows[this.next] === rowNumber) this.next++
    return out
  }
}

/** The table's data rows in sheet order, picture-only rows included, each with its pictures read. */
async function* tableRows(t: OpenedTable): AsyncGenerator<ImportedRow> {
  const { file, sheet, source, pictures, layout, window, opts, builder, pictureCols } = t
  let count = 0
  // rows that hold only a picture have no cells, so the sheet XML may not list them at all
  const pictureOnly = new PictureOnlyRows(pictures ? pictures.rowNumbers().filter((r) => r >= layout.firstDataRow) : [])

  /** Builds one data row (sync); null for rows above the data and blank rows. */
  const build = (raw: SourceRow): { row: ImportedRow; anchors: PictureAnchor[] } | null => {
    if (raw.rowNumber < layout.firstDataRow) return null
    const anchors = pictures ? pictures.anchorsInRow(raw.rowNumber).filter((a) => pictureCols.has(a.col)) : []
    if (anchors.length === 0 && builder.isBlank(raw)) return null
    if (opts.maxRows !== undefined && count >= opts.maxRows) throw tooManyRows(file, sheet, opts.maxRows)
    count++
    return { row: builder.build(raw, anchors.length ? new Set(anchors.map((a) => a.col)) : undefined), anchors }
  }

  try {
    let batch: SourceRow[] | null = window.buffered
    while (batch) {
      for (const raw of batch) {
        const before = pictureOnly.pending ? pictureOnly.before(raw.rowNumber) : []
        for (const r of [...before, raw]) {
          const built = build(r)
          if (!built) continue
          if (built.anchors.length) await attachPictures(t, built.row, built.anchors)
          yield built.row
        }
      }
      if (window.done) break
      const next = await source.rows.next()
      batch = next.done ? null : next.value
    }
    for (const r of pictureOnly.before(Number.MAX_SAFE_INTEGER)) {
      const built = build(r)
      if (!built) continue
      await attachPictures(t, built.row, built.anchors)
      yield built.row
    }
  } catch (err) {
    t.fail(err)
  } finally {
    source.close()
  }
  if (count === 0) t.notes.push(noDataRows(file, sheet, layout.headerRow))
}

function noDataRows(file: string, sheet: string, headerRow: number): ImportProblem {
  return makeProblem({
    file,
    sheet,
    row: 0,
    column: '',
    code: 'no-data-rows',
    severity: 'warning',
    reason: `the sheet has a header row (row ${headerRow}) but no data rows`,
  })
}

function pictureColumnSet(layout: HeaderLayout, wanted: OpenTableOptions['pictures']): Set<number> {
  if (wanted === false) return new Set()
  if (wanted === undefined || wanted === true) return new Set(layout.columns)
  const set = new Set<number>()
  for (const name of wanted) {
    const i = layout.headers.findIndex((h) => h.toLowerCase() === name.toLowerCase())
    if (i >= 0) set.add(layout.columns[i])
  }
  return set
}

export { describeLocation }
