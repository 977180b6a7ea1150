import { importError } from './import-error'
import { coreText } from '../texts/core-text'
import { findTags, parseRelationships, relsPathOf, resolvePartPath } from './xml-attributes'
import { located } from './xml-text-error'
import type { ZipDirectory } from './zip-directory'

export interface SheetPart {
  name: string
  /** 1-based tab position */
  index: number
  /** zip path of the sheet's XML, e.g. "xl/worksheets/sheet1.xml" */
  part: string
  hidden: boolean
}

/** Lists the worksheets (not chart sheets) of a checked workbook, in tab order. */
export async function readSheetParts(zip: ZipDirectory): Promise<SheetPart[]> {
  const relsPath = relsPathOf('xl/workbook.xml')
  const rels = zip.has(relsPath) ? located(relsPath, parseRelationships, await zip.readText(relsPath)) : new Map()
  const tags = located('xl/workbook.xml', (xml) => findTags(xml, 'sheet'), await zip.readText('xl/workbook.xml', 16 * 1024 * 1024))
  const sheets: SheetPart[] = []
  for (const attrs of tags) {
    const rel = rels.get(attrs['r:id'])
    if (!rel || !/\/worksheet$/.test(rel.type)) continue
    sheets.push({
      name: attrs.name ?? `Sheet${sheets.length + 1}`,
      index: sheets.length + 1,
      part: resolvePartPath('xl/workbook.xml', rel.target),
      hidden: attrs.state === 'hidden' || attrs.state === 'veryHidden',
    })
  }
  return sheets
}

export function chooseSheet(file: string, sheets: SheetPart[], wanted: string | number | undefined): SheetPart {
  if (sheets.length === 0) throw importError('empty-workbook', file, coreText('import.noWorksheets', {}))
  if (wanted === undefined) return sheets.find((s) => !s.hidden) ?? sheets[0]
  const names = sheets.map((s) => `"${s.name}"`).join(', ')
  if (typeof wanted === 'number') {
    const found = sheets.find((s) => s.index === wanted)
    if (!found) throw importError('sheet-not-found', file, coreText('import.noSheetNumber', { n: wanted, names }))
    return found
  }
  const found =
    sheets.find((s) => s.name === wanted) ?? sheets.find((s) => s.name.trim().toLowerCase() === wanted.trim().toLowerCase())
  if (!found) throw importError('sheet-not-found', file, coreText('import.noSheetNamed', { name: wanted, names }))
  return found
}
