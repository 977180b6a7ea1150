/**
 * The one way rekap writes a number for a person, beside formatRp (rupiah.ts): on screens, in the
 * CLI, in core's sentences and in reports' texts. Indonesian: 3.000 and 0,7; English: 3,000 and 0.7.
 */
export type NumberLang = 'id' | 'en'

const LOCALE: Record<NumberLang, string> = { id: 'id-ID', en: 'en-US' }
const cache = new Map<string, Intl.NumberFormat>()

function formatter(lang: NumberLang, min: number, max: number): Intl.NumberFormat {
  const key = `${lang}:${min}:${max}`
  let f = cache.get(key)
  if (!f) cache.set(key, (f = new Intl.NumberFormat(LOCALE[lang], { minimumFractionDigits: min, maximumFractionDigits: max })))
  return f
}

/** A count or measurement: 50.000 / 50,000; `fractionDigits` caps the decimals shown. */
export function formatNumber(value: number, lang: NumberLang, fractionDigits = 0): string {
  return formatter(lang, 0, fractionDigits).format(value)
}

/** Exactly `digits` decimals (a rate 0,7/dtk, a score 0,873): the same width every time. */
export function formatFixed(value: number, lang: NumberLang, digits: number): string {
  return formatter(lang, digits, digits).format(value)
}

/** 0.8734 -> "87,3%" / "87.3%". */
export function formatPercent(ratio: number, lang: NumberLang): string {
  return `${formatter(lang, 0, 1).format(ratio * 100)}%`
}

/** A confidence score in 0..1 with 3 decimals: 0,873 / 0.873. */
export function formatScore(score: number, lang: NumberLang): string {
  return formatFixed(score, lang, 3)
}
