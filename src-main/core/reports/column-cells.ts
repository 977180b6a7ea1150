import { literalCell, type CellPrimitive } from './cell-safety'
import { revivedInputDate, wallClockDate, zonelessIsoDate } from './report-time'

/**
 * What a report column holds, which fixes how a value becomes a cell and how Excel shows it.
 * `code` is text whatever it was given as, so leading zeros and 16-digit NIKs survive.
 */
export type ColumnKind = 'auto' | 'text' | 'code' | 'integer' | 'number' | 'score' | 'money' | 'date' | 'outcome'

export interface ColumnSpec {
  header: string
  kind: ColumnKind
  /** fixed width in characters; otherwise measured from the header and the first rows */
  width?: number
}

export const NUMBER_FORMATS: Partial<Record<ColumnKind, string>> = {
  code: '@',
  text: '@',
  outcome: '@',
  integer: '#,##0',
  // Rupiah with the reader's own digit grouping (Rp1.250.000 in an Indonesian Excel)
  money: '"Rp"#,##0',
  score: '0.0000',
  date: 'yyyy-mm-dd hh:mm:ss',
}

/** One value -> the cell written for a column of this kind. */
export function cellFor(value: unknown, kind: ColumnKind): CellPrimitive {
  switch (kind) {
    case 'code':
      return codeText(value)
    case 'text':
    case 'outcome': {
      const v = literalCell(value)
      return v === null ? null : typeof v === 'string' ? v : v instanceof Date ? v.toISOString() : String(v)
    }
    case 'date':
      if (typeof value === 'number') return Number.isFinite(value) ? wallClockDate(value) : null
      if (typeof value === 'string') return revivedInputDate(value) ?? zonelessIsoDate(value) ?? literalCell(value)
      return literalCell(value)
    case 'auto':
      return revivedInputDate(value) ?? literalCell(value)
    default:
      return literalCell(value)
  }
}

/** Codes as text: a code stored as a number becomes its digits (never '3.27e+15'). */
export function codeText(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null
    return Number.isInteger(value) ? BigInt(value).toString() : String(value)
  }
  const v = literalCell(value)
  if (v === null) return null
  return v instanceof Date ? v.toISOString().slice(0, 10) : String(v)
}

/** Width in characters for a column, from its header and sampled cells; bounded so sheets stay readable. */
export function measuredWidth(spec: ColumnSpec, samples: CellPrimitive[]): number {
  if (spec.width) return spec.width
  if (spec.kind === 'date') return 20
  let longest = spec.header.length
  for (const s of samples) {
    if (s === null) continue
    const len = s instanceof Date ? 19 : typeof s === 'number' ? String(s).length + 2 : String(s).length
    if (len > longest) longest = len
  }
  return Math.min(60, Math.max(8, longest + 2))
}
