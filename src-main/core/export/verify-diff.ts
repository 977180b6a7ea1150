/**
 * `rekap verify`'s comparison: the report as read against the report made again from the store,
 * cell by cell, each difference named by sheet, row (its row id where the sheet has one) and column.
 */
import type { ReportLabels } from '../reports/labels'
import type { CanonicalCell } from '../reports/report-digest'
import { columnLetter } from '../importers/column-letters'
import { coreText, type CoreText } from '../texts/core-text'
import type { KeyRef } from '../texts/id'

export interface SheetRow {
  /** the worksheet it is on (a continuation part has its own name) and its row number there */
  sheet: string
  row: number
  cells: CanonicalCell[]
}

export interface LogicalSheet {
  name: string
  rows: SheetRow[]
  /** rows of its first worksheet, when it continues in parts (the row limit it was split at) */
  splitAt?: number
}

/** Cell-by-cell differences, rows matched by their row id where the sheet has one. */
export function diffSheets(expected: LogicalSheet[], actual: LogicalSheet[], L: ReportLabels): CoreText[] {
  const out: CoreText[] = []
  const want = new Map(expected.map((s) => [s.name, s]))
  for (const s of actual) {
    const e = want.get(s.name)
    if (!e) {
      out.push(coreText('verify.sheetNotInStore', { sheet: s.name }))
      continue
    }
    want.delete(s.name)
    if (s === actual[0]) {
      // the signature lines: the copy re-made to compare with is not signed (what they sign is the digest, checked apart)
      const signing = new Set([L.audit.signer, L.audit.signerKey, L.audit.signature])
      const unsigned = (x: LogicalSheet): LogicalSheet => ({ ...x, rows: x.rows.filter((r) => !signing.has(String(r.cells[0] ?? ''))) })
      out.push(...diffSheet(unsigned(e), unsigned(s), L, true))
    } else out.push(...diffSheet(e, s, L, false))
  }
  for (const name of want.keys()) out.push(coreText('verify.sheetMissing', { sheet: name }))
  return out
}

/** A cell as a finding quotes it: text in quotes (a date without its marker), null when empty. */
const show = (v: CanonicalCell | undefined): string | null =>
  v === null || v === undefined ? null : typeof v === 'string' ? JSON.stringify(v.replace(/^D:/, '')) : String(v)

function diffSheet(expected: LogicalSheet, actual: LogicalSheet, L: ReportLabels, isSummary: boolean): CoreText[] {
  const out: CoreText[] = []
  const header = expected.rows[0]?.cells ?? []
  const colOf = (i: number): { letter: string; header: string | null } => {
    const h = header[i]
    return { letter: columnLetter(i), header: h === null || h === undefined || h === '' ? null : String(h) }
  }
  const keyHeaders = new Set([L.face.rowId, L.errors.rowId, L.lookup.rowId, L.review.seq])
  const keyCol = header.findIndex((h) => typeof h === 'string' && keyHeaders.has(h))
  const compareCells = (e: SheetRow, a: SheetRow, key: KeyRef | null, isHeader: boolean): void => {
    const n = Math.max(e.cells.length, a.cells.length)
    for (let i = 0; i < n; i++) {
      const ev = e.cells[i] ?? null
      const av = a.cells[i] ?? null
      if (ev !== av) {
        out.push(coreText('verify.cell', { sheet: a.sheet, row: a.row, key, header: isHeader, column: colOf(i), report: show(av), store: show(ev) }))
      }
    }
  }
  // the header row is compared as it stands
  if (expected.rows[0] && actual.rows[0]) compareCells(expected.rows[0], actual.rows[0], null, true)
  const eRows = expected.rows.slice(1)
  const aRows = actual.rows.slice(1)
  if (keyCol < 0 && !isSummary) {
    const n = Math.max(eRows.length, aRows.length)
    for (let i = 0; i < n; i++) {
      const e = eRows[i]
      const a = aRows[i]
      if (e && a) compareCells(e, a, null, false)
      else if (a) out.push(coreText('verify.rowAdded', { sheet: a.sheet, row: a.row, key: null }))
      else if (e) out.push(coreText('verify.rowMissing', { sheet: actual.name, row: e.row, key: null }))
    }
    return out
  }
  // rows are matched by their row id, or on the summary by their label (and which of that label it is)
  const keyName = keyCol >= 0 ? String(header[keyCol]) : null
  const summaryKeys = (rows: SheetRow[]): Map<SheetRow, string> => {
    const seen = new Map<string, number>()
    const keys = new Map<SheetRow, string>()
    for (const r of rows) {
      const label = String(r.cells[0] ?? '')
      const n = (seen.get(label) ?? 0) + 1
      seen.set(label, n)
      keys.set(r, n > 1 ? `${label} #${n}` : label)
    }
    return keys
  }
  const labelKeys = keyCol >= 0 ? null : new Map([...summaryKeys(eRows), ...summaryKeys(aRows)])
  const keyOf = (r: SheetRow): string => (labelKeys ? labelKeys.get(r)! : String(r.cells[keyCol] ?? ''))
  const ref = (k: string): KeyRef => ({ name: keyName, value: k })
  const eByKey = new Map<string, SheetRow>()
  for (const r of eRows) eByKey.set(keyOf(r), r)
  const seen = new Set<string>()
  for (const a of aRows) {
    const k = keyOf(a)
    const e = eByKey.get(k)
    if (!e || seen.has(k)) {
      out.push(coreText('verify.rowAdded', { sheet: a.sheet, row: a.row, key: ref(k) }))
      continue
    }
    seen.add(k)
    compareCells(e, a, ref(k), false)
  }
  for (const e of eRows) {
    const k = keyOf(e)
    if (!seen.has(k)) out.push(coreText('verify.rowMissing', { sheet: e.sheet, row: e.row, key: ref(k) }))
  }
  return out
}
