import { xmlEscape } from './xml-text'

/** Number formats Excel has built in (no <numFmt> entry needed); others get ids from 164 up. */
const BUILTIN_FORMATS: Record<string, number> = { General: 0, '0': 1, '0.00': 2, '#,##0': 3, '#,##0.00': 4, '@': 49 }

export interface CellStyle {
  numFmt?: string
  bold?: boolean
  /** word-wrapped inside the cell (long free text) */
  wrap?: boolean
}

/** Fill and font of a conditional format (a "dxf"). */
export interface DifferentialStyle {
  fill: string
  font: string
}

/**
 * The workbook's styles, collected while sheets are written and serialised last. A cell's `s`
 * attribute is an index into cellXfs; each distinct (format, bold) pair gets one entry.
 */
export class StyleRegistry {
  private readonly formats = new Map<string, number>()
  private readonly xfs = new Map<string, number>()
  private readonly xfList: Array<{ numFmtId: number; bold: boolean; wrap: boolean }> = [{ numFmtId: 0, bold: false, wrap: false }]
  private readonly dxfs: DifferentialStyle[] = []

  constructor() {
    this.xfs.set('0|0|0', 0)
  }

  /** The cellXfs index of a style (0 is the default). */
  xf(style: CellStyle): number {
    const numFmtId = this.formatId(style.numFmt ?? 'General')
    const bold = style.bold === true
    const wrap = style.wrap === true
    const key = `${numFmtId}|${bold ? 1 : 0}|${wrap ? 1 : 0}`
    let id = this.xfs.get(key)
    if (id === undefined) {
      id = this.xfList.length
      this.xfList.push({ numFmtId, bold, wrap })
      this.xfs.set(key, id)
    }
    return id
  }

  /** The dxfs index of a conditional format's fill and font colour (ARGB). */
  dxf(style: DifferentialStyle): number {
    const i = this.dxfs.findIndex((d) => d.fill === style.fill && d.font === style.font)
    if (i >= 0) return i
    this.dxfs.push(style)
    return this.dxfs.length - 1
  }

  private formatId(code: string): number {
    const builtin = BUILTIN_FORMATS[code]
    if (builtin !== undefined) return builtin
    let id = this.formats.get(code)
    if (id === undefined) {
      id = 164 + this.formats.size
      this.formats.set(code, id)
    }
    return id
  }

  toXml(): string {
    const numFmts = [...this.formats].map(([code, id]) => `<numFmt numFmtId="${id}" formatCode="${xmlEscape(code)}"/>`)
    const xfs = this.xfList.map(
      (x) =>
        `<xf numFmtId="${x.numFmtId}" fontId="${x.bold ? 1 : 0}" fillId="0" borderId="0" xfId="0"` +
        `${x.numFmtId ? ' applyNumberFormat="1"' : ''}${x.bold ? ' applyFont="1"' : ''}` +
        (x.wrap ? ' applyAlignment="1"><alignment wrapText="1"/></xf>' : '/>'),
    )
    const dxfs = this.dxfs.map(
      (d) =>
        `<dxf><font><color rgb="${d.font}"/></font><fill><patternFill patternType="solid"><bgColor rgb="${d.fill}"/></patternFill></fill></dxf>`,
    )
    return (
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
      '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
      (numFmts.length ? `<numFmts count="${numFmts.length}">${numFmts.join('')}</numFmts>` : '') +
      '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
      '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
      '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
      '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      `<cellXfs count="${xfs.length}">${xfs.join('')}</cellXfs>` +
      '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
      `<dxfs count="${dxfs.length}">${dxfs.join('')}</dxfs>` +
      '<tableStyles count="0" defaultTableStyle="TableStyleMedium2" defaultPivotStyle="PivotStyleLight16"/>' +
      '</styleSheet>'
    )
  }
}
