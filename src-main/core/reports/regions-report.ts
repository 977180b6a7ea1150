import type { Store, JobRecord, RegionEntry, JobFingerprint } from '../store'
import { iterateReportRows, type ReportRow } from './report-rows'
import type { ReportLabels } from './labels'
import type { ReportWriter } from './report-output'
import { inputColumns, inputValues } from './input-columns'
import { verdictOf } from '../verdict'
import { toneMap } from './face-report'
import { LOOKUP_TONES } from './lookup-results'
import { trailColumns, trailValues } from './row-trail'
import { reportZone, type ReportZone } from './time-zone'
import { errorReason } from './error-reason'

/** Sheet 2 of a regions report: each unit of the job with its outcome and how many regions it yielded. */
export async function writeRegionUnits(
  writer: ReportWriter,
  store: Store,
  job: JobRecord,
  L: ReportLabels,
  opts: { zone?: ReportZone; fingerprint?: JobFingerprint } = {},
): Promise<number> {
  const zone = opts.zone ?? reportZone()
  const rows = iterateReportRows(store.db, job.id, { fingerprint: opts.fingerprint })
  const first = rows.next()
  const inputs = inputColumns(job, first.done ? undefined : first.value.input)
  const sheet = writer.sheet(
    L.sheets.results,
    [
      ...inputs,
      { header: L.lookup.result, kind: 'outcome', width: 17 },
      { header: L.lookup.records, kind: 'integer' },
      { header: L.lookup.note, kind: 'text', width: 40 },
      ...trailColumns(L, L.lookup.time, zone),
      { header: L.lookup.rowId, kind: 'integer', width: 9 },
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
 * The region tree as the local cache holds it (what regions jobs fetched), one row per district
 * with its regency and province beside it; a regency without districts gets a row of its own.
 */
export async function writeRegionTree(writer: ReportWriter, store: Store, L: ReportLabels): Promise<number> {
  const H = L.school
  const sheet = writer.sheet(L.sheets.regions, [
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
  let n = 0
  for (const p of (byParent.get('') ?? []).filter((r) => r.level === 'province')) {
    const regencies = byParent.get(p.code) ?? []
    if (!regencies.length) (sheet.addRow([p.code, p.name]), n++)
    for (const r of regencies) {
      const districts = byParent.get(r.code) ?? []
      if (!districts.length) (sheet.addRow([p.code, p.name, r.code, r.name]), n++)
      for (const d of districts) (sheet.addRow([p.code, p.name, r.code, r.name, d.code, d.name]), n++)
    }
  }
  await sheet.close()
  return n
}
