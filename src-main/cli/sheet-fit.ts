import { autoMap, guessKind } from '../core/kinds/registry'
import { listSheets, openTable } from '../core/importers'
import type { JobKind } from '../contract/job-kinds'

export interface SheetFit {
  sheet: string
  kind: JobKind
}

/** The kind a sheet's columns fit (the given kind, or any guessable one), or null. */
async function fitOf(file: string, sheet: string, kind: JobKind | null): Promise<JobKind | null> {
  const table = await openTable(file, { sheet, pictures: false })
  try {
    if (!kind) return guessKind(table.headers)
    const { missing, mapping } = autoMap(kind, table.headers)
    return missing.length === 0 && Object.keys(mapping).length > 0 ? kind : null
  } finally {
    await table.close()
  }
}

/**
 * How many other sheets are looked through: each opens the workbook again, and a workbook may list
 * 200,000 sheets (that ran for minutes); a real one that needs the hint has far fewer.
 */
export const MAX_SHEETS_LOOKED_THROUGH = 40

/**
 * The other sheets of a workbook whose columns rekap recognises (for `kind`, when given), so a
 * message about the first sheet can name the `--sheet` that would work. Unreadable sheets are
 * skipped; only the first MAX_SHEETS_LOOKED_THROUGH others are looked through.
 */
export async function sheetsThatFit(file: string, kind: JobKind | null, except: string): Promise<SheetFit[]> {
  const out: SheetFit[] = []
  let sheets: string[]
  try {
    sheets = (await listSheets(file)).map((s) => s.name).filter((name) => name !== except).slice(0, MAX_SHEETS_LOOKED_THROUGH)
  } catch {
    return out
  }
  for (const sheet of sheets) {
    try {
      const fit = await fitOf(file, sheet, kind)
      if (fit) out.push({ sheet, kind: fit })
    } catch {
      // a sheet rekap cannot read is simply not a candidate
    }
  }
  return out
}
