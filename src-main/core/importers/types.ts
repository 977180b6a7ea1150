/** Public shapes of the spreadsheet importers (xlsx and csv). */
import type { CoreText } from '../texts/core-text'

export type CellValue = string | number | boolean | Date | null

export interface ImportedPicture {
  data: Buffer
  /** lower-case file extension without the dot, e.g. "jpeg", "png" */
  extension: string
}

/**
 * A problem found while importing. `row` is the 1-based row number as Excel shows it (0 when the
 * problem concerns the whole file or sheet); `column` is the header text (or "" for whole-row/file).
 * `message` always names file, sheet, row and column so it can be shown on its own.
 */
export interface ImportProblem {
  file: string
  sheet: string
  row: number
  column: string
  value?: string
  code: ImportProblemCode
  message: string
  /** the reason after the location, as a core text (code + parameters) when rekap has one: said in the reader's language */
  reason?: CoreText
  /** 'error': the cell cannot be used as is; 'warning': usable, but the user should look at it. */
  severity: 'error' | 'warning'
}

export type ImportProblemCode =
  | 'nik-digits-lost'
  | 'nik-maybe-truncated'
  | 'nik-not-16-digits'
  | 'code-digits-lost'
  | 'code-not-integer'
  | 'code-wrong-type'
  | 'cell-truncated'
  | 'cell-error'
  | 'formula-no-result'
  | 'picture-unreadable'
  | 'no-data-rows'
  | 'image-ref-empty'
  | 'image-ref-outside'
  | 'image-ref-not-found'
  | 'image-ref-invalid'

export interface ImportedRow {
  /** 1-based row number in the sheet, as Excel shows it (the csv line's record number for csv) */
  sourceRow: number
  values: Record<string, CellValue>
  /** pictures anchored in this row, keyed by the header of their column */
  pictures: Record<string, ImportedPicture>
  /** per-cell problems of this row (e.g. a NIK that lost digits); empty for a clean row */
  problems: ImportProblem[]
}

export interface TableReader {
  file: string
  sheet: string
  /** 1-based row number of the (first) header row */
  headerRow: number
  /** 1-based row number of the first row after the header (2-row merged headers make this headerRow + 2) */
  firstDataRow: number
  headers: string[]
  rows(): AsyncGenerator<ImportedRow>
  /** sheet-level notes gathered while reading (e.g. "no data rows"), complete once rows() has finished */
  notes: ImportProblem[]
  close(): Promise<void>
}

export interface OpenTableOptions {
  /** sheet name, or 1-based position in the workbook's tab order; default: the first sheet */
  sheet?: string | number
  /** 1-based row number of the header row; default: detected among the first 20 rows */
  headerRow?: number
  /** refuse sheets with more than this many data rows, with a clear error */
  maxRows?: number
  /**
   * which columns (header names) to read embedded pictures for; default: every column.
   * `false` reads none (faster on picture-heavy workbooks when no picture column is mapped).
   */
  pictures?: boolean | string[]
  /**
   * xlsx parser: 'fast' (default) is rekap's own streaming reader of the sheet XML; 'exceljs' is
   * exceljs's streaming WorkbookReader (kept for comparison and as a fallback; about 4x slower).
   */
  engine?: 'fast' | 'exceljs'
}

export interface SheetInfo {
  name: string
  /** 1-based position in the workbook's tab order */
  index: number
}

/** Excel's own limit for the text of one cell. */
export const EXCEL_MAX_CELL_CHARS = 32_767
/** Excel's own row limit. */
export const EXCEL_MAX_ROWS = 1_048_576
