/** Excel's row limit per worksheet (header included). */
export const EXCEL_MAX_ROWS = 1_048_576

/**
 * The worksheets a sheet of `dataRows` rows (plus its header row) is split into when it is over
 * the row limit: `Hasil`, `Hasil (2)`, ... Each part repeats the header. One function for the
 * writer that splits and the summary that names the split.
 */
export function sheetPartNames(name: string, dataRows: number, maxRows = EXCEL_MAX_ROWS): string[] {
  const perPart = maxRows - 1
  const parts = Math.max(1, Math.ceil(dataRows / perPart))
  return Array.from({ length: parts }, (_, i) => (i === 0 ? name : partName(name, i + 1)))
}

/** Name of the n-th part (n >= 2), kept within Excel's 31 characters. */
export function partName(name: string, n: number): string {
  const suffix = ` (${n})`
  return name.slice(0, 31 - suffix.length) + suffix
}
