
/**
 * Every number the user reads goes through here, so Indonesian screens say `Rp1.234.000` and
 * `12,5` while English ones say `Rp1,234,000` and `12.5`. Formatters are cached per locale.
 */
import type { Lang } from '../../../src-main/contract/ipc'
import { localeOf } from '../i18n/language'
import { formatDateTimeIn } from '../../../src-main/contract/time-zones'

/** Whole rupiah, no space after "Rp": one function for the screens, the CLI and messages. */
export { formatRp } from '../../../src-main/contract/rupiah'
/** Counts, percentages and scores: the same formatter the CLI, core's sentences and reports use. */
export { formatNumber, formatFixed, formatPercent, formatScore } from '../../../src-main/contract/numbers'

/**
 * What a user typed into a rupiah field: "Rp 1.234.000", "1,234,000", "1234000" -> 1234000.
 * Separators are ignored (amounts are whole rupiah); empty -> null (no limit); junk -> NaN.
 */
export function parseRpInput(text: string): number | null {
  const t = text.trim()
  if (t === '') return null
  const stripped = t.replace(/^rp\s*/i, '').replace(/[.,\s\u00a0]/g, '')
  return /^\d{1,15}$/.test(stripped) ? Number(stripped) : Number.NaN
}

/** A duration split into the parts the duration.* messages take. */
export type DurationParts =
  | { unit: 'seconds'; n: number }
  | { unit: 'minutes'; m: number; s: number }
  | { unit: 'hours'; h: number; m: number }

export function durationParts(totalSeconds: number): DurationParts {
  const sec = Math.max(0, Math.round(totalSeconds))
  if (sec < 60) return { unit: 'seconds', n: sec }
  if (sec < 3600) return { unit: 'minutes', m: Math.floor(sec / 60), s: sec % 60 }
  return { unit: 'hours', h: Math.floor(sec / 3600), m: Math.floor((sec % 3600) / 60) }
}

/**
 * A timestamp (ms) as a short date and time in the zone chosen in Settings (default WIB), with
 * the zone's name: never the browser's zone (contract/time-zones.ts, the reports' rule too).
 */
export function formatDateTime(ms: number, lang: Lang, zone?: string): string {
  return formatDateTimeIn(ms, localeOf(lang), zone)
}
