import type { JobRecord, RowResult } from '../store'
import type { RowState } from '../model/row-state'

/**
 * The KYC desk's words for a row (design.md: COCOK / TIDAK COCOK / GAGAL, plus PERLU TINJAUAN
 * when the score falls in the review band). Indonesian here; reports translate.
 */
export function labelFor(job: JobRecord, state: RowState, result: RowResult | null): string | null {
  if (state === 'uncertain') return 'TIDAK PASTI'
  if (state === 'failed') return result?.outcome === 'not-found' ? 'TIDAK DITEMUKAN' : 'GAGAL'
  if (!result) return null
  switch (result.outcome) {
    case 'match':
    case 'no-match': {
      const band = job.settings.reviewBand
      if (band && result.confidence != null && result.confidence >= band[0] && result.confidence <= band[1]) return 'PERLU TINJAUAN'
      return result.outcome === 'match' ? 'COCOK' : 'TIDAK COCOK'
    }
    case 'found':
      return 'DITEMUKAN'
    case 'not-found':
      return 'TIDAK DITEMUKAN'
    case 'records':
      return `${result.recordCount ?? 0} DATA`
    default:
      return 'GAGAL'
  }
}
