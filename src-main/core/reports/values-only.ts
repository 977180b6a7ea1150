/**
 * The annotated copy is written on this machine, so it loses the "downloaded" mark that makes
 * Excel open a file from elsewhere in Protected View. A formula or link it kept from the input
 * (WEBSERVICE, HYPERLINK, a reference to another workbook) would then run or call out when the
 * copy is opened. So the copy holds values only: each formula becomes the result the input had
 * cached, each hyperlink its text, and names that point into other workbooks go.
 */
import type ExcelJS from 'exceljs'

type CellValue = ExcelJS.CellValue

/** The plain value a cell shows, without the formula or link behind it. */
export function plainValue(value: CellValue): CellValue {
  if (value === null || typeof value !== 'object' || value instanceof Date) return value
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as { result?: unknown }).result
    if (result === undefined || result === null) return null
    // an error result ({ error: '#REF!' }) is kept as its text
    if (typeof result === 'object' && !(result instanceof Date) && 'error' in result) return String((result as { error: string }).error)
    return result as CellValue
  }
  if ('hyperlink' in value) {
    const text = (value as { text?: unknown }).text
    return typeof text === 'object' && text !== null && 'richText' in text ? (text as ExcelJS.CellRichTextValue) : String(text ?? '')
  }
  return value
}

/** Every cell of every sheet to its plain value; defined names into other workbooks removed. */
export function keepValuesOnly(wb: ExcelJS.Workbook): void {
  for (const ws of wb.worksheets) {
    ws.eachRow({ includeEmpty: false }, (row) => {
      row.eachCell({ includeEmpty: false }, (cell) => {
        const plain = plainValue(cell.value)
        if (plain !== cell.value) cell.value = plain
      })
    })
  }
  // names: keep the sheet's own print areas and titles, drop any that reach outside (`[1]`, `[book.xlsx]`)
  const model = wb.definedNames.model as Array<{ name: string; ranges: string[] }>
  wb.definedNames.model = model.filter((n) => !n.ranges.some((r) => r.includes('[')))
}
