import type { ConvertedCell } from './cell-values'
import type { RawRow } from './header-detection'

/** One raw row as a row source yields it (xlsx via exceljs or the fast XML reader, or csv). */
export interface SourceRow extends RawRow {
  /** cells that showed an Excel error or were cut, by 0-based column */
  notes?: Map<number, ConvertedCell>
}
