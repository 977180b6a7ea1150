import type { DirectoryQuery } from './ipc'

/**
 * The one rule of a directory sync's area, read by the engine (core/kinds/school-directory),
 * the app's directory handler and the Directory screen: the service lists schools per regency
 * only (spec 4.3), so a school sync needs a regency, or a province rekap expands to its
 * regencies locally (free) (districts: their regencies); hospitals may be synced for the whole country.
 */
export function directoryAreaMissing(q: Pick<DirectoryQuery, 'product' | 'provinceCodes' | 'regencyCodes' | 'districtCodes'>): boolean {
  return q.product === 'schools' && !q.regencyCodes?.length && !q.provinceCodes?.length && !q.districtCodes?.length
}
