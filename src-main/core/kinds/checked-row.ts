import { describeLocation, type CellValue, type ImportedRow } from '../importers'
import type { NewRow } from '../store'
import type { Checked } from './row-checks'
import type { RowCheckContext } from './kind'

/** A row's cells as stored with the job (dates as ISO text). */
export function plainInput(values: Record<string, CellValue>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(values)) out[k] = v instanceof Date ? v.toISOString() : v
  return out
}

/** A row that fails locally: stored failed, never sent, never charged; the message names file, sheet, row, column. */
export function failedRow(row: ImportedRow, rowNo: number, ctx: RowCheckContext, column: string | null, code: string, reason: string): NewRow {
  const message = column ? `${describeLocation(ctx.file, ctx.sheet, row.sourceRow, column)}: ${reason}` : reason
  return { rowNo, sourceRow: row.sourceRow, input: plainInput(row.values), localFailure: { code, column, message } }
}

/** One mapped field through a shape check: its value, or the failed row naming the column. */
export function checkField<T>(
  row: ImportedRow,
  rowNo: number,
  ctx: RowCheckContext,
  field: string,
  check: (v: CellValue | undefined) => Checked<T>,
): { value: T; failure: null } | { value: undefined; failure: NewRow } {
  const header = ctx.mapping[field]
  const r = check(header ? row.values[header] : undefined)
  return r.ok ? { value: r.value, failure: null } : { value: undefined, failure: failedRow(row, rowNo, ctx, header ?? null, 'invalid-code', r.reason) }
}

/** A mapped field's cell (undefined when the field is not mapped). */
export function fieldCell(row: ImportedRow, ctx: RowCheckContext, field: string): CellValue | undefined {
  const header = ctx.mapping[field]
  return header ? row.values[header] : undefined
}
