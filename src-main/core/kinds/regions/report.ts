import type { Store, RegionEntry } from '../../store'
import type { ReportRow } from '../../store/report-rows'
import type { ReportLabels } from '../../reports/labels'
import type { ReportWriter } from '../../reports/report-output'
import type { ResultsSheetSpec } from '../../reports/results-sheet'
import { verdictOf, type Verdict } from '../../verdict'
import { LOOKUP_TONES } from '../lookup-report'
import { rowIdColumn, trailResultColumns } from '../../reports/row-trail'
import type { ReportZone } from '../../reports/time-zone'
import { errorReason } from '../../reports/error-reason'

/** A row of a regions report: its verdict. */
interface RegionRow {
  row: ReportRow
  outcome: Verdict
}

/** Sheet 2 of a regions report: each unit of the job with its outcome and how many regions it yielded. */
export function regionUnits(L: ReportLabels, zone: ReportZone): ResultsSheetSpec<RegionRow> {
  return {
    tones: LOOKUP_TONES,
    columns: [
      { header: L.lookup.result, kind: 'outcome', width: 17, value: (c) => L.outcomes[c.outcome] },
      { header: L.lookup.records, kind: 'integer', value: (c) => c.row.result?.recordCount ?? null },
      { header: L.lookup.note, kind: 'text', width: 40, value: (c) => errorReason(c.row, L).reason },
      ...trailResultColumns<RegionRow>(L, L.lookup.time, zone),
      rowIdColumn<RegionRow>(L.lookup.rowId),
    ],
    rowContext: (row) => ({ row, outcome: verdictOf(row.state, row.result?.outcome, false) }),
  }
}

/**
 * The regions the job fetched, from the local cache: one row per region (province, each of its
 * regencies, each of their districts, every row naming its parents), for the provinces the job
 * asked for only (`'all'` when a row asked for every province). So the sheet has exactly as many
 * rows as the records the results sheet counts; the cache's other provinces (every regions job
 * stores the province list) are not this job's.
 */
export async function writeRegionTree(writer: ReportWriter, store: Store, L: ReportLabels, provinces: ReadonlySet<string> | 'all'): Promise<number> {
  const H = L.school
  const sheet = writer.sheet(L.sheets.regions, [
    { header: H.level, kind: 'text', width: 11 },
    { header: H.provinceCode, kind: 'code' },
    { header: H.province, kind: 'text' },
    { header: H.regencyCode, kind: 'code' },
    { header: H.regency, kind: 'text' },
    { header: H.districtCode, kind: 'code' },
    { header: H.district, kind: 'text' },
  ])
  const byParent = new Map<string, RegionEntry[]>()
  for (const r of store.cache.listRegions()) {
    const key = r.parentCode ?? ''
    const list = byParent.get(key)
    if (list) list.push(r)
    else byParent.set(key, [r])
  }
  const wanted = (byParent.get('') ?? []).filter((r) => r.level === 'province' && (provinces === 'all' || provinces.has(r.code)))
  let n = 0
  const row = (values: unknown[]): void => {
    sheet.addRow(values)
    n++
  }
  for (const p of wanted) {
    // every row as long as the sheet is wide (empty cells null): a shorter row read past its end
    // made V8 throw away the optimised addRow the results sheet had left
    row([H.levels.province, p.code, p.name, null, null, null, null])
    for (const r of byParent.get(p.code) ?? []) {
      row([H.levels.regency, p.code, p.name, r.code, r.name, null, null])
      for (const d of byParent.get(r.code) ?? []) row([H.levels.district, p.code, p.name, r.code, r.name, d.code, d.name])
      await sheet.breathe()
    }
  }
  await sheet.close()
  return n
}
