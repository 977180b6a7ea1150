import ExcelJS from 'exceljs'
import { closeSync, openSync, renameSync, rmSync, writeSync } from 'node:fs'
import { csvField, type CellPrimitive } from './cell-safety'
import { cellFor, measuredWidth, NUMBER_FORMATS, type ColumnSpec } from './column-cells'
import { formatWallClock } from './report-time'
import { columnLetter } from '../importers/column-letters'

export type ReportFormat = 'xlsx' | 'csv'

/** Fill colours of outcome labels (Excel's own good / bad / neutral palette). */
export type OutcomeTone = 'good' | 'bad' | 'review' | 'failed' | 'muted'

const TONES: Record<OutcomeTone, { bg: string; fg: string }> = {
  good: { bg: 'FFC6EFCE', fg: 'FF006100' },
  bad: { bg: 'FFFFC7CE', fg: 'FF9C0006' },
  review: { bg: 'FFFFEB9C', fg: 'FF9C5700' },
  failed: { bg: 'FFD9D9D9', fg: 'FF3F3F3F' },
  muted: { bg: 'FFDDEBF7', fg: 'FF1F4E78' },
}

export interface SheetOptions {
  /** the one sheet a CSV export holds; other sheets are skipped in CSV */
  primary?: boolean
  /** 0-based column whose labels get a conditional fill */
  outcomeColumn?: number
  outcomeTones?: Record<string, OutcomeTone>
  /** header row frozen and filtered (default true) */
  table?: boolean
  /** rows at the end (totals) kept out of the filter range so sorting leaves them last */
  footerRows?: number
  /** row height in points for every data row (thumbnails) */
  rowHeight?: number
}

export interface RowOptions {
  bold?: boolean
}

export interface SheetWriter {
  readonly name: string
  addRow(values: unknown[], opts?: RowOptions): void
  /** 1-based worksheet row number of the next row added */
  readonly nextRow: number
  /** picture anchored in a cell (in-memory workbooks only) */
  addPicture?(data: Buffer, extension: 'jpeg' | 'png', col0: number, row1: number, size: { width: number; height: number }): void
  /** lets the zip stream drain; call every few thousand rows */
  breathe(): Promise<void>
  close(): Promise<void>
}

export interface ReportWriter {
  readonly format: ReportFormat
  sheet(name: string, columns: ColumnSpec[], opts?: SheetOptions): SheetWriter
  /** renames the finished file into place; returns the names of the sheets written */
  finish(): Promise<string[]>
  /** removes the partial file after a failure */
  abort(): void
}

/** Rows held back before the first write, to measure column widths (streamed sheets fix them up front). */
const WIDTH_SAMPLE_ROWS = 200
const BREATHE_EVERY = 2000

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

/**
 * xlsx report file. `streaming` (the default) uses exceljs's WorkbookWriter: rows are committed
 * as they come and memory stays flat for 100,000 rows. The in-memory mode exists only because
 * the streaming writer cannot anchor pictures (thumbnails), and is capped by its caller.
 */
export function openXlsxReport(out: string, opts: { streaming: boolean }): ReportWriter {
  const partial = out + '.partial'
  // exceljs's stream writer reports an unwritable path late or never: find out now, with a plain message.
  probeWritable(partial, out)
  const book = opts.streaming
    ? new ExcelJS.stream.xlsx.WorkbookWriter({ filename: partial, useStyles: true, useSharedStrings: false })
    : new ExcelJS.Workbook()
  book.creator = 'rekap'
  const names: string[] = []
  let open: XlsxSheet | null = null
  return {
    format: 'xlsx',
    sheet(name, columns, sheetOpts = {}) {
      if (open && !open.closed) throw new Error(`sheet "${open.name}" must be closed before "${name}" is opened`)
      names.push(name)
      open = new XlsxSheet(book, name, columns, sheetOpts, opts.streaming)
      return open
    },
    async finish() {
      if (open && !open.closed) await open.close()
      if (book instanceof ExcelJS.stream.xlsx.WorkbookWriter) await book.commit()
      else await book.xlsx.writeFile(partial)
      renameSync(partial, out)
      return names
    },
    abort() {
      rmSync(partial, { force: true })
    },
  }
}

/** Creates (and leaves empty) the partial file, so a read-only or missing folder fails at once. */
export function probeWritable(partial: string, out: string): void {
  try {
    closeSync(openSync(partial, 'w'))
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'error'
    throw new Error(`cannot write the report to ${out} (${code}): choose a folder you can write to; the job's results are kept`)
  }
}

class XlsxSheet implements SheetWriter {
  closed = false
  private readonly ws: ExcelJS.Worksheet
  private pending: Array<{ cells: CellPrimitive[]; opts: RowOptions }> | null = []
  private rowNo = 1
  private sinceBreath = 0

  constructor(
    book: ExcelJS.Workbook,
    readonly name: string,
    private readonly columns: ColumnSpec[],
    private readonly opts: SheetOptions,
    private readonly streaming: boolean,
  ) {
    this.styles = XlsxSheet.stylesFor(columns)
    const table = opts.table ?? true
    this.ws = book.addWorksheet(name, { views: table ? [{ state: 'frozen', ySplit: 1, xSplit: 0 }] : [] })
    this.pending = [{ cells: columns.map((c) => cellFor(c.header, 'text')), opts: { bold: true } }]
  }

  get nextRow(): number {
    return this.rowNo + (this.pending?.length ?? 0)
  }

  addRow(values: unknown[], opts: RowOptions = {}): void {
    const cells = this.columns.map((c, i) => cellFor(values[i], c.kind))
    if (this.pending) {
      this.pending.push({ cells, opts })
      if (this.pending.length > WIDTH_SAMPLE_ROWS) this.flushPending()
      return
    }
    this.write(cells, opts)
  }

  addPicture(data: Buffer, extension: 'jpeg' | 'png', col0: number, row1: number, size: { width: number; height: number }): void {
    if (this.streaming) throw new Error('pictures need the in-memory workbook')
    const id = this.ws.workbook.addImage({ buffer: data as unknown as ExcelJS.Buffer, extension })
    this.ws.addImage(id, { tl: { col: col0 + 0.1, row: row1 - 1 + 0.1 }, ext: size, editAs: 'oneCell' })
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
    const commit = (this.ws as unknown as { commit?: () => void }).commit
    if (this.streaming && commit) commit.call(this.ws)
    await yieldToEventLoop()
  }

  private flushPending(): void {
    if (!this.pending) return
    const rows = this.pending
    this.pending = null
    this.ws.columns = this.columns.map((c, i) => {
      const fmt = NUMBER_FORMATS[c.kind]
      return {
        width: measuredWidth(c, rows.slice(1).map((r) => r.cells[i])),
        style: fmt ? { numFmt: fmt } : {},
      }
    })
    for (const r of rows) this.write(r.cells, r.opts)
  }

  private write(cells: CellPrimitive[], opts: RowOptions): void {
    const row = this.ws.getRow(this.rowNo)
    cells.forEach((v, i) => {
      if (v === null || v === '') return
      const cell = row.getCell(i + 1)
      cell.value = v
      const styles = this.styles[i]
      cell.style = opts.bold ? styles.bold : v instanceof Date ? styles.date : styles.base
    })
    if (this.rowNo > 1 && this.opts.rowHeight) row.height = this.opts.rowHeight
    row.commit()
    this.rowNo++
  }

  /**
   * One style object per column and purpose, shared by every cell: exceljs remembers the style
   * id of an object it has seen, so 100,000 rows cost one style lookup per column instead of one
   * per cell (the difference between seconds and tens of seconds). Never mutated after creation.
   */
  private readonly styles: Array<Record<'base' | 'date' | 'bold', Partial<ExcelJS.Style>>>

  private static stylesFor(columns: ColumnSpec[]): Array<Record<'base' | 'date' | 'bold', Partial<ExcelJS.Style>>> {
    return columns.map((c) => {
    const fmt = NUMBER_FORMATS[c.kind]
    const base: Partial<ExcelJS.Style> = fmt ? { numFmt: fmt } : {}
    return {
      base,
      date: { numFmt: fmt && c.kind !== 'code' && c.kind !== 'text' ? fmt : NUMBER_FORMATS.date! },
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
  const fd = openSync(partial, 'w')
  let buf = '\uFEFF'
  let written = false
  const names: string[] = []
  const flush = (): void => {
    if (buf) writeSync(fd, buf, null, 'utf8')
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
    sheet(name, columns, opts = {}) {
      if (!opts.primary || written) return skipped
      written = true
      names.push(name)
      const line = (cells: CellPrimitive[]): void => {
        buf += cells.map((c) => csvField(c, formatWallClock)).join(',') + '\r\n'
        if (buf.length > 1 << 20) flush()
      }
      line(columns.map((c) => cellFor(c.header, 'text')))
      let rowNo = 2
      let sinceBreath = 0
      return {
        name,
        get nextRow() {
          return rowNo
        },
        addRow(values) {
          line(columns.map((c, i) => cellFor(values[i], c.kind)))
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

export function openReport(out: string, format: ReportFormat, opts: { streaming?: boolean } = {}): ReportWriter {
  return format === 'csv' ? openCsvReport(out) : openXlsxReport(out, { streaming: opts.streaming ?? true })
}
