import type { Store, JobRecord, JobFingerprint } from '../store'
import { iterateReportRows, type ReportRow } from '../store/report-rows'
import type { ReportLabels } from './labels'
import type { ColumnSpec } from './column-cells'
import type { OutcomeTone, ReportWriter } from './report-output'
import { besideInputs, inputColumns, inputValues } from './input-columns'
import { verdictOf, type Verdict } from '../verdict'
import { serviceHost } from './summary-sheet'
import { toneMap } from './outcome-tones'
import { trailColumns, trailValues } from './row-trail'
import { reportZone, type ReportZone } from './time-zone'
import { errorReason } from './error-reason'

export const LOOKUP_TONES: Partial<Record<Verdict, OutcomeTone>> = {
  found: 'good',
  records: 'good',
  'not-found': 'bad',
  failed: 'failed',
  uncertain: 'muted',
  pending: 'muted',
}

/** What differs between a hospital and a school lookup report: the record and its columns. */
export interface LookupRecordKind<T> {
  columns: ColumnSpec[]
  /** the record carried in the row's result, or null */
  fromResult(raw: unknown): T | null
  /** the record from the local cache when the result did not carry it */
  fromCache(store: Store, key: string, source: string): T | undefined
  values(record: T | null): unknown[]
  /** told about every record written (pivots) */
  onRecord(record: T): void
}

/**
 * Sheet 2 of a lookup report: the user's own columns, the outcome and note, every field of the
 * record found, the time and the row id. One writer for hospitals and schools alike.
 */
export async function writeLookupResults<T>(
  writer: ReportWriter,
  store: Store,
  job: JobRecord,
  L: ReportLabels,
  kind: LookupRecordKind<T>,
  opts: { zone?: ReportZone; fingerprint?: JobFingerprint } = {},
): Promise<number> {
  const zone = opts.zone ?? reportZone()
  const source = serviceHost(job.settings.baseUrl)
  const rows = iterateReportRows(store, job.id, { withRaw: true, fingerprint: opts.fingerprint })
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
          { header: L.lookup.note, kind: 'text', width: 40 },
          ...kind.columns,
          ...trailColumns(L, L.lookup.time, zone),
          { header: L.lookup.rowId, kind: 'integer', width: 9 },
        ],
        L.lookup.fromService,
      ),
    ],
    { primary: true, outcomeColumn: inputs.length, outcomeTones: toneMap(L, LOOKUP_TONES) },
  )
  let n = 0
  const write = async (row: ReportRow): Promise<void> => {
    const r = row.result
    const outcome = verdictOf(row.state, r?.outcome, false)
    let record = kind.fromResult(r?.raw)
    if (!record && r?.recordKey && outcome === 'found') record = kind.fromCache(store, r.recordKey, source) ?? null
    if (record) kind.onRecord(record)
    const values = kind.values(record)
    while (values.length < kind.columns.length) values.push(null)
    sheet.addRow([...inputValues(inputs, row.input), L.outcomes[outcome], errorReason(row, L).reason, ...values, ...trailValues(row, L, zone), row.rowNo])
    n++
    await sheet.breathe()
  }
  if (!first.done) await write(first.value)
  for (const row of rows) await write(row)
  await sheet.close()
  return n
}
