/**
 * Times in reports. Excel has no time zones: a date cell is a wall-clock reading. exceljs
 * writes a JS Date by its UTC fields, so an instant is shifted by the local offset first and
 * the user sees the time their own clock showed; the summary names the offset.
 */
export function wallClockDate(ms: number, offsetMinutes = -new Date(ms).getTimezoneOffset()): Date {
  return new Date(ms + offsetMinutes * 60_000)
}

/** '+07:00' for WIB. */
export function utcOffsetLabel(ms: number, offsetMinutes = -new Date(ms).getTimezoneOffset()): string {
  const sign = offsetMinutes < 0 ? '-' : '+'
  const abs = Math.abs(offsetMinutes)
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`
}

/**
 * The service's `scraped_at` is ISO 8601 without a zone ('2025-03-01T10:20:30.123'): a wall-clock
 * reading already, so its fields are kept as they are. Anything unparseable stays text.
 */
export function zonelessIsoDate(text: string): Date | null {
  const plain = plainIsoDate(text)
  if (plain !== undefined) return plain
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?$/.exec(text.trim())
  if (!m) return null
  const ms = m[7] ? Math.round(Number('0.' + m[7]) * 1000) : 0
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0), ms))
  return Number.isNaN(d.getTime()) ? null : d
}

/**
 * The service's usual shape, 'yyyy-mm-ddThh:mm:ss' with '.fff' or without, read digit by digit: the
 * pattern cost ~0.4 µs a record of a 100,000-row report (its match and 7 strings). The same Date as
 * the pattern gives; undefined for any other shape (the pattern reads it then).
 */
function plainIsoDate(t: string): Date | null | undefined {
  const n = t.length
  if (n !== 19 && n !== 23) return undefined
  const sep = t.charCodeAt(10)
  if (t.charCodeAt(4) !== 45 || t.charCodeAt(7) !== 45 || (sep !== 84 && sep !== 32) || t.charCodeAt(13) !== 58 || t.charCodeAt(16) !== 58) return undefined
  if (n === 23 && t.charCodeAt(19) !== 46) return undefined
  const y = digitsAt(t, 0, 4)
  const mo = digitsAt(t, 5, 2)
  const d = digitsAt(t, 8, 2)
  const h = digitsAt(t, 11, 2)
  const mi = digitsAt(t, 14, 2)
  const s = digitsAt(t, 17, 2)
  const ms = n === 23 ? digitsAt(t, 20, 3) : 0
  if ((y | mo | d | h | mi | s | ms) < 0) return undefined
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s, ms))
  return Number.isNaN(date.getTime()) ? null : date
}

/** The number the ASCII digits at `at` spell, or -1 when one is not a digit. */
function digitsAt(t: string, at: number, length: number): number {
  let v = 0
  for (let i = at; i < at + length; i++) {
    const c = t.charCodeAt(i) - 48
    if (c < 0 || c > 9) return -1
    v = v * 10 + c
  }
  return v
}

/**
 * A user's date cell read back from the store's JSON (exceljs gave it to us as UTC fields):
 * 'yyyy-mm-ddThh:mm:ss.fffZ', the shape JSON.stringify gives a Date, as `new Date(text)` reads it.
 */
export function revivedInputDate(value: unknown): Date | null {
  // length and last character first: this runs on every cell of the user's columns
  if (typeof value !== 'string' || value.length !== 24 || value.charCodeAt(23) !== 90) return null
  const ms = jsonDateMs(value)
  return Number.isNaN(ms) ? null : new Date(ms)
}

/** 400 Gregorian years, in ms: the calendar repeats after them */
const MS_400_YEARS = 146_097 * 86_400_000

/**
 * The instant of a 24-character 'yyyy-mm-ddThh:mm:ss.fffZ', read digit by digit (NaN for another
 * shape or a field out of range), exactly what `new Date(text)` gives: its date parser and the
 * shape's pattern were ~2% of a face report's thread. Like V8, a day up to 31 runs into the next
 * month and 24:00:00.000 is the next day's midnight.
 */
export function jsonDateMs(t: string): number {
  if (t.charCodeAt(4) !== 45 || t.charCodeAt(7) !== 45 || t.charCodeAt(10) !== 84 || t.charCodeAt(13) !== 58 || t.charCodeAt(16) !== 58 || t.charCodeAt(19) !== 46) return NaN
  const y = digitsAt(t, 0, 4)
  const mo = digitsAt(t, 5, 2)
  const d = digitsAt(t, 8, 2)
  const h = digitsAt(t, 11, 2)
  const mi = digitsAt(t, 14, 2)
  const s = digitsAt(t, 17, 2)
  const ms = digitsAt(t, 20, 3)
  if ((y | mo | d | h | mi | s | ms) < 0 || mo < 1 || mo > 12 || d < 1 || d > 31 || mi > 59 || s > 59) return NaN
  if (h > 24 || (h === 24 && (mi | s | ms) !== 0)) return NaN
  // Date.UTC takes years 0-99 as 1900-1999: such a year is read 400 years on and moved back
  return y < 100 ? Date.UTC(y + 400, mo - 1, d, h, mi, s, ms) - MS_400_YEARS : Date.UTC(y, mo - 1, d, h, mi, s, ms)
}

const DURATION_UNITS = { id: ['jam', 'mnt', 'dtk'], en: ['h', 'm', 's'] } as const

/** 1 h 02 m 03 s (1 jam 02 mnt 03 dtk), for people; the number of seconds sits beside it for formulas. */
export function humanDuration(ms: number, lang: 'id' | 'en' = 'en'): string {
  const [uh, um, us] = DURATION_UNITS[lang]
  const total = Math.max(0, Math.round(ms / 1000))
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = total % 60
  if (h > 0) return `${h} ${uh} ${String(m).padStart(2, '0')} ${um} ${String(s).padStart(2, '0')} ${us}`
  if (m > 0) return `${m} ${um} ${String(s).padStart(2, '0')} ${us}`
  return `${s} ${us}`
}

/** 'yyyy-mm-dd hh:mm:ss' of a wall-clock Date (its UTC fields), for CSV. */
export function formatWallClock(d: Date): string {
  return d.toISOString().replace('T', ' ').slice(0, 19)
}

const MS_PER_DAY = 86_400_000

/**
 * A wall-clock Date at 00:00:00.000: a day with no time of day (a birth date typed as a date).
 * Excel stores both as one serial number, so midnight is the only sign; a time of day keeps its time.
 */
export function isDayOnly(d: Date): boolean {
  return d.getTime() % MS_PER_DAY === 0
}

/** 'yyyy-mm-dd' of a wall-clock Date, for CSV: a day-only cell of the user's, as the xlsx shows it. */
export function formatWallClockDay(d: Date): string {
  return d.toISOString().slice(0, 10)
}
