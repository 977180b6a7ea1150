import { coreText, textOfError, type CoreText } from '../texts/core-text'
import { columnLetter } from './column-letters'
import { CsvBadCharacterError, CsvEncodingError, CsvQuoteError, CsvRowTooLongError, CsvTooManyRowsError, CsvTooWideError, MAX_RECORD_CHARS } from './csv-records'
import { GridError, MAX_COLUMNS, MAX_ROWS } from './grid-limits'
import { ImportError, importError } from './import-error'
import { openFailureReason } from './open-failure'
import { MAX_ROW_CHARS, RowTooLongError, UnclosedRowError } from './sheet-row-scanner'
import { WorkbookLimitError } from './shared-strings-reader'
import { MAX_STRING_ITEM_CHARS, StringItemTooLongError } from './shared-strings'
import { RowOrderError } from './sheet-xml-rows'
import { XmlTextError } from './xml-text-error'
import { ZipFormatError, ZipPartError, ZipSizeError } from './zip-directory'

/**
 * The one place where whatever went wrong while reading an untrusted workbook becomes a refusal that
 * names the file (and sheet), in both languages: a damaged part, a part breaking its size promise, a
 * character XML forbids, a reference beyond Excel's grid, a row too long or never ending. Anything
 * else a reader throws is still a refusal ("cannot be read: ..."), never an unexpected error.
 */
/** exceljs's parser (saxes) meeting an entity XML does not define ("3:41: undefined entity."): its words are English. */
const SAX_ENTITY = /(?:undefined entity|disallowed character in entity name)\.?$/

/** Why exceljs could not read a workbook, for a message that names the file itself: a core text where there is one. */
export function exceljsReason(err: unknown): CoreText | string {
  const text = textOfError(err)
  if (text) return text
  if (err instanceof Error && SAX_ENTITY.test(err.message)) return coreText('import.xmlEntity', {})
  return (err as Error)?.message ?? String(err)
}

export function asImportError(file: string, err: unknown, sheet?: string): ImportError {
  if (err instanceof ImportError) return err
  if (err instanceof ZipSizeError || err instanceof WorkbookLimitError) {
    return importError('zip-bomb', file, coreText('import.refused', { detail: err.text ?? err.message }), sheet)
  }
  if (err instanceof StringItemTooLongError) {
    return importError('unreadable', file, coreText('import.stringTooLong', { part: err.part, mb: MAX_STRING_ITEM_CHARS / 1024 / 1024 }), sheet)
  }
  if (err instanceof CsvQuoteError) {
    return importError('unreadable', file, coreText('import.csvQuoteUnclosed', { row: err.row, column: columnLetter(err.column) }), sheet)
  }
  if (err instanceof CsvEncodingError) {
    return importError('unreadable', file, coreText('import.csvNotUtf8', { row: err.row, column: columnLetter(err.column) }), sheet)
  }
  if (err instanceof CsvBadCharacterError) {
    return importError('unreadable', file, coreText('import.csvBadCharacter', { row: err.row, column: columnLetter(err.column), what: err.what }), sheet)
  }
  if (err instanceof CsvRowTooLongError) {
    return importError('unreadable', file, coreText('import.csvRowTooLong', { row: err.row, mb: MAX_RECORD_CHARS / 1024 / 1024, quoteOpen: err.quoteOpen }), sheet)
  }
  if (err instanceof CsvTooWideError) return importError('unreadable', file, coreText('import.csvTooWide', { row: err.row, ref: err.ref, max: MAX_COLUMNS }), sheet)
  if (err instanceof RowOrderError) {
    return importError('unreadable', file, coreText('import.rowRepeated', { part: err.part, row: err.row, previous: err.previous }), sheet)
  }
  if (err instanceof Error && SAX_ENTITY.test(err.message)) return importError('unreadable', file, coreText('import.xmlEntity', {}), sheet)
  // the header takes a row at least: what an .xlsx could hold at most
  if (err instanceof CsvTooManyRowsError) return importError('too-many-rows', file, coreText('import.tooManyRows', { max: MAX_ROWS - 1, lastRow: null }), sheet)
  if (err instanceof ZipPartError) return importError('unreadable', file, coreText('import.partDamaged', { part: err.part, detail: err.detail }), sheet)
  if (err instanceof ZipFormatError) return importError('truncated', file, coreText('import.truncated', { detail: err.text ?? err.message }), sheet)
  if (err instanceof XmlTextError) return xmlTextRefusal(file, err, sheet)
  if (err instanceof GridError) return importError('unreadable', file, coreText('import.beyondGrid', { ref: err.ref }), sheet)
  if (err instanceof RowTooLongError) return importError('unreadable', file, coreText('import.rowTooLong', { row: err.row, mb: MAX_ROW_CHARS / 1024 / 1024 }), sheet)
  if (err instanceof UnclosedRowError) return importError('truncated', file, coreText('import.rowUnclosed', { row: err.row }), sheet)
  // the system's refusal to read on (the file gone or locked while being read): its words, not its English
  const opening = openFailureReason(err)
  if (opening) return importError('file-not-found', file, opening, sheet)
  return importError('unreadable', file, coreText('import.cannotRead', { detail: textOfError(err) ?? (err as Error)?.message ?? String(err) }), sheet)
}

/** Text XML does not allow, naming the cell (its row and column) or else the part it stood in. */
function xmlTextRefusal(file: string, err: XmlTextError, sheet?: string): ImportError {
  const cell = err.where?.startsWith('cell ') ? err.where.slice(5) : null
  const part = cell ? null : (err.where ?? null)
  if (err.kind === 'character') return importError('unreadable', file, coreText('import.badCharacter', { cell, part, what: err.what }), sheet)
  const ref = cell ? /^([A-Z]{1,3})(\d{1,7})$/.exec(cell) : null
  const at = ref ? { row: Number(ref[2]), column: ref[1] } : { row: null, column: null }
  return importError('unreadable', file, coreText('import.undefinedEntity', { ...at, part: ref ? null : (cell ?? part), entity: err.what }), sheet)
}
