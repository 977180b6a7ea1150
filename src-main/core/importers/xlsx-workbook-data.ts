import { decodeXmlEntities, findTags, relsPathOf, parseRelationships, resolvePartPath } from './xml-attributes'
import type { ZipDirectory } from './zip-directory'
import { EXCEL_MAX_CELL_CHARS } from './types'

/**
 * The workbook-wide data a sheet's cells refer to: the shared-string table, which cell styles are
 * dates, and the date system (1900 or 1904).
 */
export interface WorkbookData {
  sharedStrings: string[]
  /** original lengths of the shared strings that were cut to Excel's cell limit, by index */
  cutSharedStrings: Map<number, number>
  /** per cell-style index (the `s` attribute): does its number format show a date? */
  dateStyles: boolean[]
  date1904: boolean
}

/**
 * Caps on the shared-string table, which is read whole: its XML (also held to the size the zip
 * declares), its number of items, and each item's text (Excel's own cell limit; longer text is cut
 * and the cell says so). A real 1,048,576-row sheet stays well inside all three.
 */
export const MAX_SHARED_STRINGS_XML = 256 * 1024 * 1024
export const MAX_SHARED_STRINGS = 8_000_000

export class WorkbookLimitError extends Error {
  override readonly name = 'WorkbookLimitError'
}

/** Built-in number formats that display dates or times (ECMA-376 18.8.30). */
const BUILTIN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58])

/** A custom format is a date format when, outside quoted text and [brackets], it uses date/time letters. */
export function isDateFormatCode(code: string): boolean {
  const bare = code.replace(/\[[^\]]*\]/g, '').replace(/"[^"]*"/g, '').replace(/\\./g, '')
  if (/^general$/i.test(bare.trim())) return false
  return /[ymdhs]/i.test(bare.replace(/e\+|e-/gi, ''))
}

/** Joins the text runs of one `<si>` (or `<is>`), leaving out phonetic guides (`<rPh>`). */
export function stringItemText(inner: string): string {
  // fast path, by far the most common: one plain <t> run
  if (inner.startsWith('<t') && inner.indexOf('</t>') === inner.length - 4) {
    const gt = inner.indexOf('>')
    if (inner[gt - 1] !== '/' && (gt === 2 || inner[2] === ' ')) {
      const text = inner.slice(gt + 1, -4)
      return text.includes('&') ? decodeXmlEntities(text) : text
    }
  }
  const withoutPhonetic = inner.includes('<rPh') ? inner.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '') : inner
  let text = ''
  for (const m of withoutPhonetic.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)) text += m[1]
  return text.includes('&') ? decodeXmlEntities(text) : text
}

async function partTarget(zip: ZipDirectory, typeSuffix: string, fallback: string): Promise<string> {
  const relsPath = relsPathOf('xl/workbook.xml')
  if (zip.has(relsPath)) {
    for (const rel of parseRelationships(await zip.readText(relsPath)).values()) {
      if (rel.type.endsWith(typeSuffix)) return resolvePartPath('xl/workbook.xml', rel.target)
    }
  }
  return fallback
}

export async function readWorkbookData(zip: ZipDirectory): Promise<WorkbookData> {
  const sharedStrings: string[] = []
  const cutSharedStrings = new Map<number, number>()
  const sstPart = await partTarget(zip, '/sharedStrings', 'xl/sharedStrings.xml')
  if (zip.has(sstPart)) {
    const xml = await zip.readText(sstPart, MAX_SHARED_STRINGS_XML)
    for (const m of xml.matchAll(/<si>([\s\S]*?)<\/si>|<si\/>/g)) {
      if (sharedStrings.length >= MAX_SHARED_STRINGS) {
        throw new WorkbookLimitError(`the shared-string table holds more than ${MAX_SHARED_STRINGS.toLocaleString('en')} texts`)
      }
      let text = m[1] === undefined ? '' : stringItemText(m[1])
      if (text.length > EXCEL_MAX_CELL_CHARS) {
        cutSharedStrings.set(sharedStrings.length, text.length)
        text = text.slice(0, EXCEL_MAX_CELL_CHARS)
      }
      sharedStrings.push(text)
    }
  }

  const dateStyles: boolean[] = []
  const stylesPart = await partTarget(zip, '/styles', 'xl/styles.xml')
  if (zip.has(stylesPart)) {
    const xml = await zip.readText(stylesPart, 64 * 1024 * 1024)
    const custom = new Map<number, boolean>()
    for (const f of findTags(xml, 'numFmt')) custom.set(Number(f.numFmtId), isDateFormatCode(f.formatCode ?? ''))
    const cellXfs = /<cellXfs\b[^>]*>([\s\S]*?)<\/cellXfs>/.exec(xml)?.[1] ?? ''
    for (const xf of findTags(cellXfs, 'xf')) {
      const id = Number(xf.numFmtId ?? 0)
      dateStyles.push(custom.get(id) ?? BUILTIN_DATE_FORMATS.has(id))
    }
  }

  const workbookXml = await zip.readText('xl/workbook.xml', 16 * 1024 * 1024)
  const pr = findTags(workbookXml, 'workbookPr')[0]
  const date1904 = pr?.date1904 === '1' || pr?.date1904 === 'true'
  return { sharedStrings, cutSharedStrings, dateStyles, date1904 }
}

/** Excel serial day number -> Date (UTC), honouring the 1900 leap-year bug and the 1904 system. */
export function excelSerialToDate(serial: number, date1904: boolean): Date {
  const days = date1904 ? serial + 1462 : serial < 61 ? serial + 1 : serial
  return new Date(Math.round((days - 25569) * 86_400_000))
}
