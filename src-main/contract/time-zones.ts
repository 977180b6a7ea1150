/**
 * Times as people read them, in the zone they chose (Settings, default Asia/Jakarta = WIB), and
 * named: the one rule the screens, the CLI and the reports share, so a review history and the
 * report it goes with say the same hour. Never the zone of the browser or the server.
 */
export const DEFAULT_TIME_ZONE = 'Asia/Jakarta'

/** Indonesia's zones by their common names; others are named by their IANA id. */
const SHORT_NAMES: Record<string, string> = { 'Asia/Jakarta': 'WIB', 'Asia/Pontianak': 'WIB', 'Asia/Makassar': 'WITA', 'Asia/Jayapura': 'WIT' }

/** 'WIB' for Indonesia's zones, else the IANA name: what a time is labelled with. */
export function zoneLabel(zone: string): string {
  return SHORT_NAMES[zone] ?? zone
}

const FORMATS = new Map<string, Intl.DateTimeFormat>()

/** '24 Nov 2026, 07.13 WIB': a short date and time in `zone`, labelled (an unknown zone falls back to the default). */
export function formatDateTimeIn(ms: number, locale: string, zone: string = DEFAULT_TIME_ZONE): string {
  const key = `${locale}|${zone}`
  let fmt = FORMATS.get(key)
  if (!fmt) {
    try {
      fmt = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone })
    } catch {
      return formatDateTimeIn(ms, locale, DEFAULT_TIME_ZONE)
    }
    FORMATS.set(key, fmt)
  }
  return `${fmt.format(new Date(ms))} ${zoneLabel(zone)}`
}
