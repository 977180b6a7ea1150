/**
 * The report digest fed as a report is written (./report-digest.ts): its own module, so the zip
 * thread, which loads the digest alone, does not load the cells' rules and every message text
 * with it (its code 121 KB -> 25 KB, ~10 ms of its start: docs/performance.md, stop 51).
 */
import { cellFor, type ColumnSpec } from './column-cells'
import type { ContentDigest } from './report-digest'
import type { ReportWriter, SheetWriter } from './report-writer'

/**
 * A writer that feeds every row it is given to `digest` as the cell it becomes, and passes it on
 * to `inner` — or, with `forward: false`, writes nothing (the first of the report's two passes,
 * which learns the digest the summary sheet states).
 */
export function digestingWriter(inner: ReportWriter, digest: ContentDigest, opts: { forward: boolean }): ReportWriter {
  const sheet = (name: string, columns: ColumnSpec[], sheetOpts?: Parameters<ReportWriter['sheet']>[2]): SheetWriter => {
    if (opts.forward && inner.sheetDigests) {
      // the writer's zip thread hashes the rows it writes: the same text, off this thread
      return inner.sheet(name, columns, { ...sheetOpts, digest: { skip: digest.skipLabels, done: digest.startElsewhere(name) } })
    }
    digest.startSheet(name)
    digest.row(columns.map((c) => cellFor(c.header, 'text')))
    if (!opts.forward) {
      let next = 2
      return {
        name,
        get nextRow() {
          return next
        },
        addRow(values, rowOpts) {
          // the cell each value becomes, as the writers make it (a row may give single cells their own kind)
          digest.row(columns.map((c, i) => cellFor(values[i], rowOpts?.kinds?.[i] ?? c.kind)))
          next++
        },
        breathe: async () => {},
        close: async () => {},
      }
    }
    // the writer tells the cells it wrote: each value becomes a cell once, for the file and the digest
    const told = sheetOpts?.onCells
    return inner.sheet(name, columns, {
      ...sheetOpts,
      onCells: (cells) => {
        digest.row(cells)
        told?.(cells)
      },
    })
  }
  return new Proxy(inner, {
    get(target, prop) {
      if (prop === 'sheet') return sheet
      const v = Reflect.get(target, prop)
      return typeof v === 'function' ? v.bind(target) : v
    },
  })
}
