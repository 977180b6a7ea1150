import type { CellPrimitive } from '../cell-safety'
import { rowXml, type ColumnXml } from './row-xml'
import type { ZipFileWriter } from './zip-writer'

/**
 * Where a worksheet part's XML goes: straight into the zip on this thread, or to the zip thread
 * (./zip-thread.ts), which builds the rows' XML, digests them and deflates them beside the thread
 * that reads the store. The sheet decides what is written; a sink only makes the bytes.
 */
export interface PartSink {
  /** XML text as it is (the part's head and tail) */
  write(text: string): void
  /**
   * A row: `high` its height in points (0: the default), `xfs` the style ids of cells whose kind
   * differs from their column's, `digested` whether the report digest counts it (a split part's
   * repeated header does not)
   */
  row(r: number, cells: readonly CellPrimitive[], bold: boolean, xfs: ReadonlyArray<number | undefined> | undefined, high: number, digested: boolean): void
  /** true when the writer should `await drain()` before more rows */
  readonly busy: boolean
  drain(): Promise<void>
  end(): Promise<void>
}

/** A part written on this thread: its rows' XML into the zip entry (the digest is fed by the sheet's onCells). */
export function localPartSink(zip: ZipFileWriter, name: string, cols: readonly ColumnXml[]): PartSink {
  const entry = zip.entry(name)
  return {
    write: (text) => entry.write(text),
    row: (r, cells, bold, xfs, high) => entry.write(rowXml(cols, r, cells, bold, xfs, high)),
    get busy() {
      return entry.busy
    },
    drain: () => entry.drain(),
    end: () => entry.end(),
  }
}
