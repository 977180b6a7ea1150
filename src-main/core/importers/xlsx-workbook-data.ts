import { findElements, findTags, relsPathOf, parseRelationships, resolvePartPath } from './xml-attributes'
import { located, type XmlTextError } from './xml-text-error'
import type { ZipDirectory } from './zip-directory'
import { partTooLarge } from './zip-errors'
import type { SharedStringTable } from './shared-strings'
import { MAX_SHARED_STRINGS_XML, SharedStringsReader } from './shared-strings-reader'

/**
 * The workbook-wide data a sheet's cells refer to: the shared-string table, which cell styles are
 * dates, and the date system (1900 or 1904).
 */
export interface WorkbookData {
  sharedStrings: SharedStringTable
  /** original lengths of the shared strings that were cut to Excel's cell limit, by index */
  cutSharedStrings: Map<number, number>
  /** shared strings holding a character XML forbids, by index: refused when a cell uses one */
  badSharedStrings?: Map<number, XmlTextError>
  /** per cell-style index (the `s` attribute): does its number format show a date? */
  dateStyles: boolean[]
  date1904: boolean
  /** reads the rest of the shared strings as cells ask (absent: the table is whole) */
  moreSharedStrings?: SharedStringsReader
}

/** Built-in number formats that display dates or times (ECMA-376 18.8.30). */
const BUILTIN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58])

/**
 * A custom format is a date format when, outside quoted text, [brackets] and \\-escapes, it uses
 * date/time letters. One pass (a format of 100,000 "[" made the regex version scan for ever).
 */
export function isDateFormatCode(code: string): boolean {
  let bare = ''
  // once a closing character is missing after some point, it is missing after every later point
  const unclosed = { '"': false, '[': false }
  for (let i = 0; i < code.length; i++) {
    const c = code[i]
    if (c === '\\') i++
    else if ((c === '"' || c === '[') && !unclosed[c]) {
      const close = code.indexOf(c === '"' ? '"' : ']', i + 1)
      if (close < 0) (unclosed[c] = true), (bare += c)
      else i = close
    } else bare += c
  }
  if (/^general$/i.test(bare.trim())) return false
  return /[ymdhs]/i.test(bare.replace(/e\+|e-/gi, ''))
}

async function partTarget(zip: ZipDirectory, typeSuffix: string, fallback: string): Promise<string> {
  const relsPath = relsPathOf('xl/workbook.xml')
  if (zip.has(relsPath)) {
    for (const rel of located(relsPath, parseRelationships, await zip.readText(relsPath)).values()) {
      if (rel.type.endsWith(typeSuffix)) return resolvePartPath('xl/workbook.xml', rel.target)
    }
  }
  return fallback
}

/** The shared strings, as a reader of the part (held to MAX_SHARED_STRINGS_XML, and to the size the zip declares). */
function sharedStringsOf(zip: ZipDirectory, part: string): SharedStringsReader {
  if (!zip.has(part)) return new SharedStringsReader(null)
  const declared = zip.entries.get(part)!.uncompressedSize
  if (declared > MAX_SHARED_STRINGS_XML) throw partTooLarge(part, MAX_SHARED_STRINGS_XML)
  return new SharedStringsReader(() => zip.stream(part), part)
}

/**
 * The workbook's data with its shared strings read as far as the cells ask (`moreSharedStrings`):
 * the caller reads on when a cell throws SharedStringNeeded, and closes the reader when done.
 */
export async function openWorkbookData(zip: ZipDirectory): Promise<WorkbookData & { moreSharedStrings: SharedStringsReader }> {
  const strings = sharedStringsOf(zip, await partTarget(zip, '/sharedStrings', 'xl/sharedStrings.xml'))
  const dateStyles: boolean[] = []
  const stylesPart = await partTarget(zip, '/styles', 'xl/styles.xml')
  if (zip.has(stylesPart)) {
    const xml = await zip.readText(stylesPart, 64 * 1024 * 1024)
    located(stylesPart, readDateStyles, xml).forEach((d) => dateStyles.push(d))
  }

  const workbookXml = await zip.readText('xl/workbook.xml', 16 * 1024 * 1024)
  const pr = located('xl/workbook.xml', (xml) => findTags(xml, 'workbookPr')[0], workbookXml)
  const date1904 = pr?.date1904 === '1' || pr?.date1904 === 'true'
  return { sharedStrings: strings.table, cutSharedStrings: strings.cut, badSharedStrings: strings.bad, dateStyles, date1904, moreSharedStrings: strings }
}

/** Per cell style (cellXfs order): does its number format show a date? */
function readDateStyles(xml: string): boolean[] {
  const custom = new Map<number, boolean>()
  for (const f of findTags(xml, 'numFmt')) custom.set(Number(f.numFmtId), isDateFormatCode(f.formatCode ?? ''))
  const cellXfs = findElements(xml, 'cellXfs')[0] ?? ''
  return findTags(cellXfs, 'xf').map((xf) => {
    const id = Number(xf.numFmtId ?? 0)
    return custom.get(id) ?? BUILTIN_DATE_FORMATS.has(id)
  })
}

/** The last serial Excel shows as a date: 9999-12-31 (1900 system). Beyond it, and below 0, Excel shows "####". */
export const MAX_DATE_SERIAL = 2_958_465

/**
 * Excel serial day number -> Date (UTC), honouring the 1900 leap-year bug and the 1904 system. A
 * number no Excel date can be (1e308, -5) stays the number it is: an invalid Date once crashed the
 * plan ("Invalid time value"), and a made-up date would be worse.
 */
export function excelSerialToDate(serial: number, date1904: boolean): Date | number {
  if (!(serial >= 0 && serial < MAX_DATE_SERIAL + 1)) return serial
  const days = date1904 ? serial + 1462 : serial < 61 ? serial + 1 : serial
  return new Date(Math.round((days - 25569) * 86_400_000))
}
