import { schoolsLackPremiumFields } from '../../store/premium-fields'
import { schoolLookupReport } from '../school-records/report'
import type { JobKindModule } from '../kind'
import { LOOKUP_TRAITS, lookupRowCheck, type LookupPayload } from '../lookup'
import { checkNpsn } from '../row-checks'
import type { Unit } from '../unit'
import { words } from './words'

const lookUp: Unit = async (row, env) => {
  const { code } = row.payload as LookupPayload
  const cached = env.cache.getSchool(code, env.source, env.freshAfter)
  if (cached) return { type: 'done', charged: false, hits: 0, result: { outcome: 'found', recordKey: code, fromCache: true, raw: cached } }
  const page = await env.call((signal) => env.client.schools({ npsn: code }, { signal }))
  const s = page.items.find((x) => x.npsn === code) ?? page.items[0]
  if (!s) return { type: 'fail', code: 'not-found', message: `no school with NPSN ${code}`, hits: 1 }
  return { type: 'done', charged: false, hits: 1, result: { outcome: 'found', recordKey: s.npsn, raw: s }, learned: { schools: [s] } }
}

/** One school per row, by its NPSN. */
export const schoolLookup: JobKindModule = {
  kind: 'school-lookup',
  words,
  example: { sheet: 'Daftar Sekolah', headers: ['No', 'NPSN'], row: (s) => [1, s.npsn], textColumns: [2] },
  product: 'schools',
  fields: [{ field: 'npsn', required: true, synonyms: ['npsn', 'nomorpokoksekolahnasional', 'npsnsekolah', 'schoolnpsn'] }],
  guessRank: 3,
  checkRow: lookupRowCheck('npsn', checkNpsn),
  unit: lookUp,
  rowsAnsweredFromCache: (store, jobId, source, freshAfter) => store.cache.countFreshLookups(jobId, 'school', source, freshAfter),
  ...LOOKUP_TRAITS,
  defaultConcurrency: 4,
  writeReportSheets: schoolLookupReport,
  reportNotes: (store, job, L) => (schoolsLackPremiumFields(store, job, 'results') ? [L.notes.premium] : []),
}
