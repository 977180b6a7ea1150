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
 * The other sheets of a workbook whose columns rekap recognises (for `kind`, when given), so a
 * message about the first sheet can name the `--sheet` that would work. Unreadable sheets are skipped.
 */
export async function sheetsThatFit(file: string, kind: JobKind | null, except: string): Promise<SheetFit[]> {
  const out: SheetFit[] = []
  let sheets: string[]
  try {
    sheets = (await listSheets(file)).map((s) => s.name)
  } catch {
    return out
  }
  for (const sheet of sheets) {
    if (sheet === except) continue
    try {
      const fit = await fitOf(file, sheet, kind)
      if (fit) out.push({ sheet, kind: fit })
    } catch {
      // a sheet rekap cannot read is simply not a candidate
    }
  }
  return out
}
