import { xmlEscape } from './xml-text'
import { columnLetter } from '../../importers/column-letters'

/** The fixed parts of an xlsx package around its worksheets and styles. */

export interface SheetEntry {
  name: string
  /** 1-based: xl/worksheets/sheet<n>.xml */
  part: number
  /** `A1:O10` when the sheet has an autofilter (Excel wants a hidden defined name for it) */
  filterRef?: string
  /** row 1 repeats on every printed page (a table's header); columns A.. on every page across */
  printTitles?: { rows: boolean; columns: number }
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
const SHEET_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml'

export function contentTypesXml(sheets: SheetEntry[]): string {
  return (
    XML_HEAD +
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    sheets.map((s) => `<Override PartName="/xl/worksheets/sheet${s.part}.xml" ContentType="${SHEET_TYPE}"/>`).join('') +
    '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
    '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
    '<Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/>' +
    '</Types>'
  )
}

export function rootRelsXml(): string {
  return (
    XML_HEAD +
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
    '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>' +
    '<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties" Target="docProps/app.xml"/>' +
    '</Relationships>'
  )
}

/** Sheets in workbook order; relationship ids rId1..rIdN are the sheets, rIdN+1 the styles. */
export function workbookXml(sheets: SheetEntry[]): string {
  const names = sheets
    .map(
      (s, i) =>
        (s.filterRef
          ? `<definedName name="_xlnm._FilterDatabase" localSheetId="${i}" hidden="1">${xmlEscape(absoluteRef(s.name, s.filterRef))}</definedName>`
          : '') +
        printTitlesName(s, i),
    )
    .join('')
  return (
    XML_HEAD +
    '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
    '<bookViews><workbookView xWindow="0" yWindow="0" windowWidth="28800" windowHeight="16000"/></bookViews>' +
    `<sheets>${sheets.map((s, i) => `<sheet name="${xmlEscape(s.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')}</sheets>` +
    (names ? `<definedNames>${names}</definedNames>` : '') +
    '<calcPr calcId="191029"/></workbook>'
  )
}

export function workbookRelsXml(sheets: SheetEntry[]): string {
  return (
    XML_HEAD +
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    sheets
      .map(
        (s, i) =>
          `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${s.part}.xml"/>`,
      )
      .join('') +
    `<Relationship Id="rId${sheets.length + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>` +
    '</Relationships>'
  )
}

export function corePropsXml(creator: string, at: Date): string {
  const iso = at.toISOString().replace(/\.\d{3}Z$/, 'Z')
  return (
    XML_HEAD +
    '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" ' +
    'xmlns:dcterms="http://purl.org/dc/terms/" xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    `<dc:creator>${xmlEscape(creator)}</dc:creator>` +
    `<dcterms:created xsi:type="dcterms:W3CDTF">${iso}</dcterms:created>` +
    `<dcterms:modified xsi:type="dcterms:W3CDTF">${iso}</dcterms:modified>` +
    '</cp:coreProperties>'
  )
}

export function appPropsXml(application: string): string {
  return (
    XML_HEAD +
    '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties">' +
    `<Application>${xmlEscape(application)}</Application></Properties>`
  )
}

/** 'Hasil'!$A$1:$O$10 */
function absoluteRef(sheet: string, ref: string): string {
  const abs = ref.replace(/([A-Z]+)(\d+)/g, '$$$1$$$2')
  return `${quotedSheet(sheet)}!${abs}`
}

/** `'Hasil'!$A:$C,'Hasil'!$1:$1`: the columns and the row printed on every page. */
function printTitlesName(s: SheetEntry, i: number): string {
  const t = s.printTitles
  if (!t || (!t.rows && !t.columns)) return ''
  const parts = [
    ...(t.columns ? [`${quotedSheet(s.name)}!$A:$${columnLetter(t.columns - 1)}`] : []),
    ...(t.rows ? [`${quotedSheet(s.name)}!$1:$1`] : []),
  ]
  return `<definedName name="_xlnm.Print_Titles" localSheetId="${i}">${xmlEscape(parts.join(','))}</definedName>`
}

function quotedSheet(name: string): string {
  return `'${name.replace(/'/g, "''")}'`
}
