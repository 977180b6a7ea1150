/**
 * What the content digest cannot see in how cells are shown. The digest covers every cell's value,
 * not its number format or whether its row or column is shown: a format such as `;;;"COCOK"`
 * prints a NO MATCH cell as MATCH, and a hidden row is not printed, while the values (and so the
 * digest and its signature) stay as rekap wrote them. rekap writes only its own few formats
 * (reportNumberFormats: NUMBER_FORMATS, tagged with a language's locale) and hides nothing, so any other format and any hidden row or column is a change.
 * Formats are compared as another program may save them again (LibreOffice writes
 * `yyyy\-mm\-dd\ hh:mm:ss` for `yyyy-mm-dd hh:mm:ss`; case does not matter).
 */
import type ExcelJS from 'exceljs'
import { reportNumberFormats } from '../reports/column-cells'
import { columnLetter } from '../importers/column-letters'
import { coreText, type CoreText } from '../texts/core-text'

/** Findings named one by one; more are counted in one line. */
const MAX_NAMED = 20

const normalFormat = (f: string): string => f.replace(/\\(.)/g, '$1').toLowerCase()
const REKAP_FORMATS = new Set(reportNumberFormats().map(normalFormat))

/** Cells in a format rekap does not write, and hidden rows and columns, sheet by sheet. */
export function presentationChanges(book: ExcelJS.Workbook): CoreText[] {
  const found: CoreText[] = []
  for (const ws of book.worksheets) {
    if (ws.state && ws.state !== 'visible') found.push(coreText('verify.hiddenSheet', { sheet: ws.name }))
    ws.columns?.forEach((c, i) => {
      if (c.hidden) found.push(coreText('verify.hiddenColumn', { sheet: ws.name, column: columnLetter(i) }))
    })
    ws.eachRow({ includeEmpty: true }, (row, rowNumber) => {
      if (row.hidden) found.push(coreText('verify.hiddenRow', { sheet: ws.name, row: rowNumber }))
      row.eachCell((cell, col) => {
        const format = cell.numFmt
        if (format && !REKAP_FORMATS.has(normalFormat(format))) {
          found.push(coreText('verify.cellFormat', { sheet: ws.name, row: rowNumber, column: columnLetter(col - 1), format }))
        }
      })
    })
  }
  if (found.length <= MAX_NAMED) return found
  return [...found.slice(0, MAX_NAMED), coreText('verify.morePresentation', { count: found.length - MAX_NAMED })]
}
