import type { DirectoryQuery } from '../../contract/ipc'
import type { Store } from '../store'
import { HOSPITAL_FILTER_FIELDS, checkFilterValue, type HospitalValueLists } from '../model/filter-values'
import { storedHospitalValueLists } from '../engine/value-lists'
import { ReportError } from '../reports/report-result'

/**
 * A directory export's hospital filters checked against the same value lists a sync checks them
 * against (as last fetched; the spec's own values before any fetch): `--class E` is refused with
 * the allowed values instead of answering an empty file. The service's spelling is returned.
 */
export function checkedDirectoryQuery(store: Store, q: DirectoryQuery, source: string): DirectoryQuery {
  if (q.product !== 'hospitals') return q
  const lists = storedHospitalValueLists(store, source)
  const out: DirectoryQuery = { ...q }
  for (const field of HOSPITAL_FILTER_FIELDS) {
    const raw = q[field]
    const allowed = lists[field]
    if (!raw?.trim() || !allowed?.length) continue
    const c = checkFilterValue(field, raw, { [field]: allowed } as HospitalValueLists)
    if (!c.ok) throw new ReportError(c.text)
    out[field] = c.value
  }
  return out
}
