import { hospitalLookupReport } from '../hospital-records/report'
import type { JobKindModule } from '../kind'
import { LOOKUP_TRAITS, lookupRowCheck, type LookupPayload } from '../lookup'
import { checkHospitalCode } from '../row-checks'
import type { Unit } from '../unit'
import { words } from './words'

const lookUp: Unit = async (row, env) => {
  const { code } = row.payload as LookupPayload
  const cached = env.cache.getHospital(code, env.source, env.freshAfter)
  if (cached) return { type: 'done', charged: false, hits: 0, result: { outcome: 'found', recordKey: code, fromCache: true, raw: cached } }
  const h = await env.call((signal) => env.client.hospital(code, { signal }))
  return { type: 'done', charged: false, hits: 1, result: { outcome: 'found', recordKey: h.code, raw: h }, learned: { hospitals: [h] } }
}

/** One hospital per row, by its code. */
export const hospitalLookup: JobKindModule = {
  kind: 'hospital-lookup',
  words,
  example: { sheet: 'Daftar RS', headers: ['No', 'Kode RS'], row: (s) => [1, s.hospitalCode], textColumns: [2] },
  product: 'hospitals',
  fields: [{ field: 'code', required: true, synonyms: ['code', 'koders', 'kode', 'hospitalcode', 'koderumahsakit', 'kodersu', 'kodehospital', 'rscode', 'kdrs'] }],
  guessRank: 2,
  checkRow: lookupRowCheck('code', checkHospitalCode),
  unit: lookUp,
  rowsAnsweredFromCache: (store, jobId, source, freshAfter) => store.cache.countFreshLookups(jobId, 'hospital', source, freshAfter),
  ...LOOKUP_TRAITS,
  defaultConcurrency: 8,
  writeReportSheets: hospitalLookupReport,
}
