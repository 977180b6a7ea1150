import type { CellValue, ImportProblemCode } from './types'
import { coreText, type CoreText } from '../texts/core-text'

/**
 * Codes (NIK, NPSN, hospital and region codes) are text. A spreadsheet often stores them as numbers,
 * which is harmless while the number is an exact integer, and destructive beyond 2^53 (or beyond 15
 * significant digits, which is all Excel keeps): those digits are gone and only the user can restore
 * them.
 */

export interface CodeIssue {
  code: ImportProblemCode
  severity: 'error' | 'warning'
  /** a core text, so the CLI and the reports say it in their language (texts/cell-reason-{id,en}.ts) */
  reason: CoreText
}

export interface CodeValue {
  value: CellValue
  issue?: CodeIssue
}

const EXPONENT_FORM = /^[+-]?\d+(\.\d+)?e[+-]?\d+$/i

function lostDigits(isNik: boolean, shown: string): CodeIssue {
  return {
    code: isNik ? 'nik-digits-lost' : 'code-digits-lost',
    severity: 'error',
    reason: coreText(isNik ? 'cellReason.nikDigitsLost' : 'cellReason.codeDigitsLost', { shown }),
  }
}

/** A NIK is 16 digits (Dukcapil's form): the region, the birth date, a serial number. */
const NIK_DIGITS = 16

/**
 * A NIK that is not 16 digits was mistyped (a digit dropped or doubled, the letter O for a zero).
 * It is not sent to the service, so the row still goes: a cell warning for the user to check, never a failed row.
 */
function nikShapeIssue(shown: string): CodeIssue | undefined {
  const allDigits = /^\d+$/.test(shown)
  if (allDigits && shown.length === NIK_DIGITS) return undefined
  return {
    code: 'nik-not-16-digits',
    severity: 'warning',
    reason: coreText('cellReason.nikNot16Digits', { shown, digits: allDigits ? shown.length : null }),
  }
}

export function normaliseCodeValue(value: CellValue, isNik: boolean): CodeValue {
  if (typeof value === 'string') {
    const text = value.trim()
    // a csv saved by Excel from a number-formatted column writes "3.20123E+15"
    if (EXPONENT_FORM.test(text)) return { value: text, issue: lostDigits(isNik, text) }
    if (text === '') return { value: null }
    const issue = isNik ? nikShapeIssue(text) : undefined
    return issue ? { value: text, issue } : { value: text }
  }
  if (value instanceof Date || typeof value === 'boolean') {
    const shown = value instanceof Date ? value.toISOString().slice(0, 10) : String(value).toUpperCase()
    return {
      value: shown,
      issue: {
        code: 'code-wrong-type',
        severity: 'error',
        reason: coreText('cellReason.wrongType', { nik: isNik, found: value instanceof Date ? 'date' : 'boolean', shown }),
      },
    }
  }
  if (typeof value !== 'number') return { value }
  if (!Number.isInteger(value)) {
    return {
      value: String(value),
      issue: {
        code: 'code-not-integer',
        severity: 'error',
        reason: coreText('cellReason.notInteger', { nik: isNik, shown: String(value) }),
      },
    }
  }
  if (Math.abs(value) > Number.MAX_SAFE_INTEGER) {
    return { value: BigInt(value).toString(), issue: lostDigits(isNik, value.toExponential(5).toUpperCase()) }
  }
  const digits = String(value)
  if (isNik && digits.length === 16 && digits.endsWith('0')) {
    return {
      value: digits,
      issue: {
        code: 'nik-maybe-truncated',
        severity: 'warning',
        reason: coreText('cellReason.nikMaybeTruncated', { digits }),
      },
    }
  }
  const issue = isNik ? nikShapeIssue(digits) : undefined
  return issue ? { value: digits, issue } : { value: digits }
}

/**
 * A stored code as text, wherever it is shown (report cells, the review screen): a code kept as a
 * number becomes its digits (never '3.27e+15'), a date its day; an empty cell is null.
 */
export function codeText(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null
    return Number.isInteger(value) ? BigInt(value).toString() : String(value)
  }
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10)
  if (typeof value === 'string') return value
  return typeof value === 'object' ? JSON.stringify(value) : String(value)
}
