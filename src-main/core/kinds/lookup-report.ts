import type { Store, JobRecord } from '../store'
import type { ReportRow } from '../store/report-rows'
import type { ReportLabels } from '../reports/labels'
import type { ColumnSpec } from '../reports/column-cells'
import type { OutcomeTone } from '../reports/report-output'
import { verdictOf, type Verdict } from '../verdict'
import { serviceHost } from '../reports/summary-sheet'
import { rowIdColumn, trailResultColumns } from '../reports/row-trail'
import type { ReportZone } from '../reports/time-zone'
import { errorReason } from '../reports/error-reason'
import type { ResultColumn, ResultsSheetSpec } from '../reports/results-sheet'
import { RecordCells } from './record-cells'

export const LOOKUP_TONES: Partial<Record<Verdict, OutcomeTone>> = {
  found: 'good',
  records: 'good',
  'not-found': 'bad',
  failed: 'failed',
  uncertain: 'muted',
  pending: 'muted',
}

/** What differs between the lookup kinds' results: the record a row found and its columns. */
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

/** A row of a lookup report: its verdict and its record's cells. */
interface LookupRow {
  row: ReportRow
  outcome: Verdict
  record: unknown[]
}

/**
 * The results of a lookup kind (hospitals, schools, regency suggestions): the outcome and note,
 * every field of the record found, the trail.
 */
export function lookupResults<T>(store: Store, job: JobRecord, L: ReportLabels, zone: ReportZone, kind: LookupRecordKind<T>): ResultsSheetSpec<LookupRow> {
  const source = serviceHost(job.settings.baseUrl)
  const width = kind.columns.length
  // a record without some fields leaves their cells empty
  const padded = (values: unknown[]): unknown[] => {
    while (values.length < width) values.push(null)
    return values
  }
  // the cells of a row without a record, made once (the columns only read them)
  const noRecord = padded(kind.values(null))
  const recent = new RecordCells()
  return {
    withRaw: true,
    tones: LOOKUP_TONES,
    columns: [
      { header: L.lookup.result, kind: 'outcome', width: 17, value: (c) => L.outcomes[c.outcome] },
      { header: L.lookup.note, kind: 'text', width: 40, value: (c) => errorReason(c.row, L).reason },
      ...kind.columns.map((col, i): ResultColumn<LookupRow> => ({ ...col, value: (c) => c.record[i] ?? null })),
      ...trailResultColumns<LookupRow>(L, L.lookup.time, zone),
      rowIdColumn<LookupRow>(L.lookup.rowId),
    ],
    rowContext(row) {
      const r = row.result
      const outcome = verdictOf(row.state, r?.outcome, false)
      const json = r?.rawJson || null
      // the same record text under the same key: the same cells, and onRecord has seen that record already
      const seen = json !== null && r!.recordKey ? recent.get(r!.recordKey, json) : undefined
      if (seen) return { row, outcome, record: seen }
      let record = json === null ? null : kind.fromResult(JSON.parse(json))
      const fromRaw = record !== null
      if (!record && r?.recordKey && outcome === 'found') record = kind.fromCache(store, r.recordKey, source) ?? null
      if (!record) return { row, outcome, record: noRecord }
      kind.onRecord(record)
      const cells = padded(kind.values(record))
      if (fromRaw && r!.recordKey) recent.set(r!.recordKey, json!, cells)
      return { row, outcome, record: cells }
    },
  }
}
