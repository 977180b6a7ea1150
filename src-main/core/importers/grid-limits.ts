/**
 * Excel's grid: columns A..XFD, rows 1..1,048,576. A reference beyond it cannot come from a spreadsheet
 * program; `FXSHRXW1` (column 2^31-1) once made the reader build and walk a cells array that long.
 * Every reference the reader meets is checked here first, and refused at once.
 */
export const MAX_COLUMNS = 16_384
export const MAX_ROWS = 1_048_576

export class GridError extends Error {
  override readonly name = 'GridError'
  constructor(
    /** the reference as written ("FXSHRXW1", "row 99999999") */
    readonly ref: string,
  ) {
    super(`the cell reference "${ref}" lies beyond Excel's last column XFD or last row 1,048,576`)
  }
}

export function isGridRow(row: number): boolean {
  return Number.isInteger(row) && row >= 1 && row <= MAX_ROWS
}

export function isGridColumn(col: number): boolean {
  return Number.isInteger(col) && col >= 0 && col < MAX_COLUMNS
}
