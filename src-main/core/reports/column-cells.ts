import { cleanText, literalCell, type CellPrimitive } from './cell-safety'
import { codeText } from '../importers/code-values'
import { formatWallClock, formatWallClockDay, isDayOnly, revivedInputDate, wallClockDate, zonelessIsoDate } from './report-time'
import { canonicalNumber } from './canonical-number'
import type { ReportLang } from './labels'

/**
 * What a report column holds, which fixes how a value becomes a cell and how Excel shows it.
 * `code` is text whatever it was given as, so leading zeros and 16-digit NIKs survive.
 */
export type ColumnKind = 'auto' | 'text' | 'code' | 'integer' | 'number' | 'fte' | 'score' | 'money' | 'date' | 'outcome'

export interface ColumnSpec {
  header: string
  kind: ColumnKind
  /** fixed width in characters; otherwise measured from the header and the first rows */
  width?: number
  /** word-wrap the text (default: free text of a fixed width of 40 characters or more; see print-setup) */
  wrap?: boolean
}

export const NUMBER_FORMATS: Partial<Record<ColumnKind, string>> = {
  code: '@',
  text: '@',
  outcome: '@',
  integer: '#,##0',
  // full-time equivalents (12.5 doctors, 3.25): at least one decimal, two when there are
  fte: '#,##0.0#',
  // Rupiah with the reader's own digit grouping (Rp1.250.000 in an Indonesian Excel)
  money: '"Rp"#,##0',
  score: '0.0000',
  date: 'yyyy-mm-dd hh:mm:ss',
}

/**
 * The format of a day with no time (report-time.ts isDayOnly) in the user's own columns ('auto'):
 * a birth date shows as 1992-08-17, the day format of the report's own times, not 1992-08-17 00:00:00.
 */
export const DAY_FORMAT = 'yyyy-mm-dd'

/**
 * The locale a report's number formats are tagged with, by the report's language (Indonesian 0x421,
 * English US 0x409). LibreOffice shows a tagged format's decimal and grouping marks in that locale,
 * whatever its own: an Indonesian report's scores and amounts print as 0,9926 and Rp2.800 beside its
 * text (the band "0,45 - 0,55", "biaya paling banyak Rp3.200"), not as 0.9926 and Rp2,800 on an
 * English-locale LibreOffice. Excel keeps the reader's system marks either way (it reads the tag for
 * names of months and days only); the values, and so the digest, do not change.
 */
const LOCALE_TAGS: Record<ReportLang, string> = { id: '[$-421]', en: '[$-409]' }

/** The kinds whose cells show a decimal or grouping mark ('number' in General, the others in their format). */
const MARKED_KINDS: ReadonlySet<ColumnKind> = new Set<ColumnKind>(['integer', 'fte', 'money', 'score', 'number'])

/**
 * The number format of a column kind in a report of `lang` (every xlsx writer asks here):
 * NUMBER_FORMATS, tagged with the language's locale where the kind shows marks.
 */
export function numberFormatOf(kind: ColumnKind, lang: ReportLang): string | undefined {
  const format = NUMBER_FORMATS[kind]
  return MARKED_KINDS.has(kind) ? `${LOCALE_TAGS[lang]}${format ?? 'General'}` : format
}

/**
 * Every number format a report of rekap holds (verify refuses any other): this rekap's, tagged, and
 * the untagged NUMBER_FORMATS a report written before the tags holds, which still verifies.
 */
export function reportNumberFormats(): string[] {
  const kinds = new Set<ColumnKind>([...(Object.keys(NUMBER_FORMATS) as ColumnKind[]), ...MARKED_KINDS])
  const langs = Object.keys(LOCALE_TAGS) as ReportLang[]
  const tagged = langs.flatMap((lang) => [...kinds].map((k) => numberFormatOf(k, lang) ?? 'General'))
  return [...new Set(['General', ...Object.values(NUMBER_FORMATS).map((f) => f!), DAY_FORMAT, ...tagged])]
}

/**
 * The format of a Date in a column of this kind: the column's own format where it has one that
 * shows a date, else the date format (a Date in a 'number' column still shows as a date).
 */
export function dateFormatOf(kind: ColumnKind, lang: ReportLang): string {
  return NUMBER_FORMATS[kind] && kind !== 'code' && kind !== 'text' ? numberFormatOf(kind, lang)! : NUMBER_FORMATS.date!
}

/**
 * The format of a Date at midnight in a column of this kind: the day alone in the user's columns
 * (their dates are days or times as they typed them), the column's date format elsewhere (rekap's
 * own times keep their time even at midnight). Every writer (xlsx on either thread, CSV) asks here.
 */
export function dayFormatOf(kind: ColumnKind, lang: ReportLang): string {
  return showsDayAlone(kind) ? DAY_FORMAT : dateFormatOf(kind, lang)
}

/** A Date as CSV text in a column of this kind: the day alone where the xlsx shows the day alone. */
export function csvDateText(kind: ColumnKind): (d: Date) => string {
  return showsDayAlone(kind) ? csvUserDate : formatWallClock
}

function showsDayAlone(kind: ColumnKind): boolean {
  return kind === 'auto'
}

function csvUserDate(d: Date): string {
  return isDayOnly(d) ? formatWallClockDay(d) : formatWallClock(d)
}

/** One value -> the cell written for a column of this kind. */
export function cellFor(value: unknown, kind: ColumnKind): CellPrimitive {
  switch (kind) {
    case 'code': {
      const code = codeText(value)
      return code === null ? null : cleanText(code)
    }
    case 'text':
    case 'outcome': {
      const v = literalCell(value)
      return v === null ? null : typeof v === 'string' ? v : v instanceof Date ? v.toISOString() : String(v)
    }
    case 'date':
      if (typeof value === 'number') return Number.isFinite(value) ? wallClockDate(value) : null
      if (typeof value === 'string') return revivedInputDate(value) ?? zonelessIsoDate(value) ?? literalCell(value)
      return literalCell(value)
    case 'auto':
      return revivedInputDate(value) ?? literalCell(value)
    case 'score':
    case 'number':
      // what rekap computed, at the 15 significant digits spreadsheet programs keep (canonicalNumber)
      return typeof value === 'number' && Number.isFinite(value) ? canonicalNumber(value) : literalCell(value)
    default:
      return literalCell(value)
  }
}

/** Width in characters for a column, from its header and sampled cells; bounded so sheets stay readable. */
export function measuredWidth(spec: ColumnSpec, samples: CellPrimitive[]): number {
  // never narrower than its bold title ("Diperlambat 429", "Waktu Keputusan (WIB)"): a cut header prints cut
  const header = Math.min(60, Math.ceil(spec.header.length * 1.1) + 2)
  if (spec.width) return Math.max(spec.width, header)
  if (spec.kind === 'date') return Math.max(20, header)
  let longest = Math.ceil(spec.header.length * 1.1)
  for (const s of samples) {
    if (s === null) continue
    const len = s instanceof Date ? 19 : typeof s === 'number' ? String(s).length + 2 : String(s).length
    if (len > longest) longest = len
  }
  return Math.min(60, Math.max(8, longest + 2))
}
