import { ServiceError, type SchoolRecord } from '../../provider'
import { schoolSearchRecords } from '../../provider/school-search'
import { premiumRequiredText } from '../../model/premium-text'
import type { JobKindModule } from '../kind'
import { schoolRecordsNotes, schoolRecordsReport } from '../school-records/report'
import { RECORDS_TRAITS } from '../records-traits'
import { queryRowCheck, type QueryPayload } from '../text-query'
import type { Unit } from '../unit'
import { words } from './words'

/**
 * One schools/search request per row (premium; its own envelope: status, timestamp, result).
 * The schools found are cached and linked to the job like a directory query's. Without premium
 * the service answers 403: the row fails, free, with the reason in plain words.
 */
const search: Unit = async (row, env) => {
  const { query } = row.payload as QueryPayload
  let found: Array<Record<string, unknown>>
  try {
    found = schoolSearchRecords(await env.call((signal) => env.client.schoolSearch(query, { signal })))
  } catch (err) {
    if (err instanceof ServiceError && err.kind === 'premium') {
      return { type: 'fail', code: 'premium', message: premiumRequiredText('school-search', err.serviceMessage), hits: 0 }
    }
    throw err
  }
  const schools = found.filter((r): r is Record<string, unknown> & SchoolRecord => typeof r.npsn === 'string')
  return {
    type: 'done',
    charged: false,
    hits: 1,
    result: { outcome: 'records', recordCount: schools.length, raw: { query, found: found.length } },
    learned: { schools, links: { product: 'schools', keys: schools.map((s) => s.npsn) } },
  }
}

/** Schools found by a text (name, NPSN or address) per row: the service's school search. */
export const schoolSearch: JobKindModule = {
  kind: 'school-search',
  words,
  example: { sheet: 'Cari Sekolah', headers: ['No', 'Kata Kunci'], row: (s) => [1, s.schoolName], textColumns: [] },
  product: 'schools',
  fields: [{ field: 'query', required: true, synonyms: ['query', 'cari', 'pencarian', 'katakunci', 'keyword', 'search', 'carisekolah'] }],
  guessRank: 6,
  checkRow: queryRowCheck(200, { empty: 'the search text is empty', tooLong: 'the search text is longer than 200 characters' }),
  unit: search,
  ...RECORDS_TRAITS,
  defaultConcurrency: 2,
  recordsLinked: true,
  writeReportSheets: schoolRecordsReport,
  reportNotes: schoolRecordsNotes,
}
