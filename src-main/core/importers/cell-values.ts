import type { CellValue } from './types'
import { EXCEL_MAX_CELL_CHARS } from './types'

/** What a raw exceljs cell value means for rekap: a plain value, or an Excel error shown in the cell. */
export interface ConvertedCell {
  value: CellValue
  /** e.g. "#N/A" when the cell (or its formula's cached result) is an Excel error */
  excelError?: string
  /** a formula without a saved result (an error result reads this way too): its text, e.g. "NA()" */
  formulaWithoutResult?: string
  /** the text was longer than Excel allows and was cut */
  truncatedFrom?: number
}

function richTextToString(v: { richText: Array<{ text?: string }> }): string {
  return v.richText.map((r) => r.text ?? '').join('')
}

function plain(v: unknown): ConvertedCell {
  if (v === null || v === undefined) return { value: null }
  if (typeof v === 'number') return Number.isFinite(v) ? { value: v } : { value: null, excelError: '#NUM!' }
  if (typeof v === 'string' || typeof v === 'boolean') return { value: v }
  if (v instanceof Date) return { value: Number.isNaN(v.getTime()) ? null : v }
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>
    if (Array.isArray(o.richText)) return { value: richTextToString(o as { richText: Array<{ text?: string }> }) }
    if (typeof o.error === 'string') return { value: null, excelError: o.error }
    if ('formula' in o || 'sharedFormula' in o) {
      // the value Excel calculated and saved; formulas are never re-evaluated here
      const result = o.result
      if (typeof result === 'number' && Number.isNaN(result)) return { value: null, excelError: '#VALUE!' }
      if (result === undefined || result === null) {
        return { value: null, formulaWithoutResult: String(o.formula ?? o.sharedFormula ?? '') }
      }
      return plain(result)
    }
    if ('hyperlink' in o || 'text' in o) return plain(o.text)
  }
  return { value: String(v) }
}

/** Converts one exceljs cell value (streaming reader shapes) into a CellValue. */
export function convertExcelValue(v: unknown): ConvertedCell {
  const out = plain(v)
  if (typeof out.value === 'string' && out.value.length > EXCEL_MAX_CELL_CHARS) {
    out.truncatedFrom = out.value.length
    out.value = out.value.slice(0, EXCEL_MAX_CELL_CHARS)
  }
  return out
}

/** A csv field: empty -> null, everything else stays text (types are never guessed from csv). */
export function convertCsvField(field: string): ConvertedCell {
  if (field === '') return { value: null }
  if (field.length > EXCEL_MAX_CELL_CHARS) {
    return { value: field.slice(0, EXCEL_MAX_CELL_CHARS), truncatedFrom: field.length }
  }
  return { value: field }
}
