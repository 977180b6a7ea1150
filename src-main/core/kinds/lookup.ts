import type { CellValue } from '../importers'
import { checkField, plainInput } from './checked-row'
import type { JobKindModule } from './kind'
import type { Checked } from './row-checks'

/** A lookup row sends one code. */
export type LookupPayload = { code: string }

/** Row check of a lookup kind: the code's shape, checked locally (a malformed code fails for free). */
export function lookupRowCheck(field: string, check: (v: CellValue | undefined) => Checked<string>): JobKindModule['checkRow'] {
  return async (row, rowNo, ctx) => {
    const c = checkField(row, rowNo, ctx, field, check)
    if (c.failure) return c.failure
    return { rowNo, sourceRow: row.sourceRow, input: plainInput(row.values), payload: { code: c.value } satisfies LookupPayload, unitKey: c.value }
  }
}

/**
 * What every lookup kind (one record per code) shares: nothing to reuse across
 * jobs, no score, no photos, no linked records, and found / not found as its verdicts.
 */
export const LOOKUP_TRAITS = {
  reusable: false,
  requestTimeoutMs: (settings) => settings.requestTimeoutMs,
  recordsLinked: false,
  scored: false,
  photos: false,
  verdictFilters: ['found', 'not-found', 'failed'],
} satisfies Pick<JobKindModule, 'reusable' | 'requestTimeoutMs' | 'recordsLinked' | 'scored' | 'photos' | 'verdictFilters'>
