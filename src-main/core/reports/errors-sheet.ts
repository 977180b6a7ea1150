import type { Store } from '../store'
import { iterateErrorRows, type ErrorRow } from '../store/error-rows'
import { isCodeHeader } from '../importers/header-names'
import type { ReportLabels } from './labels'
import type { ReportWriter } from './report-output'
import { codeText } from '../importers/code-values'
import { errorReason } from './error-reason'

/**
 * Sheet 3: every row that failed (locally or at the service) or was left uncertain, with the
 * row number as Excel shows it in the user's file, the column at fault and its value, the reason in
 * the report's language and the service's or importer's original words in a column of their own.
 */
export async function writeErrorsSheet(writer: ReportWriter, store: Store, jobId: string, L: ReportLabels): Promise<number> {
  const E = L.errors
  const sheet = writer.sheet(L.sheets.errors, [
    { header: E.row, kind: 'integer', width: 8 },
    { header: E.column, kind: 'text' },
    { header: E.value, kind: 'auto' },
    { header: E.reason, kind: 'text', width: 50 },
    { header: E.original, kind: 'text', width: 70 },
    { header: E.code, kind: 'code' },
    { header: E.state, kind: 'text' },
    { header: E.charged, kind: 'text', width: 9 },
    { header: E.rowId, kind: 'integer', width: 9 },
  ])
  let n = 0
  // a job's failed rows name a few columns, each tested once (its words split and matched) not per row
  const codeColumns = new Map<string, boolean>()
  for (const row of iterateErrorRows(store, jobId)) {
    sheet.addRow(errorCells(row, L, codeColumns))
    n++
    const wait = sheet.breathe()
    if (wait) await wait
  }
  await sheet.close()
  return n
}

function errorCells(row: ErrorRow, L: ReportLabels, codeColumns: Map<string, boolean>): unknown[] {
  const column = row.errorColumn
  const raw = column ? row.input[column] : undefined
  let code = false
  if (column) {
    const known = codeColumns.get(column)
    code = known ?? isCodeHeader(column)
    if (known === undefined) codeColumns.set(column, code)
  }
  const value = code ? codeText(raw) : raw
  const { reason, original } = errorReason(row, L)
  return [
    row.sourceRow ?? row.rowNo,
    column ?? '',
    value ?? null,
    reason,
    original,
    row.errorCode ?? '',
    L.rowStates[row.state] ?? row.state,
    row.charged ? L.yes : L.no,
    row.rowNo,
  ]
}
