import type ExcelJS from 'exceljs'
import { excel } from '../exceljs-lazy'
import { closeSync, openSync, renameSync, rmSync } from 'node:fs'
import { writeAll } from '../paths/write-all'
import { csvField, type CellPrimitive } from './cell-safety'
import { cellFor, csvDateText, dateFormatOf, dayFormatOf, measuredWidth, numberFormatOf, type ColumnKind, type ColumnSpec } from './column-cells'
import type { ReportLang } from './labels'
import { isDayOnly } from './report-time'
import { columnLetter } from '../importers/column-letters'
import {
  BREATHE_EVERY,
  probeWritable,
  TONES,
  WIDTH_SAMPLE_ROWS,
  yieldToEventLoop,
  type ReportFormat,
  type ReportWriter,
  type RowOptions,
  type SheetOptions,
  type SheetWriter,
} from './report-writer'
import { openStreamingXlsxReport } from './xlsx/xlsx-report'
import { EXCEL_MAX_ROWS } from './xlsx/sheet-parts'
import { columnSpan, keyColumnsOf, MARGINS, PAPER_A4, printSetup, wrappedRowHeight, wrapsText } from './print-setup'

export type { ReportFormat, OutcomeTone, SheetOptions, RowOptions, SheetWriter, ReportWriter } from './report-writer'

/**
 * xlsx report held in memory by exceljs. Used only for thumbnails (rekap's own streaming writer,
 * ./xlsx/xlsx-report.ts, writes every other xlsx), because pictures need drawings and media
 * parts; its caller caps it at MAX_THUMBNAIL_ROWS rows.
 */
export function openInMemoryXlsxReport(out: string, lang: ReportLang): ReportWriter {
  const partial = out + '.partial'
  probeWritable(partial, out)
  const book = new (excel()).Workbook()
  book.creator = 'rekap'
  const names: string[] = []
  let open: XlsxSheet | null = null
  return {
    format: 'xlsx',
    maxRowsPerSheet: EXCEL_MAX_ROWS,
    sheet(name, columns, sheetOpts = {}) {
      if (open && !open.closed) throw new Error(`sheet "${open.name}" must be closed before "${name}" is opened`)
      names.push(name)
      open = new XlsxSheet(book, name, columns, sheetOpts, lang)
      return open
    },
    async finish() {
      if (open && !open.closed) await open.close()
      await book.xlsx.writeFile(partial)
      renameSync(partial, out)
      return names
    },
    abort() {
      rmSync(partial, { force: true })
    },
  }
}

/** Drawing offsets are in EMU (914,400 an inch, 96 pixels an inch). */
const EMU_PER_PX = 9525
const PICTURE_INSET_PX = 4

class XlsxSheet implements SheetWriter {
  closed = false
  private readonly ws: ExcelJS.Worksheet
  private pending: Array<{ cells: CellPrimitive[]; opts: RowOptions }> | null = []
  private rowNo = 1
  private sinceBreath = 0
  private widths: number[] = []
  private readonly wrapCols: number[]

  constructor(
    book: ExcelJS.Workbook,
    readonly name: string,
    private readonly columns: ColumnSpec[],
    private readonly opts: SheetOptions,
    private readonly lang: ReportLang,
  ) {
    this.styles = XlsxSheet.stylesFor(columns, lang)
    this.wrapCols = columns.flatMap((c, i) => (wrapsText(c) ? [i] : []))
    const table = opts.table ?? true
    this.ws = book.addWorksheet(name, { views: table ? [{ state: 'frozen', ySplit: 1, xSplit: 0 }] : [] })
    this.pending = [{ cells: columns.map((c) => cellFor(c.header, 'text')), opts: { bold: true } }]
  }

  get nextRow(): number {
    return this.rowNo + (this.pending?.length ?? 0)
  }

  addRow(values: unknown[], opts: RowOptions = {}): void {
    const cells = this.columns.map((c, i) => cellFor(values[i], opts.kinds?.[i] ?? c.kind))
    this.opts.onCells?.(cells)
    if (this.pending) {
      this.pending.push({ cells, opts })
      if (this.pending.length > WIDTH_SAMPLE_ROWS) this.flushPending()
      return
    }
    this.write(cells, opts)
  }

  addPicture(data: Buffer, extension: 'jpeg' | 'png', col0: number, row1: number, size: { width: number; height: number }): void {
    const id = this.ws.workbook.addImage({ buffer: data as unknown as ExcelJS.Buffer, extension })
    // Both corners, inside the cell (a thumbnail is smaller than its cell): a two-cell anchor may
    // say "move with the cell" (editAs), where exceljs's one-cell anchor would carry an editAs the
    // schema does not allow, and openpyxl then drops every picture of the sheet.
    const at = (px: number) => (PICTURE_INSET_PX + px) * EMU_PER_PX
    const anchor = (w: number, h: number) => ({ nativeCol: col0, nativeColOff: at(w), nativeRow: row1 - 1, nativeRowOff: at(h) })
    const range = { tl: anchor(0, 0), br: anchor(size.width, size.height), editAs: 'oneCell' }
    this.ws.addImage(id, range as unknown as ExcelJS.ImageRange)
  }

  async breathe(): Promise<void> {
    if (++this.sinceBreath < BREATHE_EVERY) return
    this.sinceBreath = 0
    await yieldToEventLoop()
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.flushPending()
    const last = this.rowNo - 1
    const n = this.columns.length
    if ((this.opts.table ?? true) && n > 0) {
      const lastFiltered = Math.max(1, last - (this.opts.footerRows ?? 0))
      this.ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: lastFiltered, column: n } }
    }
    if (this.opts.outcomeColumn !== undefined && this.opts.outcomeTones && last >= 2) {
      const col = columnLetter(this.opts.outcomeColumn)
      this.ws.addConditionalFormatting({
        ref: `${col}2:${col}${last}`,
        rules: Object.entries(this.opts.outcomeTones).map(([label, tone], i) => ({
          type: 'cellIs',
          operator: 'equal',
          // a conditional-format rule, not a cell: the label is a quoted string constant
          formulae: [`"${label.replace(/"/g, '""')}"`],
          priority: i + 1,
          style: {
            fill: { type: 'pattern', pattern: 'solid', bgColor: { argb: TONES[tone].bg } },
            font: { color: { argb: TONES[tone].fg } },
          },
        })),
      })
    }
    this.closed = true
    await yieldToEventLoop()
  }

  private flushPending(): void {
    if (!this.pending) return
    const rows = this.pending
    this.pending = null
    const widths = this.columns.map((c, i) => measuredWidth(c, rows.slice(1).map((r) => r.cells[i])))
    this.widths = widths
    this.ws.columns = this.columns.map((c, i) => ({ width: widths[i], style: this.styles[i].base }))
    const table = this.opts.table ?? true
    const print = printSetup(widths, { table, onePage: this.opts.onePage === true, keyColumns: keyColumnsOf(this.opts) })
    this.ws.pageSetup = {
      ...this.ws.pageSetup,
      paperSize: PAPER_A4,
      orientation: print.landscape ? 'landscape' : 'portrait',
      fitToPage: true,
      fitToWidth: print.pagesAcross,
      fitToHeight: print.fitToHeight,
      ...(print.pagesAcross > 1 ? { pageOrder: 'overThenDown' as const } : {}),
      margins: MARGINS,
      ...(print.repeatHeader ? { printTitlesRow: '1:1' } : {}),
      ...(print.repeatColumns ? { printTitlesColumn: columnSpan(print.repeatColumns, columnLetter) } : {}),
    }
    for (const r of rows) this.write(r.cells, r.opts)
  }

  private write(cells: CellPrimitive[], opts: RowOptions): void {
    const row = this.ws.getRow(this.rowNo)
    cells.forEach((v, i) => {
      if (v === null || v === '') return
      const cell = row.getCell(i + 1)
      cell.value = v
      const styles = this.styles[i]
      const kind = opts.kinds?.[i]
      cell.style = kind ? XlsxSheet.cellStyle(kind, opts.bold === true, this.lang) : opts.bold ? styles.bold : v instanceof Date ? (isDayOnly(v) ? styles.day : styles.date) : styles.base
    })
    if (this.rowNo > 1 && this.opts.rowHeight) row.height = this.opts.rowHeight
    else if (this.rowNo > 1 && this.wrapCols.length) {
      const high = wrappedRowHeight(cells, this.wrapCols, this.widths)
      if (high) row.height = high
    }
    this.rowNo++
  }

  /**
   * One style object per column and purpose, shared by every cell: exceljs remembers the style
   * id of an object it has seen, so 100,000 rows cost one style lookup per column instead of one
   * per cell (the difference between seconds and tens of seconds). Never mutated after creation.
   */
  private readonly styles: Array<Record<'base' | 'date' | 'day' | 'bold', Partial<ExcelJS.Style>>>

  /** The style of a cell whose kind differs from its column's; one object per kind and weight, as above. */
  private static cellStyle(kind: ColumnKind, bold: boolean, lang: ReportLang): Partial<ExcelJS.Style> {
    const key = `${kind}|${bold}|${lang}`
    let style = XlsxSheet.cellStyles.get(key)
    if (!style) {
      const fmt = numberFormatOf(kind, lang)
      style = { ...(fmt ? { numFmt: fmt } : {}), ...(bold ? { font: { bold: true } } : {}) }
      XlsxSheet.cellStyles.set(key, style)
    }
    return style
  }
  private static readonly cellStyles = new Map<string, Partial<ExcelJS.Style>>()

  private static stylesFor(columns: ColumnSpec[], lang: ReportLang): Array<Record<'base' | 'date' | 'day' | 'bold', Partial<ExcelJS.Style>>> {
    return columns.map((c) => {
    const fmt = numberFormatOf(c.kind, lang)
    const base: Partial<ExcelJS.Style> = { ...(fmt ? { numFmt: fmt } : {}), ...(wrapsText(c) ? { alignment: { wrapText: true } } : {}) }
    return {
      base,
      date: { numFmt: dateFormatOf(c.kind, lang) },
      day: { numFmt: dayFormatOf(c.kind, lang) },
      bold: { ...base, font: { bold: true } },
    }
    })
  }
}

/**
 * CSV report: the results sheet only, UTF-8 with a BOM and commas, which is what Excel opens
 * correctly by double-click in any locale that uses the comma list separator (a `;` file would
 * be the other half of the world's choice; the BOM keeps Indonesian names intact either way).
 * Written synchronously in 1 MB chunks: bounded memory without stream bookkeeping.
 */
export function openCsvReport(out: string): ReportWriter {
  const partial = out + '.partial'
  probeWritable(partial, out)
  const fd = openSync(partial, 'w')
  let buf = '\uFEFF'
  let written = false
  const names: string[] = []
  const flush = (): void => {
    if (buf) writeAll(fd, Buffer.from(buf, 'utf8'))
    buf = ''
  }
  const skipped: SheetWriter = {
    name: '',
    nextRow: 1,
    addRow: () => {},
    breathe: async () => {},
    close: async () => {},
  }
  let closed = false
  return {
    format: 'csv',
    maxRowsPerSheet: Number.MAX_SAFE_INTEGER,
    sheet(name, columns, opts = {}) {
      if (!opts.primary || written) return skipped
      written = true
      names.push(name)
      const codes = columns.map((c) => c.kind === 'code')
      const dates = columns.map((c) => csvDateText(c.kind))
      const line = (cells: CellPrimitive[], header = false): void => {
        buf += cells.map((c, i) => csvField(c, dates[i], !header && codes[i])).join(',') + '\r\n'
        if (buf.length > 1 << 20) flush()
      }
      line(columns.map((c) => cellFor(c.header, 'text')), true)
      let rowNo = 2
      let sinceBreath = 0
      return {
        name,
        get nextRow() {
          return rowNo
        },
        addRow(values) {
          const cells = columns.map((c, i) => cellFor(values[i], c.kind))
          opts.onCells?.(cells)
          line(cells)
          rowNo++
        },
        async breathe() {
          if (++sinceBreath >= BREATHE_EVERY) {
            sinceBreath = 0
            await yieldToEventLoop()
          }
        },
        async close() {
          flush()
        },
      }
    },
    async finish() {
      flush()
      closeSync(fd)
      closed = true
      renameSync(partial, out)
      return names
    },
    abort() {
      if (!closed) closeSync(fd)
      closed = true
      rmSync(partial, { force: true })
    },
  }
}

/**
 * `pictures` asks for the in-memory workbook (thumbnails); `maxRowsPerSheet` is for tests of the split;
 * `thread` writes the rows' bytes on a second thread (a large streamed xlsx).
 */
export function openReport(out: string, format: ReportFormat, opts: { lang: ReportLang; pictures?: boolean; maxRowsPerSheet?: number; thread?: boolean }): ReportWriter {
  if (format === 'csv') return openCsvReport(out)
  return opts.pictures ? openInMemoryXlsxReport(out, opts.lang) : openStreamingXlsxReport(out, { lang: opts.lang, maxRowsPerSheet: opts.maxRowsPerSheet, thread: opts.thread })
}
