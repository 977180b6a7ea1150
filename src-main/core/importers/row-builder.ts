import { normaliseCodeValue } from './code-values'
import { isCodeHeader, isNikHeader } from './header-names'
import type { HeaderLayout } from './header-detection'
import { isEmptyCell } from './header-detection'
import { makeProblem } from './import-error'
import { coreText } from '../texts/core-text'
import type { SourceRow } from './source-row'
import type { CellValue, ImportedRow, ImportProblem } from './types'
import { EXCEL_MAX_CELL_CHARS } from './types'

const NO_COLUMNS: ReadonlySet<number> = new Set()

/** Turns raw rows into ImportedRows: values keyed by header, codes kept as text, problems named. */
export class RowBuilder {
  private readonly codeKind: Array<'nik' | 'code' | null>

  constructor(
    private readonly file: string,
    private readonly sheet: string,
    readonly layout: HeaderLayout,
  ) {
    this.codeKind = layout.headers.map((h) => (isNikHeader(h) ? 'nik' : isCodeHeader(h) ? 'code' : null))
  }

  /** True when none of the table's columns has a value (blank rows between records are skipped). */
  isBlank(raw: SourceRow): boolean {
    return this.layout.columns.every((c) => isEmptyCell(raw.cells[c]) && !raw.notes?.has(c))
  }

  /**
   * @param pictureColumns 0-based sheet columns that hold a picture in this row: an Excel error shown
   *   in such a cell (a "Place in cell" picture reads as #VALUE! to older readers) is not a problem.
   */
  build(raw: SourceRow, pictureColumns: ReadonlySet<number> = NO_COLUMNS): ImportedRow {
    const values: Record<string, CellValue> = {}
    const problems: ImportProblem[] = []
    const { headers, columns } = this.layout
    for (let i = 0; i < headers.length; i++) {
      const column = headers[i]
      const col = columns[i]
      let value: CellValue = raw.cells[col] ?? null
      const note = raw.notes?.get(col)
      const at = { file: this.file, sheet: this.sheet, row: raw.rowNumber, column }
      if (note?.excelError !== undefined && !pictureColumns.has(col)) {
        problems.push(
          makeProblem({
            ...at,
            value: note.excelError,
            code: 'cell-error',
            reason: `the cell shows the Excel error ${note.excelError}`,
          }),
        )
      }
      if (note?.formulaWithoutResult !== undefined && !pictureColumns.has(col)) {
        problems.push(
          makeProblem({
            ...at,
            value: `=${note.formulaWithoutResult}`,
            code: 'formula-no-result',
            reason: `the formula =${note.formulaWithoutResult} has no saved result (Excel shows an error here, or the file was never calculated); fix the cell, or open and save the file in Excel`,
          }),
        )
      }
      if (note?.truncatedFrom !== undefined) {
        problems.push(
          makeProblem({
            ...at,
            code: 'cell-truncated',
            severity: 'warning',
            reason: coreText('cellReason.truncated', { chars: note.truncatedFrom, max: EXCEL_MAX_CELL_CHARS }),
          }),
        )
      }
      const kind = this.codeKind[i]
      if (kind) {
        const code = normaliseCodeValue(value, kind === 'nik')
        value = code.value
        if (code.issue) {
          problems.push(
            makeProblem({
              ...at,
              value: value === null ? undefined : String(value),
              code: code.issue.code,
              severity: code.issue.severity,
              reason: code.issue.reason,
            }),
          )
        }
      }
      values[column] = value
    }
    return { sourceRow: raw.rowNumber, values, pictures: {}, problems }
  }
}
