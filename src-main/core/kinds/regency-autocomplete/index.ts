import type { AutocompleteItem } from '../../provider'
import { reportSheets } from '../../reports/report-skeleton'
import { writeResultsSheet } from '../../reports/results-sheet'
import { lookupResults, type LookupRecordKind } from '../lookup-report'
import { failedRow, fieldCell, plainInput } from '../checked-row'
import type { JobKindModule } from '../kind'
import { optionalText } from '../row-checks'
import type { Unit } from '../unit'
import { words } from './words'

/** A row sends one regency name (or part of one) to the regional autocomplete. */
export type SuggestPayload = { query: string }

/** Regencies only: the service's autocomplete is asked with type=regency (spec 4.1). */
const regencies = (items: AutocompleteItem[]): AutocompleteItem[] => items.filter((i) => /^\d{4}$/.test(i.code))

const suggest: Unit = async (row, env) => {
  const { query } = row.payload as SuggestPayload
  const items = regencies(await env.call((signal) => env.client.autocomplete({ query, type: 'regency' }, { signal })))
  return { type: 'done', charged: false, hits: 1, result: { outcome: 'records', recordCount: items.length, raw: { query, items } } }
}

/** The suggestions of a row, as two columns: their codes and their names (at most 10, spec 4.1). */
const suggestionColumns = (L: Parameters<JobKindModule['writeReportSheets']>[3]): LookupRecordKind<AutocompleteItem[]> => ({
  columns: [
    { header: L.school.regencyCode, kind: 'text', width: 30 },
    { header: L.school.regency, kind: 'text', width: 60 },
  ],
  fromResult: (raw) => ((raw as { items?: AutocompleteItem[] } | null)?.items ?? null),
  fromCache: () => undefined,
  values: (items) => (items ? [items.map((i) => i.code).join('; '), items.map((i) => i.name).join('; ')] : [null, null]),
  onRecord: () => {},
})

/**
 * Regency suggestions for a list of regency names: one regional autocomplete request per row
 * (a regional hit, paced by the regional rate), its suggestions (codes and names) in the report.
 */
export const regencyAutocomplete: JobKindModule = {
  kind: 'regency-autocomplete',
  words,
  example: { sheet: 'Nama Kabupaten', headers: ['No', 'Nama Kabupaten'], row: () => [1, 'Bandung'], textColumns: [] },
  product: 'regional',
  fields: [{ field: 'query', required: true, synonyms: ['regencyname', 'namakabupaten', 'namakabkota', 'kabupatenkota', 'kabupaten', 'kabkota', 'regency'] }],
  // last: a sheet with regency codes beside the names is a school-directory one (more columns explained; ties go to the lower rank)
  guessRank: 9,
  async checkRow(row, rowNo, ctx) {
    const query = optionalText(fieldCell(row, ctx, 'query'))
    if (!query) return failedRow(row, rowNo, ctx, ctx.mapping.query ?? null, 'empty-query', 'the regency name is empty')
    if (query.length > 100) return failedRow(row, rowNo, ctx, ctx.mapping.query ?? null, 'invalid-query', 'the regency name is longer than 100 characters')
    return { rowNo, sourceRow: row.sourceRow, input: plainInput(row.values), payload: { query } satisfies SuggestPayload, unitKey: query.toLowerCase() }
  },
  unit: suggest,
  reusable: false,
  requestTimeoutMs: (settings) => settings.requestTimeoutMs,
  defaultConcurrency: 4,
  recordsLinked: false,
  scored: false,
  photos: false,
  verdictFilters: ['records', 'failed'],
  writeReportSheets: reportSheets({
    results: (writer, store, job, L, ctx) =>
      writeResultsSheet(writer, store, job, L, lookupResults(store, job, L, ctx.zone, suggestionColumns(L)), ctx),
  }),
}
