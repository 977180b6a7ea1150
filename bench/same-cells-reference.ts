/**
 * The reference of issue 27's "<= 0.25x exceljs streaming time per cell", made on the very cells
 * of the report rekap just wrote: every sheet's texts, numbers and booleans, with their number
 * formats, bold rows and column widths, read back from rekap's file (outside the timing) and then
 * written by exceljs's streaming WorkbookWriter (timed). The synthetic reference in
 * bench/report-kinds.ts writes short texts ("teks 12 3") as wide as the results sheet; a report's
 * cells are longer (names, addresses, notes, ISO times), which costs any writer more per cell, so
 * both are printed. Conditional formats, filters and print setup are left out (a few elements per
 * sheet, not per cell).
 *
 * Reads only the XML rekap itself writes (xlsx/xlsx-report.ts): inline strings, `s` style ids,
 * `t="b"` booleans; dates are numbers with a date format, written back as such.
 */
import ExcelJS from 'exceljs'
import { ZipDirectory } from '../src-main/core/importers/zip-directory'

type Value = string | number | boolean
interface Style {
  numFmt?: string
  bold: boolean
}
interface Sheet {
  name: string
  widths: number[]
  /** per row: its cells by 0-based column (holes for empty cells) and their style ids */
  rows: Array<{ values: Array<Value | undefined>; styles: number[] }>
}

const BUILT_IN_FORMATS: Record<number, string> = { 1: '0', 2: '0.00', 3: '#,##0', 4: '#,##0.00', 9: '0%', 10: '0.00%', 14: 'mm-dd-yy', 22: 'm/d/yy h:mm', 49: '@' }

const unescapeXml = (s: string): string =>
  s.indexOf('&') < 0 ? s : s.replace(/&(lt|gt|quot|apos|amp|#x[0-9a-fA-F]+|#\d+);/g, (_, e: string) =>
    e === 'lt' ? '<' : e === 'gt' ? '>' : e === 'quot' ? '"' : e === 'apos' ? "'" : e === 'amp' ? '&' : String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : Number(e.slice(1))),
  )

function columnIndex(ref: string): number {
  let n = 0
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i)
    if (c < 65 || c > 90) break
    n = n * 26 + (c - 64)
  }
  return n - 1
}

function readStyles(xml: string): Style[] {
  const formats = new Map<number, string>(Object.entries(BUILT_IN_FORMATS).map(([k, v]) => [Number(k), v]))
  for (const m of xml.matchAll(/<numFmt numFmtId="(\d+)" formatCode="([^"]*)"/g)) formats.set(Number(m[1]), unescapeXml(m[2]))
  const fonts = [...(xml.match(/<fonts[^>]*>([\s\S]*?)<\/fonts>/)?.[1] ?? '').matchAll(/<font>([\s\S]*?)<\/font>|<font\/>/g)].map((m) => /<b\/>/.test(m[1] ?? ''))
  const xfs = xml.match(/<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/)?.[1] ?? ''
  return [...xfs.matchAll(/<xf numFmtId="(\d+)" fontId="(\d+)"/g)].map((m) => ({ numFmt: Number(m[1]) ? formats.get(Number(m[1])) : undefined, bold: fonts[Number(m[2])] ?? false }))
}

async function readSheet(zip: ZipDirectory, part: string, name: string): Promise<Sheet> {
  const sheet: Sheet = { name, widths: [], rows: [] }
  let text = ''
  const cell = /<c r="([A-Z]+)\d+"(?: s="(\d+)")?(?: t="(\w+)")?>(?:<is><t[^>]*>([\s\S]*?)<\/t><\/is>|<v>([^<]*)<\/v>)<\/c>/g
  for await (const chunk of await zip.stream(part)) {
    text += (chunk as Buffer).toString('utf8')
    if (!sheet.widths.length) {
      const cols = text.indexOf('</cols>')
      if (cols >= 0) for (const m of text.slice(0, cols).matchAll(/<col [^>]*width="([\d.]+)"/g)) sheet.widths.push(Number(m[1]))
    }
    let end = text.lastIndexOf('</row>')
    if (end < 0) continue
    end += 6
    for (const row of text.slice(0, end).split('</row>')) {
      const start = row.indexOf('<row ')
      if (start < 0) continue
      const values: Array<Value | undefined> = []
      const styles: number[] = []
      for (const m of row.slice(start).matchAll(cell)) {
        const i = columnIndex(m[1])
        styles[i] = Number(m[2] ?? 0)
        values[i] = m[3] === 'inlineStr' ? unescapeXml(m[4]) : m[3] === 'b' ? m[5] === '1' : Number(m[5])
      }
      sheet.rows.push({ values, styles })
    }
    text = text.slice(end)
  }
  return sheet
}

/** Every sheet of an xlsx rekap wrote, in workbook order, held in memory. */
export async function readReportCells(file: string): Promise<{ sheets: Sheet[]; styles: Style[]; cells: number }> {
  const zip = await ZipDirectory.open(file)
  const styles = readStyles(await zip.readText('xl/styles.xml'))
  const rels = new Map([...(await zip.readText('xl/_rels/workbook.xml.rels')).matchAll(/<Relationship Id="([^"]+)"[^>]*Target="([^"]+)"/g)].map((m) => [m[1], m[2]]))
  const sheets: Sheet[] = []
  let cells = 0
  for (const m of (await zip.readText('xl/workbook.xml')).matchAll(/<sheet name="([^"]*)" sheetId="\d+" r:id="([^"]+)"/g)) {
    const target = rels.get(m[2])!.replace(/^\/?(xl\/)?/, 'xl/')
    const sheet = await readSheet(zip, target, unescapeXml(m[1]))
    for (const r of sheet.rows) for (const v of r.values) if (v !== undefined) cells++
    sheets.push(sheet)
  }
  return { sheets, styles, cells }
}

/** exceljs's streaming writer writing those cells (each column styled by its first data row, other cells styled as they differ). */
export async function writeWithExceljs(report: Awaited<ReturnType<typeof readReportCells>>, out: string): Promise<void> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: out, useStyles: true, useSharedStrings: false })
  const { styles } = report
  for (const sheet of report.sheets) {
    const ws = wb.addWorksheet(sheet.name.slice(0, 31))
    const columnStyle = sheet.rows[1]?.styles ?? []
    ws.columns = sheet.widths.map((width, i) => ({ width, style: styles[columnStyle[i] ?? 0]?.numFmt ? { numFmt: styles[columnStyle[i]].numFmt } : {} }))
    for (const r of sheet.rows) {
      const row = ws.addRow(r.values)
      for (let i = 0; i < r.values.length; i++) {
        const s = r.styles[i]
        if (r.values[i] === undefined || s === undefined || s === columnStyle[i]) continue
        const st = styles[s]
        const c = row.getCell(i + 1)
        if (st?.numFmt) c.numFmt = st.numFmt
        if (st?.bold) c.font = { bold: true }
      }
      row.commit()
    }
    ws.commit()
  }
  await wb.commit()
}
