import type { Store, JobRecord } from '../store'
import type { ReportContext } from '../kinds/kind'
import { iterateReportRows, type ReportRow } from '../store/report-rows'
import type { Verdict } from '../verdict'
import type { ReportLabels } from './labels'
import type { ColumnSpec } from './column-cells'
import type { OutcomeTone, ReportWriter, SheetWriter } from './report-output'
import { besideInputs, inputColumns } from './input-columns'
import { toneMap } from './outcome-tones'

/** A column rekap adds after the user's own: how it is shown, and its value for a row. */
export interface ResultColumn<C> extends ColumnSpec {
  value(c: C): unknown
}

/** What one kind's results sheet shows; the loop that writes it is `writeResultsSheet`, for every kind. */
export interface ResultsSheetSpec<C> {
  /** rekap's columns after the user's own; the first is the outcome (coloured by `tones`) */
  columns: ResultColumn<C>[]
  /** what a row's column values are computed from, made once per row */
  rowContext(row: ReportRow): C
  tones: Partial<Record<Verdict, OutcomeTone>>
  /** the rows' results carry records the columns show (read only when asked: face reports never show them) */
  withRaw?: boolean
  /** columns after the results ones that `afterRow` fills (thumbnails) */
  trailing?: ColumnSpec[]
  /** height of every data row in points (thumbnails) */
  rowHeight?: number
  /** after a row is added, with its worksheet row number and the 0-based index of the first trailing column */
  afterRow?(c: C, sheet: SheetWriter, rowNumber: number, trailingCol0: number): Promise<void>
}

/**
 * Sheet 2 of a job's report, whatever its kind: the user's own columns in their order, then the
 * kind's result columns, one row per input row. `fingerprint` and `verdictCount` (the summary's rows
 * per verdict and requests sent) are fed by the same pass over the rows.
 */
export async function writeResultsSheet<C extends { outcome: Verdict }>(
  writer: ReportWriter,
  store: Store,
  job: JobRecord,
  L: ReportLabels,
  spec: ResultsSheetSpec<C>,
  opts: Pick<ReportContext, 'fingerprint' | 'verdictCount'> = {},
): Promise<number> {
  const rows = iterateReportRows(store, job.id, { withRaw: spec.withRaw === true, fingerprint: opts.fingerprint })
  const first = rows.next()
  const inputs = inputColumns(job, first.done ? undefined : first.value.input)
  const results = besideInputs(inputs, spec.columns, L.lookup.fromService)
  const sheet = writer.sheet(L.sheets.results, [...inputs, ...results, ...(spec.trailing ?? [])], {
    primary: true,
    outcomeColumn: inputs.length,
    outcomeTones: toneMap(L, spec.tones),
    rowHeight: spec.rowHeight,
  })
  const nIn = inputs.length
  const headers = inputs.map((c) => c.header)
  // filled, not holey: the errors sheet's rows are filled arrays, and one kind of array keeps the
  // optimised addRow V8 made for this sheet's rows
  const values: unknown[] = []
  for (let i = 0; i < nIn + results.length; i++) values.push(null)
  // the writers turn the values into cells before addRow returns, so one array serves every row
  let n = 0
  try {
    for (let next = first; !next.done; next = rows.next()) {
      const row = next.value
      const c = spec.rowContext(row)
      opts.verdictCount?.add(c.outcome, row.attempts)
      const rowNumber = sheet.nextRow
      for (let i = 0; i < nIn; i++) values[i] = row.input[headers[i]]
      for (let i = 0; i < results.length; i++) values[nIn + i] = results[i].value(c)
      sheet.addRow(values)
      if (spec.afterRow) await spec.afterRow(c, sheet, rowNumber, values.length)
      const wait = sheet.breathe()
      if (wait) await wait
      n++
    }
  } finally {
    // a row that failed to be written leaves the rows' query open otherwise
    rows.return(undefined)
  }
  await sheet.close()
  return n
}

/** A sheet of records (a directory's results): one row per record, `values` its cells, `onRecord` told of each. */
export async function writeRecordsSheet<T>(
  writer: ReportWriter,
  L: ReportLabels,
  columns: ColumnSpec[],
  records: Iterable<T>,
  values: (record: T) => unknown[],
  onRecord: (record: T) => void,
): Promise<number> {
  // the record's key and name head every printed page across
  const sheet = writer.sheet(L.sheets.results, columns, { primary: true, keyColumns: 2 })
  let n = 0
  for (const r of records) {
    onRecord(r)
    sheet.addRow(values(r))
    n++
    const wait = sheet.breathe()
    if (wait) await wait
  }
  await sheet.close()
  return n
}
