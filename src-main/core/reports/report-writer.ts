import type { ColumnKind } from './column-cells'
import { closeSync, openSync } from 'node:fs'
import type { CellPrimitive } from './cell-safety'
import { assertWritableOutput } from '../paths/output-path'

/** What every report format implements: sheets of typed columns, written row by row. */

export type ReportFormat = 'xlsx' | 'csv'

/** Fill colours of outcome labels (Excel's own good / bad / neutral palette). */
export type OutcomeTone = 'good' | 'bad' | 'review' | 'failed' | 'muted'

export const TONES: Record<OutcomeTone, { bg: string; fg: string }> = {
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
  /** columns A.. that say which row a printed page is about, repeated on pages across (default: up to the outcome column) */
  keyColumns?: number
  /** printed on one page whole (the summary); other sheets print fit to width, as many pages down as needed */
  onePage?: boolean
  /** placed first in the workbook though written later (needs `reserveFirst` before any sheet) */
  first?: boolean
  /** told each data row's cells as they are written (the report digest hashes what is in the file) */
  onCells?: (cells: readonly CellPrimitive[]) => void
  /**
   * The report digest of this sheet made where its rows are written (writers with `sheetDigests`:
   * the zip thread), instead of `onCells` on this thread: the sheet's name line, its header row and
   * every data row, leaving out rows whose first cell is one of `skip`; `done` gets its SHA-256 at close.
   */
  digest?: { skip: ReadonlySet<string>; done(hex: string): void }
}

export interface RowOptions {
  bold?: boolean
  /**
   * What single cells of this row hold, where it is not their column's kind: the summary's
   * columns are 'auto', but its Rupiah lines carry a number with the money format.
   */
  kinds?: ReadonlyArray<ColumnKind | undefined>
}

export interface SheetWriter {
  readonly name: string
  addRow(values: unknown[], opts?: RowOptions): void
  /** 1-based worksheet row number of the next row added */
  readonly nextRow: number
  /** picture anchored in a cell (in-memory workbooks only) */
  addPicture?(data: Buffer, extension: 'jpeg' | 'png', col0: number, row1: number, size: { width: number; height: number }): void
  /**
   * lets the zip stream drain; call after every row (it does something every few thousand). A
   * writer may give nothing back when there is nothing to wait for: awaiting it anyway costs a
   * turn of the microtask queue per row.
   */
  breathe(): Promise<void> | undefined
  close(): Promise<void>
}

export interface ReportWriter {
  readonly format: ReportFormat
  /** rows per worksheet, header included; a longer sheet continues in `Name (2)`, ... */
  readonly maxRowsPerSheet: number
  /** the sheets' digests can be made by the writer itself (SheetOptions.digest) */
  readonly sheetDigests?: boolean
  sheet(name: string, columns: import('./column-cells').ColumnSpec[], opts?: SheetOptions): SheetWriter
  /**
   * Keeps the workbook's first place for a sheet opened later with `{ first: true }` (the summary,
   * written last when what it states is learnt from the other sheets). Only writers that can.
   */
  reserveFirst?(): void
  /** renames the finished file into place; returns the names of the sheets written */
  finish(): Promise<string[]>
  /** removes the partial file after a failure */
  abort(): void
}

/** Rows held back before the first write, to measure column widths (streamed sheets fix them up front). */
export const WIDTH_SAMPLE_ROWS = 200
export const BREATHE_EVERY = 2000

export const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

/**
 * Creates (and leaves empty) the partial file, so a read-only or missing folder fails at once,
 * before any row is read: as OutputPathError, the cause in the user's language (output-path.ts).
 */
export function probeWritable(partial: string, out: string): void {
  assertWritableOutput(out)
  try {
    closeSync(openSync(partial, 'w'))
  } catch (err) {
    assertWritableOutput(out, (err as NodeJS.ErrnoException).code ?? 'EIO')
  }
}
