import type { ColumnSpec } from './column-cells'
import type { ReportWriter } from './report-output'

/** Counts (and an optional sum, e.g. beds) per row key x column key; small enough to hold in memory. */
export class Pivot {
  private readonly cells = new Map<string, Map<string, number>>()
  private readonly sums = new Map<string, number>()
  private readonly colKeys = new Set<string>()
  /** the row added to last: a directory's records come in region order, so most adds are to it */
  private lastKey = ''
  private lastRow: Map<string, number> | undefined = undefined

  add(rowKey: string, colKey: string, amount = 0): void {
    // the fewest lookups per add (six per record per pivot were ~1% of a school directory export)
    let row = rowKey === this.lastKey ? this.lastRow : undefined
    if (row === undefined) {
      row = this.cells.get(rowKey)
      if (!row) this.cells.set(rowKey, (row = new Map()))
      this.lastKey = rowKey
      this.lastRow = row
    }
    const n = row.get(colKey)
    if (n === undefined) {
      row.set(colKey, 1)
      this.colKeys.add(colKey)
    } else row.set(colKey, n + 1)
    // nothing to add leaves the sum as it was (`sum` reads a row never summed as 0)
    if (amount !== 0 && Number.isFinite(amount)) this.sums.set(rowKey, (this.sums.get(rowKey) ?? 0) + amount)
  }

  rowKeys(): string[] {
    return [...this.cells.keys()].sort((a, b) => a.localeCompare(b))
  }

  /** The wanted column keys first, in their order, then any others seen, sorted. */
  columnKeys(preferred: readonly string[] = []): string[] {
    const rest = [...this.colKeys].filter((k) => !preferred.includes(k)).sort()
    return [...preferred, ...rest]
  }

  count(rowKey: string, colKey?: string): number {
    const row = this.cells.get(rowKey)
    if (!row) return 0
    if (colKey !== undefined) return row.get(colKey) ?? 0
    let n = 0
    for (const v of row.values()) n += v
    return n
  }

  sum(rowKey: string): number {
    return this.sums.get(rowKey) ?? 0
  }

  columnCount(colKey: string): number {
    let n = 0
    for (const row of this.cells.values()) n += row.get(colKey) ?? 0
    return n
  }

  get size(): number {
    return this.cells.size
  }
}

export interface PivotSheetSpec {
  name: string
  keyColumns: ColumnSpec[]
  keyValues: (rowKey: string) => unknown[]
  colKeys: string[]
  colLabel: (colKey: string) => string
  countHeader: string
  /** header of the summed amount column; omitted when nothing is summed */
  sumHeader?: string
  totalLabel: string
}

/** One pivot as a sheet: key columns, a count per column key, the row's count and sum, a total row. */
export async function writePivotSheet(writer: ReportWriter, pivot: Pivot, spec: PivotSheetSpec): Promise<void> {
  const columns: ColumnSpec[] = [
    ...spec.keyColumns,
    ...spec.colKeys.map((k): ColumnSpec => ({ header: spec.colLabel(k), kind: 'integer' })),
    { header: spec.countHeader, kind: 'integer' },
    ...(spec.sumHeader ? [{ header: spec.sumHeader, kind: 'integer' } as ColumnSpec] : []),
  ]
  const sheet = writer.sheet(spec.name, columns, { footerRows: 1 })
  let total = 0
  let totalSum = 0
  for (const key of pivot.rowKeys()) {
    const n = pivot.count(key)
    total += n
    totalSum += pivot.sum(key)
    sheet.addRow([
      ...spec.keyValues(key),
      ...spec.colKeys.map((c) => pivot.count(key, c)),
      n,
      ...(spec.sumHeader ? [pivot.sum(key)] : []),
    ])
  }
  sheet.addRow(
    [
      spec.totalLabel,
      ...spec.keyColumns.slice(1).map(() => null),
      ...spec.colKeys.map((c) => pivot.columnCount(c)),
      total,
      ...(spec.sumHeader ? [totalSum] : []),
    ],
    { bold: true },
  )
  await sheet.close()
}
