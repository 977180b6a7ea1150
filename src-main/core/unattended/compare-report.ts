import { excel } from '../exceljs-lazy'
import type { Comparison } from './compare-runs'
import { assertWritableOutput } from '../paths/output-path'
import { COMPARE_WORDS } from '../texts/compare-words'


export function changedRows(c: Comparison): number {
  return new Set(c.changed.map((x) => x.key)).size
}

/** The comparison as a workbook: a summary, then the changed cells, the added rows and the removed rows. */
export async function writeComparison(c: Comparison, out: string, lang: 'id' | 'en'): Promise<void> {
  // exceljs's stream would fail later, in the system's English
  assertWritableOutput(out)
  const W = COMPARE_WORDS[lang]
  const book = new (excel().stream.xlsx.WorkbookWriter)({ filename: out, useStyles: true })
  const sheet = (name: string, headers: string[], widths: number[]): ReturnType<typeof book.addWorksheet> => {
    const ws = book.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] })
    ws.columns = headers.map((h, i) => ({ header: h, width: widths[i] ?? 18 }))
    ws.getRow(1).font = { bold: true }
    return ws
  }
  const summary = sheet(W.summary, [W.item, W.value], [28, 60])
  for (const [item, value] of [
    [W.jobA, c.jobA], [W.jobB, c.jobB], [W.kind, c.kind], [W.keyColumns, c.keyColumns.join(', ')],
    [W.nChanged, changedRows(c)], [W.nCells, c.changed.length], [W.nAdded, c.added.length], [W.nRemoved, c.removed.length], [W.nSame, c.unchanged],
  ] as Array<[string, string | number]>) summary.addRow([item, value]).commit()
  summary.commit()
  const changed = sheet(W.changed, [W.key, W.column, W.valueA, W.valueB], [30, 26, 30, 30])
  for (const x of c.changed) changed.addRow([x.key, x.column, x.a, x.b]).commit()
  changed.commit()
  for (const [name, rows] of [[W.added, c.added], [W.removed, c.removed]] as Array<[string, string[][]]>) {
    const ws = sheet(name, c.columns, [])
    for (const r of rows) ws.addRow(r).commit()
    ws.commit()
  }
  await book.commit()
}
