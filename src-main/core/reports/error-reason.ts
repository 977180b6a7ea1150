import { rowErrorReason } from '../../contract/row-error-reasons'
import type { ReportLabels } from './labels'

/**
 * Why a row failed, in the report's language (the short reason for its error code, the same
 * text the app shows), and the service's or importer's own words, kept untranslated for their
 * own column. A code without a short reason keeps the original words as the reason.
 */
export function errorReason(
  row: { errorCode: string | null; errorMessage: string | null; localFailure?: boolean },
  L: Pick<ReportLabels, 'lang' | 'notes'>,
): { reason: string; original: string } {
  const original = row.errorMessage ?? ''
  const short = rowErrorReason(row.errorCode, L.lang)
  // The short reasons already say whether the row was sent; the original words do not.
  if (short) return { reason: short, original }
  return { reason: row.localFailure && original ? `${original} (${L.notes.localFailure})` : original, original }
}
