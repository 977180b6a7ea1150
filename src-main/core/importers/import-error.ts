import path from 'node:path'

import type { ImportProblem, ImportProblemCode } from './types'
import { coreText, renderCoreText, TextError, type CoreText } from '../texts/core-text'
import type { Where } from '../texts/id'

/** Why a whole workbook or sheet cannot be read. One clear sentence each; shown to the user as is. */
export type ImportErrorCode =
  | 'file-not-found'
  | 'not-a-workbook'
  | 'truncated'
  | 'password-protected'
  | 'legacy-xls'
  | 'zip-bomb'
  | 'empty-workbook'
  | 'sheet-not-found'
  | 'empty-sheet'
  | 'no-header-row'
  | 'too-many-rows'
  | 'unreadable'

export class ImportError extends TextError {
  override readonly name = 'ImportError'
  constructor(
    readonly code: ImportErrorCode,
    message: string | CoreText,
    readonly file: string,
    readonly sheet?: string,
  ) {
    super(message)
  }
}

/** The file (by its name) and sheet a message is about, for a core text's `where`. */
export function whereOf(file: string, sheet?: string): Where {
  return sheet === undefined ? { file: path.basename(file) } : { file: path.basename(file), sheet }
}

/** "kyc.xlsx" or `kyc.xlsx, sheet "Data"`: the prefix every message about a file starts with. */
export function describeLocation(file: string, sheet?: string, row?: number, column?: string): string {
  const parts = [path.basename(file)]
  if (sheet !== undefined) parts.push(`sheet "${sheet}"`)
  if (row !== undefined && row > 0) parts.push(`row ${row}`)
  if (column) parts.push(`column "${column}"`)
  return parts.join(', ')
}

/** The message names the file (and sheet) before the reason, in the words of the language it is said in. */
export function importError(
  code: ImportErrorCode,
  file: string,
  reason: CoreText,
  sheet?: string,
): ImportError {
  return new ImportError(code, coreText('import.at', { where: whereOf(file, sheet), reason }), file, sheet)
}

export interface ProblemInput {
  file: string
  sheet: string
  row: number
  column: string
  value?: string
  code: ImportProblemCode
  /** a core text where rekap has one (the CLI says it in its language); `.message` keeps the English */
  reason: string | CoreText
  severity?: 'error' | 'warning'
}

/** Builds a problem whose message names file, sheet, row and column before the reason. */
export function makeProblem(p: ProblemInput): ImportProblem {
  const problem: ImportProblem = {
    file: p.file,
    sheet: p.sheet,
    row: p.row,
    column: p.column,
    code: p.code,
    severity: p.severity ?? 'error',
    message: `${describeLocation(p.file, p.sheet, p.row, p.column)}: ${typeof p.reason === 'string' ? p.reason : renderCoreText(p.reason, 'en')}`,
  }
  if (typeof p.reason !== 'string') problem.reason = p.reason
  if (p.value !== undefined) problem.value = p.value
  return problem
}
