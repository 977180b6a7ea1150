/**
 * What the content digest cannot see, checked apart. The digest leaves out every row whose first
 * cell is one of the summary's digest and signature labels (they cannot cover themselves), so a
 * row carrying such a label anywhere else, a second one on the summary, or a cell beside one,
 * would pass `rekap verify` unseen; and the signer's fingerprint line is not signed, so it must
 * be the fingerprint of the public key beside it. rekap writes each of these lines once, on the
 * summary, as a label and its value: anything else is a change.
 */
import type { ReportLabels } from '../reports/labels'
import { digestSkipLabels } from '../reports/summary-sheet'
import { fingerprintOf } from '../reports/report-signing'
import { coreText, type CoreText } from '../texts/core-text'
import type { LogicalSheet } from './verify-diff'

/** Rows the digest skips that rekap would not have written, and a signer line that is not its key's. */
export function uncoveredChanges(sheets: LogicalSheet[], L: ReportLabels): CoreText[] {
  const skip = digestSkipLabels(L)
  const out: CoreText[] = []
  const seen = new Set<string>()
  sheets.forEach((s, i) => {
    for (const r of s.rows) {
      const label = r.cells[0]
      if (typeof label !== 'string' || !skip.has(label)) continue
      const once = i === 0 && !seen.has(label)
      seen.add(label)
      // a label and its value, nothing beside them
      if (once && r.cells.length <= 2) continue
      out.push(coreText('verify.uncoveredRow', { sheet: r.sheet, row: r.row, label }))
    }
  })
  const mismatch = signerLineMismatch(sheets[0], L)
  if (mismatch) out.push(mismatch)
  return out
}

/** The summary's signer line against the fingerprint of the public key it states (both unsigned text). */
function signerLineMismatch(summary: LogicalSheet | undefined, L: ReportLabels): CoreText | null {
  const valueOf = (label: string): string | null => {
    const row = summary?.rows.find((r) => r.cells[0] === label)
    const v = row?.cells[1]
    return v === null || v === undefined ? null : String(v)
  }
  const key = valueOf(L.audit.signerKey)
  const stated = valueOf(L.audit.signer)
  const unsigned = (v: string | null): boolean => v === null || v === '-'
  if (unsigned(key) && unsigned(stated)) return null
  const actual = unsigned(key) ? '-' : fingerprintOf(key!)
  return stated === actual ? null : coreText('verify.signerLineMismatch', { stated: stated ?? '-', actual })
}
