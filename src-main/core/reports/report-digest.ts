/**
 * The report's content digest: SHA-256 over a canonical serialisation of every cell of every
 * sheet, as written. The same serialisation is made from a report read back with exceljs, so
 * `rekap verify` can check a file without the store. Canonical form: per sheet, its name, then
 * each non-empty row as a JSON array (trailing empty cells dropped); texts with \n line ends,
 * dates as ISO text to the second, numbers as numbers (fractions at 15 significant digits, see
 * `canonicalNumber`). The summary lines that hold the digests and their signature are left out
 * (they cannot contain themselves).
 */
import { createHash } from 'node:crypto'
import { TextHash } from '../text-hash'
import { canonicalNumber, canonicalNumberText } from './canonical-number'

export type CanonicalCell = string | number | boolean | null
export { canonicalNumber }

/**
 * 'D:' + the ISO text of a whole second. Remembered: a report's dates repeat (birth dates, rows
 * finished within the same second) and toISOString was a tenth of the digest's time.
 */
function isoSecond(ms: number): string {
  let text = ISO_SECONDS.get(ms)
  if (text === undefined) {
    if (ISO_SECONDS.size >= 50_000) ISO_SECONDS.clear()
    text = 'D:' + new Date(ms).toISOString().slice(0, 19)
    ISO_SECONDS.set(ms, text)
  }
  return text
}
const ISO_SECONDS = new Map<number, string>()

/** A written cell or an exceljs read-back value -> its canonical form. */
export function canonicalCell(v: unknown): CanonicalCell {
  if (v === null || v === undefined) return null
  if (typeof v === 'string') return v === '' ? null : v.indexOf('\r') < 0 ? v : v.replace(/\r\n?/g, '\n')
  if (typeof v === 'number') return Number.isFinite(v) ? canonicalNumber(v) : null
  if (typeof v === 'boolean') return v
  if (v instanceof Date) {
    const t = v.getTime()
    if (Number.isNaN(t)) return null
    // a date cell is a fraction of a day: round back to the whole second it was written as
    return isoSecond(Math.round(t / 1000) * 1000)
  }
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>
    if (Array.isArray(o.richText)) return canonicalCell((o.richText as Array<{ text: string }>).map((r) => r.text).join(''))
    if (typeof o.formula === 'string' || typeof o.sharedFormula === 'string') return 'F:' + String(o.formula ?? o.sharedFormula)
    if (typeof o.text === 'string') return canonicalCell(o.text)
    if (typeof o.error === 'string') return 'E:' + o.error
  }
  return String(v)
}

/** What JSON.stringify may change in a text: a quote, backslash, control character or (lone) surrogate. */
const JSON_SPECIAL_CLASS = '"\\\\\\u0000-\\u001f\\ud800-\\udfff'

/** Text JSON.stringify leaves as it is between its quotes: none of JSON_SPECIAL_CLASS. */
const JSON_PLAIN = new RegExp(`^[^${JSON_SPECIAL_CLASS}]*$`)

/**
 * A new global pattern of JSON_SPECIAL_CLASS, to search a text for them (./xlsx/plain-spans.ts): a
 * text without any goes into JSON as it is, quoted.
 */
export function jsonSpecialPattern(): RegExp {
  return new RegExp(`[${JSON_SPECIAL_CLASS}]`, 'g')
}

/**
 * JSON.stringify(canonicalCell(v)), or null for an empty cell: plain texts, numbers and booleans
 * go straight to their JSON text (the digest serialises ~1.5 million cells per 100,000 rows).
 */
function canonicalJson(v: unknown): string | null {
  switch (typeof v) {
    case 'string':
      if (v === '') return null
      // most texts need no escaping: quoted as they are (what JSON.stringify gives them), else JSON.stringify
      return JSON_PLAIN.test(v) ? '"' + v + '"' : JSON.stringify(v.indexOf('\r') < 0 ? v : v.replace(/\r\n?/g, '\n'))
    case 'number':
      // JSON writes a finite number as String does
      return Number.isFinite(v) ? canonicalNumberText(v) : null
    case 'boolean':
      return v ? 'true' : 'false'
    case 'undefined':
      return null
  }
  // a date's canonical text is 'D:' and ISO digits: nothing JSON escapes
  if (v instanceof Date) {
    const c = canonicalCell(v)
    return c === null ? null : '"' + c + '"'
  }
  const c = canonicalCell(v)
  return c === null ? null : JSON.stringify(c)
}

/** What goes before a row's i-th cell (i > 0) after `n` empty ones: 'null,' for each when all before it were empty, else ',null' each and a comma. */
function before(i: number, n: number): string {
  if (n === 0) return ','
  if (n === i) return n < LEADING_NULLS.length ? LEADING_NULLS[n] : 'null,'.repeat(n)
  return n < NULLS_BETWEEN.length ? NULLS_BETWEEN[n] : ',null'.repeat(n) + ','
}
const LEADING_NULLS = Array.from({ length: 64 }, (_, n) => 'null,'.repeat(n))
const NULLS_BETWEEN = Array.from({ length: 64 }, (_, n) => ',null'.repeat(n) + ',')

/** A row's canonical cells with trailing empties dropped; null for an empty row (not serialised). */
export function canonicalRow(cells: readonly unknown[]): CanonicalCell[] | null {
  const out = cells.map(canonicalCell)
  let end = out.length
  while (end > 0 && out[end - 1] === null) end--
  return end === 0 ? null : out.slice(0, end)
}

export interface DigestResult {
  /** hex SHA-256 over the sheet digests in sheet order */
  digest: string
  /** sheet name -> hex SHA-256 of its rows */
  sheets: Array<{ name: string; digest: string }>
}

/** Short per-sheet digests as the summary states them: 'Hasil=0123456789abcdef; Galat=…'. */
export const SHEET_DIGEST_CHARS = 16

export function formatSheetDigests(sheets: DigestResult['sheets']): string {
  return sheets.map((s) => `${s.name}=${s.digest.slice(0, SHEET_DIGEST_CHARS)}`).join('; ')
}

export function parseSheetDigests(text: string): Map<string, string> {
  const map = new Map<string, string>()
  for (const part of text.split('; ')) {
    const i = part.lastIndexOf('=')
    if (i > 0) map.set(part.slice(0, i), part.slice(i + 1))
  }
  return map
}

/** Feeds rows sheet by sheet; `skipLabels` are the summary lines (column A) left out. */
export class ContentDigest {
  /** per sheet: its hash here, or the digest of a sheet hashed elsewhere (`hex`, once known) */
  private readonly sheets: Array<{ name: string; hash: TextHash | null; hex?: string }> = []
  private current: TextHash | null = null

  /**
   * the lengths of the skipped labels: a row's first text of another length is not looked up (a
   * lookup hashes the text, new for every row a batch brings to the zip thread: ~1% of its CPU)
   */
  private readonly skipLengths: ReadonlySet<number>

  constructor(readonly skipLabels: ReadonlySet<string>) {
    this.skipLengths = new Set([...skipLabels].map((l) => l.length))
  }

  /** A sheet whose rows are hashed where they are written (the zip thread): the setter takes its digest. */
  startElsewhere(name: string): (hex: string) => void {
    const sheet: { name: string; hash: null; hex?: string } = { name, hash: null }
    this.sheets.push(sheet)
    this.current = null
    return (hex) => (sheet.hex = hex)
  }

  startSheet(name: string): void {
    const hash = new TextHash()
    hash.add(JSON.stringify(name) + '\n')
    this.sheets.push({ name, hash })
    this.current = hash
  }

  /**
   * Adds JSON.stringify(canonicalRow(cells)) + '\n', built cell by cell without the intermediate
   * arrays; `plain`: the caller knows no text needs JSON escaping (the zip thread's
   * PlainSpans of `jsonSpecialPattern`), and none is tested again.
   */
  row(cells: readonly unknown[], plain = false): void {
    const hash = this.current
    if (!hash) throw new Error('a row before any sheet')
    let text = '['
    // empty cells wait here until a later cell is not empty (trailing ones are dropped)
    let nulls = 0
    for (let i = 0; i < cells.length; i++) {
      const v = cells[i]
      // a plain text (most cells) goes in quoted as it is, without a JSON text of its own first
      if (typeof v === 'string' && v !== '' && (plain || JSON_PLAIN.test(v))) text += (i === 0 ? '"' : before(i, nulls) + '"') + v + '"'
      else {
        const json = canonicalJson(v)
        if (json === null) {
          nulls++
          continue
        }
        text += i === 0 ? json : before(i, nulls) + json
      }
      nulls = 0
    }
    if (text.length === 1) return
    // only rows whose first cell is a label can be left out: a number, a date or a TRUE/FALSE never is
    const first = cells[0]
    if (typeof first !== 'number' && typeof first !== 'boolean' && !(first instanceof Date)) {
      const label = canonicalCell(first)
      if (typeof label === 'string' && this.skipLengths.has(label.length) && this.skipLabels.has(label)) return
    }
    hash.add(text + ']\n')
  }

  /** The sheet digested last becomes the first (the summary, written last but shown first). */
  moveLastToFront(): void {
    const last = this.sheets.pop()
    if (last) this.sheets.unshift(last)
  }

  result(): DigestResult {
    const sheets = this.sheets.map((s) => {
      const digest = s.hash ? s.hash.peek() : s.hex
      if (digest === undefined) throw new Error(`the digest of sheet "${s.name}" is not known yet`)
      return { name: s.name, digest }
    })
    const total = createHash('sha256')
    for (const s of sheets) total.update(`${JSON.stringify(s.name)}=${s.digest}\n`)
    return { digest: total.digest('hex'), sheets }
  }
}
