import type { AutocompleteItem } from '../../provider'
import { reportSheets } from '../../reports/report-skeleton'
import { writeResultsSheet } from '../../reports/results-sheet'
import { lookupResults, type LookupRecordKind } from '../lookup-report'
import type { JobKindModule } from '../kind'
import { RECORDS_TRAITS } from '../records-traits'
import { queryRowCheck, type QueryPayload } from '../text-query'
import type { Unit } from '../unit'
import { words } from './words'

/** Regencies only: the service's autocomplete is asked with type=regency (spec 4.1). */
const regencies = (items: AutocompleteItem[]): AutocompleteItem[] => items.filter((i) => /^\d{4}$/.test(i.code))

const suggest: Unit = async (row, env) => {
  const { query } = row.payload as QueryPayload
  const items = regencies(await env.call((signal) => env.client.autocomplete({ query, type: 'regency' }, { signal })))
  return { type: 'done', charged: false, hits: 1, result: { outcome: 'records', recordCount: items.length, raw: { query, items } } }
}

/** The suggestions of a row, as two columns: their codes and their names (at most 10, spec 4.1). */
const suggestionColumns = (L: Parameters<JobKindModule['writeReportSheets']>[3]): LookupRecordKind<AutocompleteItem[]> => ({
  columns: [
    { header: words[L.lang].columns.codes, kind: 'text', width: 30 },
    { header: words[L.lang].columns.names, kind: 'text', width: 60 },
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
  checkRow: queryRowCheck(100, { empty: 'the regency name is empty', tooLong: 'the regency name is longer than 100 characters' }),
  unit: suggest,
  ...RECORDS_TRAITS,
  defaultConcurrency: 4,
  recordsLinked: false,
  writeReportSheets: reportSheets({
    results: (writer, store, job, L, ctx) =>
      writeResultsSheet(writer, store, job, L, lookupResults(store, job, L, ctx.zone, suggestionColumns(L)), ctx),
  }),
}
