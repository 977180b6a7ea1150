/**
 * Two independent readers of one xlsx report, in one shape, so a test can compare them cell by
 * cell: exceljs (what rekap itself reads with) and openpyxl (Debian's python3-openpyxl, run by
 * /usr/bin/python3: the `python3` on PATH may lack it). Dates are compared as milliseconds of the
 * wall-clock time written (both readers hand back the serial's calendar time).
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import { REPO_ROOT } from './temp-dir'

export type CellType = 'number' | 'text' | 'date' | 'bool' | 'time'

export interface ReadCell {
  t: CellType
  v: number | string | boolean
}

export interface ReadSheet {
  cells: Record<string, ReadCell>
  pictures: number
}

export interface OpenpyxlSheet extends ReadSheet {
  cells: Record<string, ReadCell & { fmt: string; wrap: boolean }>
  orientation: string | null
  fitToWidth: number | null
  scale: number | null
  printTitleCols: string | null
  fitToPage: boolean
  printTitleRows: string | null
  widths: Record<string, number>
}

export interface OpenpyxlBook {
  order: string[]
  sheets: Record<string, OpenpyxlSheet>
  warnings: string[]
}

/** openpyxl's reading of every cell of every sheet; dates as ms of their wall-clock time. */
export function readWithOpenpyxl(file: string): OpenpyxlBook {
  const r = spawnSync('/usr/bin/python3', [join(REPO_ROOT, 'tests/helpers/openpyxl-dump.py'), file], {
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
  })
  if (r.status !== 0) throw new Error(`openpyxl could not read ${file}:\n${r.stderr}`)
  const book = JSON.parse(r.stdout) as OpenpyxlBook
  for (const sheet of Object.values(book.sheets)) {
    for (const c of Object.values(sheet.cells)) if (c.t === 'date') c.v = Date.parse(`${c.v}Z`)
  }
  return book
}

/** Every sheet as rows of values (dates as ISO text), as openpyxl reads them: for tests that read a report by rows. */
export function openpyxlRows(file: string): Record<string, unknown[][]> {
  const py = `import json,sys,openpyxl
wb=openpyxl.load_workbook(sys.argv[1])
print(json.dumps({ws.title:[[c if not hasattr(c,'isoformat') else c.isoformat() for c in r] for r in ws.iter_rows(values_only=True)] for ws in wb.worksheets}))`
  return JSON.parse(execFileSync('/usr/bin/python3', ['-c', py, file], { encoding: 'utf8' }))
}

function exceljsCell(v: ExcelJS.CellValue): ReadCell | null {
  if (v === null || v === undefined || v === '') return null
  if (typeof v === 'number') return { t: 'number', v }
  if (typeof v === 'string') return { t: 'text', v }
  if (typeof v === 'boolean') return { t: 'bool', v }
  if (v instanceof Date) return { t: 'date', v: v.getTime() }
  // formulas, rich text, hyperlinks, errors: a report never writes them, so they show as a mismatch
  return { t: 'text', v: `<${JSON.stringify(v)}>` }
}

/** exceljs's reading of the same workbook. */
export async function readWithExceljs(file: string): Promise<{ order: string[]; sheets: Record<string, ReadSheet> }> {
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.readFile(file)
  const sheets: Record<string, ReadSheet> = {}
  for (const ws of wb.worksheets) {
    const cells: Record<string, ReadCell> = {}
    ws.eachRow({ includeEmpty: false }, (row) =>
      row.eachCell({ includeEmpty: false }, (cell) => {
        const c = exceljsCell(cell.value)
        if (c) cells[cell.address] = c
      }),
    )
    sheets[ws.name] = { cells, pictures: ws.getImages().length }
  }
  return { order: wb.worksheets.map((w) => w.name), sheets }
}

/** Every difference between the two readings, as "Sheet!A1: exceljs ... / openpyxl ..." lines. */
export function cellMismatches(a: Record<string, ReadSheet>, b: Record<string, ReadSheet>): string[] {
  const out: string[] = []
  for (const name of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const ca = a[name]?.cells ?? {}
    const cb = b[name]?.cells ?? {}
    for (const addr of new Set([...Object.keys(ca), ...Object.keys(cb)])) {
      const x = ca[addr]
      const y = cb[addr]
      if (x?.t === y?.t && x?.v === y?.v) continue
      out.push(`${name}!${addr}: exceljs ${JSON.stringify(x ?? null)} / openpyxl ${JSON.stringify(y ? { t: y.t, v: y.v } : null)}`)
    }
  }
  return out
}

/** Cells of one sheet row by row: row number -> column letter -> cell. */
export function rowsOf(sheet: ReadSheet): Map<number, Map<string, ReadCell>> {
  const rows = new Map<number, Map<string, ReadCell>>()
  for (const [addr, c] of Object.entries(sheet.cells)) {
    const m = /^([A-Z]+)(\d+)$/.exec(addr)!
    const r = Number(m[2])
    if (!rows.has(r)) rows.set(r, new Map())
    rows.get(r)!.set(m[1], c)
  }
  return rows
}

/** The header row's texts in column order. */
export function headerRow(sheet: ReadSheet): string[] {
  const row = rowsOf(sheet).get(1) ?? new Map()
  return [...row.entries()].sort(([a], [b]) => (a.length - b.length) || a.localeCompare(b)).map(([, c]) => String(c.v))
}

/** Column letter of a header (first match). */
export function columnOf(sheet: ReadSheet, header: string): string | undefined {
  for (const [addr, c] of Object.entries(sheet.cells)) if (/^[A-Z]+1$/.test(addr) && c.v === header) return addr.slice(0, -1)
  return undefined
}
