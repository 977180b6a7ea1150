import type { Store, JobRecord, RegionEntry, JobFingerprint } from '../../store'
import { iterateReportRows, type ReportRow } from '../../store/report-rows'
import type { ReportLabels } from '../../reports/labels'
import type { ReportWriter } from '../../reports/report-output'
import { besideInputs, inputColumns, inputValues } from '../../reports/input-columns'
import { verdictOf } from '../../verdict'
import { toneMap } from '../../reports/outcome-tones'
import { LOOKUP_TONES } from '../../reports/lookup-results'
import { trailColumns, trailValues } from '../../reports/row-trail'
import { reportZone, type ReportZone } from '../../reports/time-zone'
import { errorReason } from '../../reports/error-reason'

/** Sheet 2 of a regions report: each unit of the job with its outcome and how many regions it yielded. */
export async function writeRegionUnits(
  writer: ReportWriter,
  store: Store,
  job: JobRecord,
  L: ReportLabels,
  opts: { zone?: ReportZone; fingerprint?: JobFingerprint } = {},
): Promise<number> {
  const zone = opts.zone ?? reportZone()
  const rows = iterateReportRows(store, job.id, { fingerprint: opts.fingerprint })
  const first = rows.next()
  const inputs = inputColumns(job, first.done ? undefined : first.value.input)
  const sheet = writer.sheet(
    L.sheets.results,
    [
      ...inputs,
      ...besideInputs(
        inputs,
        [
          { header: L.lookup.result, kind: 'outcome', width: 17 },
          { header: L.lookup.records, kind: 'integer' },
          { header: L.lookup.note, kind: 'text', width: 40 },
          ...trailColumns(L, L.lookup.time, zone),
          { header: L.lookup.rowId, kind: 'integer', width: 9 },
        ],
        L.lookup.fromService,
      ),
    ],
    { primary: true, outcomeColumn: inputs.length, outcomeTones: toneMap(L, LOOKUP_TONES) },
  )
  let n = 0
  const write = (row: ReportRow): void => {
    const outcome = verdictOf(row.state, row.result?.outcome, false)
    sheet.addRow([
      ...inputValues(inputs, row.input),
      L.outcomes[outcome],
      row.result?.recordCount ?? null,
      errorReason(row, L).reason,
      ...trailValues(row, L, zone),
      row.rowNo,
    ])
    n++
  }
  if (!first.done) write(first.value)
  for (const row of rows) {
    write(row)
    await sheet.breathe()
  }
  await sheet.close()
  return n
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
    row([H.levels.province, p.code, p.name])
    for (const r of byParent.get(p.code) ?? []) {
      row([H.levels.regency, p.code, p.name, r.code, r.name])
      for (const d of byParent.get(r.code) ?? []) row([H.levels.district, p.code, p.name, r.code, r.name, d.code, d.name])
      await sheet.breathe()
    }
  }
  await sheet.close()
  return n
}
