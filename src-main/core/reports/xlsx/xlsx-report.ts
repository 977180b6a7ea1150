import { renameSync, rmSync } from 'node:fs'
import type { CellPrimitive } from '../cell-safety'
import { cellFor, dateFormatOf, dayFormatOf, measuredWidth, numberFormatOf, type ColumnKind, type ColumnSpec } from '../column-cells'
import type { ReportLang } from '../labels'
import { columnLetter } from '../../importers/column-letters'
import {
  BREATHE_EVERY,
  probeWritable,
  TONES,
  WIDTH_SAMPLE_ROWS,
  yieldToEventLoop,
  type ReportWriter,
  type RowOptions,
  type SheetOptions,
  type SheetWriter,
} from '../report-writer'
import { EXCEL_MAX_ROWS, partName } from './sheet-parts'
import { keyColumnsOf, MARGINS, PAPER_A4, printSetup, wrappedRowHeight, wrapsText, type PrintSetup } from '../print-setup'
import { StyleRegistry } from './styles-part'
import { appPropsXml, contentTypesXml, corePropsXml, rootRelsXml, workbookRelsXml, workbookXml, type SheetEntry } from './workbook-parts'
import { xmlEscape } from './xml-text'
import { ZipFileWriter } from './zip-writer'
import { columnXml, type ColumnXml } from './row-xml'
import { localPartSink, type PartSink } from './part-sink'
import { ZipThread } from './zip-thread'

/** rows before a sheet's first yield to the event loop (StreamingSheet.untilBreath) */
const FIRST_BREATH = 100

interface Book {
  zip: ZipFileWriter
  /** a large report's second thread, which writes the sheets' rows (null: this thread writes them) */
  thread: ZipThread | null
  styles: StyleRegistry
  /** the report's language: its number formats show that language's marks (numberFormatOf) */
  lang: ReportLang
  /** in workbook order */
  sheets: SheetEntry[]
  /** part number of the next sheet part (1 is kept for a reserved first sheet) */
  nextPart: number
  reserved: boolean
}

/**
 * The xlsx report, written by rekap itself: sheet XML generated straight from the cells (inline
 * strings, no shared-strings table, styles collected into one registry) into a zip whose parts are
 * deflated on the thread pool. 100,000 rows x 15 cells take well under a second where exceljs's
 * streaming writer needs over three; memory stays flat whatever the row count. Sheets longer than
 * `maxRowsPerSheet` continue in `Name (2)`, ... with the header repeated.
 */
export function openStreamingXlsxReport(out: string, opts: { lang: ReportLang; maxRowsPerSheet?: number; creator?: string; thread?: boolean }): ReportWriter {
  const partial = out + '.partial'
  probeWritable(partial, out)
  const maxRows = opts.maxRowsPerSheet ?? EXCEL_MAX_ROWS
  if (maxRows < 2 || maxRows > EXCEL_MAX_ROWS) throw new Error(`rows per sheet must be 2..${EXCEL_MAX_ROWS}`)
  const zip = new ZipFileWriter(partial)
  const thread = opts.thread ? new ZipThread(zip) : null
  const book: Book = { zip, thread, styles: new StyleRegistry(), lang: opts.lang, sheets: [], nextPart: 1, reserved: false }
  let open: StreamingSheet | null = null
  return {
    format: 'xlsx',
    maxRowsPerSheet: maxRows,
    sheetDigests: thread !== null,
    reserveFirst() {
      if (book.nextPart !== 1) throw new Error('reserveFirst must come before the first sheet')
      book.reserved = true
      book.nextPart = 2
    },
    sheet(name, columns, sheetOpts = {}) {
      if (open && !open.closed) throw new Error(`sheet "${open.name}" must be closed before "${name}" is opened`)
      if (sheetOpts.first && !book.reserved) throw new Error(`sheet "${name}" asks for the first place, which was not reserved`)
      if (sheetOpts.first) book.reserved = false
      open = new StreamingSheet(book, name, columns, sheetOpts, maxRows)
      return open
    },
    async finish() {
      if (open && !open.closed) await open.close()
      const { zip, sheets } = book
      await zip.add('xl/styles.xml', book.styles.toXml())
      await zip.add('xl/workbook.xml', workbookXml(sheets))
      await zip.add('xl/_rels/workbook.xml.rels', workbookRelsXml(sheets))
      await zip.add('docProps/core.xml', corePropsXml(opts.creator ?? 'rekap', new Date()))
      await zip.add('docProps/app.xml', appPropsXml('rekap'))
      await zip.add('_rels/.rels', rootRelsXml())
      await zip.add('[Content_Types].xml', contentTypesXml(sheets))
      await zip.finish()
      book.thread?.close()
      renameSync(partial, out)
      return sheets.map((s) => s.name)
    },
    abort() {
      book.thread?.close()
      book.zip.abort()
      rmSync(partial, { force: true })
    },
  }
}

/**
 * A row waiting to be written: its cells, bold or not, and style ids of cells that differ from their
 * column's. Every row has all four fields, so all rows share one shape (writeRow read rows of three
 * shapes: its optimised code was thrown away when the errors sheet brought another).
 */
interface PendingRow {
  cells: CellPrimitive[]
  bold: boolean
  xfs: Array<number | undefined> | undefined
  /** a part's header row: not a row of the digest (a split part repeats it) */
  header: boolean
}

/**
 * An empty array of rows whose elements are already objects. A new `[]` holds small integers
 * until its first push: each sheet after the first pushed its first row into one, and V8 threw
 * the optimised `addRow` the sheet before had left away twice ("wrong map", then "not a Smi").
 */
function rowsArray(): PendingRow[] {
  const rows: Array<PendingRow | null> = [null]
  rows.pop()
  return rows as PendingRow[]
}

class StreamingSheet implements SheetWriter {
  closed = false
  private pending: PendingRow[] | null = rowsArray()
  private readonly cols: ColumnXml[]
  private widths: number[] = []
  private entry: PartSink | null = null
  private partNo = 0
  private partName = ''
  /** index of the current part in the workbook's sheet list */
  private entryIndex = 0
  /** worksheet row number of the last row written to the current part */
  private rowInPart = 0
  /**
   * rows until the next yield to the event loop; the first comes after FIRST_BREATH rows, not
   * BREATHE_EVERY. So the yield's code has run, and V8 has recorded what it does, before V8
   * optimises the loop writing the rows (after a few hundred of them). Run first at row 2,000, it
   * threw that optimised code away and V8 compiled the whole loop again (~150 M instructions, 1.5%
   * of a 100,000-row regions export, cachegrind). At row 32 it was too early: V8 records a
   * function's feedback only after its first calls (the recompile stayed), at rows 100 and 200 not.
   */
  private untilBreath = FIRST_BREATH
  private print: PrintSetup | null = null
  /** indexes of the word-wrapped columns (a row's height follows their text) */
  private readonly wrapCols: number[]
  /**
   * the columns' kinds, read per cell from this one array of texts: read from the column specs,
   * whose shapes differ from sheet to sheet, the errors sheet threw the optimised addRow away
   */
  private readonly kinds: ColumnKind[]
  /** per row, from the sheet's options (whose shapes also differ from sheet to sheet): see `kinds` */
  private readonly rowHeight: number | undefined
  private readonly digested: boolean
  private readonly onCells: ((cells: CellPrimitive[]) => void) | undefined
  /** every column null: `newCells` copies it */
  private readonly blankCells: CellPrimitive[]
  /** per column, the last text given to `addRow` (without kinds of its own) and the cell it became */
  private readonly lastTexts: string[]
  private readonly lastCells: CellPrimitive[]

  constructor(
    private readonly book: Book,
    readonly name: string,
    private readonly columns: ColumnSpec[],
    private readonly opts: SheetOptions,
    private readonly maxRows: number,
  ) {
    const { styles } = book
    this.wrapCols = columns.flatMap((c, i) => (wrapsText(c) ? [i] : []))
    this.kinds = columns.map((c) => c.kind)
    this.rowHeight = opts.rowHeight
    this.digested = opts.digest !== undefined
    this.onCells = opts.onCells
    this.blankCells = new Array<CellPrimitive>(columns.length).fill(null)
    // starting from the empty text's cell: a column's last text is never null (a comparison of a
    // text with null threw away the optimised addRow a sheet before had left)
    this.lastTexts = columns.map(() => '')
    this.lastCells = columns.map((c) => cellFor('', c.kind))
    this.cols = columns.map((c, i) => {
      const fmt = numberFormatOf(c.kind, book.lang)
      // a Date in a column with no date format of its own still shows as a date
      const dateFmt = dateFormatOf(c.kind, book.lang)
      // a day with no time in the user's columns shows as the day alone (dayFormatOf)
      const dayFmt = dayFormatOf(c.kind, book.lang)
      const wrap = wrapsText(c)
      return columnXml(columnLetter(i), {
        base: styles.xf({ numFmt: fmt, wrap }),
        date: styles.xf({ numFmt: dateFmt }),
        day: styles.xf({ numFmt: dayFmt }),
        bold: styles.xf({ numFmt: fmt, bold: true, wrap }),
        boldDate: styles.xf({ numFmt: dateFmt, bold: true }),
        boldDay: styles.xf({ numFmt: dayFmt, bold: true }),
      })
    })
    if (opts.digest) {
      if (!book.thread) throw new Error(`sheet "${name}": only a report with a zip thread digests its rows there`)
      book.thread.startDigest(name, opts.digest.skip, columns.map((c) => cellFor(c.header, 'text')))
    }
  }

  get nextRow(): number {
    return this.pending ? this.pending.length + 2 : this.rowInPart + 1
  }

  addRow(values: unknown[], opts: RowOptions = {}): void {
    const kinds = opts.kinds
    const bold = opts.bold === true
    const cells = this.newCells()
    if (kinds === undefined) {
      // a text equal to the column's last one is the same cell (cellFor is a function of the text
      // and the kind alone): an outcome, a yes or no, an empty note is not cleaned again each row
      const lastTexts = this.lastTexts
      const lastCells = this.lastCells
      for (let i = 0; i < cells.length; i++) {
        const v = values[i]
        if (typeof v === 'string' && v === lastTexts[i]) cells[i] = lastCells[i]
        else {
          const cell = cellFor(v, this.kinds[i])
          cells[i] = cell
          // a text may become a Date (an 'auto' column's ISO text): only texts and null are kept
          if (typeof v === 'string' && (cell === null || typeof cell === 'string')) {
            lastTexts[i] = v
            lastCells[i] = cell
          }
        }
      }
    } else for (let i = 0; i < cells.length; i++) cells[i] = cellFor(values[i], kinds[i] ?? this.kinds[i])
    this.onCells?.(cells)
    const xfs = kinds?.map((k) => (k ? this.book.styles.xf({ numFmt: numberFormatOf(k, this.book.lang), bold }) : undefined))
    const row: PendingRow = { cells, bold, xfs, header: false }
    if (this.pending) {
      this.pending.push(row)
      if (this.pending.length >= WIDTH_SAMPLE_ROWS) this.flushPending()
      return
    }
    this.writeRow(row)
  }

  /**
   * Nothing to wait for on most rows, and then no promise: an async call and its await per row
   * were ~10% of the report thread's allocations (19.6 of 201 MB sampled in a 100,000-row regions
   * export) and a turn of the microtask queue each (cachegrind, same export: V8's builtins
   * -57 to -70 M instructions, ~40 M of them await, promise and microtask ones).
   */
  breathe(): Promise<void> | undefined {
    if (this.overflow || this.entry?.busy || this.untilBreath <= 1) return this.breatheNow()
    this.untilBreath--
    return undefined
  }

  private async breatheNow(): Promise<void> {
    while (this.overflow) await this.splitPart()
    if (this.entry?.busy) await this.entry.drain()
    if (--this.untilBreath > 0) return
    this.untilBreath = BREATHE_EVERY
    await yieldToEventLoop()
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.flushPending()
    while (this.overflow) await this.splitPart()
    await this.endPart()
    if (this.opts.digest) this.opts.digest.done(await this.book.thread!.endDigest())
    this.closed = true
  }

  private flushPending(): void {
    if (!this.pending) return
    const rows = this.pending
    this.pending = null
    this.widths = this.columns.map((c, i) => measuredWidth(c, rows.map((r) => r.cells[i])))
    this.startPart()
    for (const r of rows) this.writeRow(r)
  }

  private startPart(): void {
    this.partNo++
    this.partName = this.partNo === 1 ? this.name : partName(this.name, this.partNo)
    // a reserved first sheet is part 1 and first in the workbook (its own split parts follow it)
    const first = this.opts.first === true
    const part = first && this.partNo === 1 ? 1 : this.book.nextPart++
    this.entryIndex = first ? this.partNo - 1 : this.book.sheets.length
    this.book.sheets.splice(this.entryIndex, 0, { name: this.partName, part })
    const path = `xl/worksheets/sheet${part}.xml`
    this.entry = this.book.thread ? this.book.thread.part(path, this.cols) : localPartSink(this.book.zip, path, this.cols)
    const table = this.opts.table ?? true
    const view = table
      ? '<sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft"/></sheetView>'
      : '<sheetView workbookViewId="0"/>'
    const print = printSetup(this.widths, { table, onePage: this.opts.onePage === true, keyColumns: keyColumnsOf(this.opts) })
    this.book.sheets[this.entryIndex].printTitles = { rows: print.repeatHeader, columns: print.repeatColumns }
    this.print = print
    const cols = this.cols.map(
      (c, i) => `<col min="${i + 1}" max="${i + 1}" width="${this.widths[i]}" customWidth="1"${c.base ? ` style="${c.base}"` : ''}/>`,
    )
    this.entry.write(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
        '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
        '<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr>' +
        `<sheetViews>${view}</sheetViews><sheetFormatPr defaultRowHeight="15"/>` +
        (cols.length ? `<cols>${cols.join('')}</cols>` : '') +
        '<sheetData>',
    )
    this.rowInPart = 0
    const cells = this.newCells()
    for (let i = 0; i < cells.length; i++) cells[i] = cellFor(this.columns[i].header, 'text')
    this.writeRow({ cells, bold: true, xfs: undefined, header: true })
  }

  /** The current part's closing elements: filter, conditional formats. */
  private async endPart(): Promise<void> {
    const entry = this.entry
    if (!entry) return
    const last = this.rowInPart
    const n = this.columns.length
    let tail = '</sheetData>'
    if ((this.opts.table ?? true) && n > 0) {
      const lastFiltered = Math.max(1, last - (this.opts.footerRows ?? 0))
      const ref = `A1:${columnLetter(n - 1)}${lastFiltered}`
      tail += `<autoFilter ref="${ref}"/>`
      this.book.sheets[this.entryIndex].filterRef = ref
    }
    if (this.opts.outcomeColumn !== undefined && this.opts.outcomeTones && last >= 2) {
      const col = columnLetter(this.opts.outcomeColumn)
      const rules = Object.entries(this.opts.outcomeTones).map(([label, tone], i) => {
        const dxf = this.book.styles.dxf({ fill: TONES[tone].bg, font: TONES[tone].fg })
        // a conditional-format rule, not a cell: the label is a quoted string constant
        const formula = xmlEscape(`"${label.replace(/"/g, '""')}"`)
        return `<cfRule type="cellIs" dxfId="${dxf}" priority="${i + 1}" operator="equal"><formula>${formula}</formula></cfRule>`
      })
      tail += `<conditionalFormatting sqref="${col}2:${col}${last}">${rules.join('')}</conditionalFormatting>`
    }
    const m = MARGINS
    const p = this.print!
    // several pages across: a row's pages one after the other
    const fit = `fitToWidth="${p.pagesAcross}" fitToHeight="${p.fitToHeight}"` + (p.pagesAcross > 1 ? ' pageOrder="overThenDown"' : '')
    tail +=
      `<pageMargins left="${m.left}" right="${m.right}" top="${m.top}" bottom="${m.bottom}" header="${m.header}" footer="${m.footer}"/>` +
      `<pageSetup paperSize="${PAPER_A4}" ${fit} orientation="${p.landscape ? 'landscape' : 'portrait'}"/>` +
      '</worksheet>'
    entry.write(tail)
    await entry.end()
    this.entry = null
  }

  /**
   * A row's cells array, every one made alike (filled with null, then set): arrays from `map` had
   * one kind of elements made by optimised code and another by the builtin, and the batch writer
   * that reads them was compiled again for each.
   */
  private newCells(): CellPrimitive[] {
    // a copy of one null-filled row: `fill` on a new array ran in V8's C++ runtime for every row
    // (~55 M instructions of a 100,000-row regions export, cachegrind), a copy in its builtin
    return this.blankCells.slice()
  }

  private writeRow(row: PendingRow): void {
    if (this.overflow || this.rowInPart >= this.maxRows) {
      ;(this.overflow ??= []).push(row)
      return
    }
    const { cells, bold, xfs } = row
    const r = ++this.rowInPart
    const fixed = r > 1 ? this.rowHeight : undefined
    const high = fixed ?? (r > 1 && this.wrapCols.length ? wrappedRowHeight(cells, this.wrapCols, this.widths) : 0)
    // straight into the part's bytes (or to the zip thread), a row at a time
    this.entry!.row(r, cells, bold, xfs, high || 0, !row.header && this.digested)
  }

  /** Rows past Excel's limit wait here until `breathe` or `close` has ended the full part (ending it is async). */
  private overflow: PendingRow[] | null = null

  private async splitPart(): Promise<void> {
    const rows = this.overflow!
    this.overflow = null
    await this.endPart()
    this.startPart()
    for (const r of rows) this.writeRow(r)
  }
}
