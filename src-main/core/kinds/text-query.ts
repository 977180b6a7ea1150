import { failedRow, fieldCell, plainInput } from './checked-row'
import type { JobKindModule } from './kind'
import { optionalText } from './row-checks'

/** A text-query row (a school search, a regency name to complete) sends one text. */
export type QueryPayload = { query: string }

/**
 * Row check of a kind whose rows are one text (its `query` field): an empty text or one longer
 * than the service takes fails locally, for free; the same text twice (any case) is asked once.
 */
export function queryRowCheck(max: number, words: { empty: string; tooLong: string }): JobKindModule['checkRow'] {
  return async (row, rowNo, ctx) => {
    const query = optionalText(fieldCell(row, ctx, 'query'))
    if (!query) return failedRow(row, rowNo, ctx, ctx.mapping.query ?? null, 'empty-query', words.empty)
    if (query.length > max) return failedRow(row, rowNo, ctx, ctx.mapping.query ?? null, 'invalid-query', words.tooLong)
    return { rowNo, sourceRow: row.sourceRow, input: plainInput(row.values), payload: { query } satisfies QueryPayload, unitKey: query.toLowerCase() }
  }
}
