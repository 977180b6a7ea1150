/**
 * The time zone a report's time columns are shown in. Excel has no zones: a date cell is a
 * wall-clock reading, so each instant is turned into the reading of the user's zone (default
 * Asia/Jakarta, WIB) and the zone is named in the header and the summary. Times are cut to
 * whole seconds, so a cell read back from the file is exactly the instant written.
 */
import { coreText, TextError } from '../texts/core-text'
import { DEFAULT_TIME_ZONE, zoneLabel } from '../../contract/time-zones'
export { DEFAULT_TIME_ZONE }

const QUARTER_HOUR_MS = 15 * 60_000


/** The IANA name, checked; throws with a plain reason for an unknown zone. */
export function checkTimeZone(name: string): string {
  const zone = name.trim()
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone
  } catch {
    throw new TextError(coreText('tz.unknown', { name }))
  }
}

export interface ReportZone {
  /** IANA name, e.g. Asia/Jakarta */
  name: string
  /** 'WIB' for Indonesia's zones, else the IANA name: what headers put in brackets */
  label: string
  /** 'WIB, Asia/Jakarta' */
  fullName: string
  /** minutes east of UTC at that instant */
  offsetMinutes(ms: number): number
  /** the wall-clock reading in this zone as a Date whose UTC fields are that reading (what exceljs writes) */
  wall(ms: number): Date
  /** 'UTC+07:00' at that instant */
  offsetLabel(ms: number): string
  /** '20261124-071300': the wall clock in this zone, for file names */
  stamp(ms: number): string
}

export function reportZone(name: string = DEFAULT_TIME_ZONE): ReportZone {
  const zone = checkTimeZone(name)
  const fmt = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  })
  const computeOffset = (ms: number): number => {
    const p = Object.fromEntries(fmt.formatToParts(new Date(ms)).map((x) => [x.type, x.value]))
    const asUtc = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second)
    return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000)
  }
  // formatToParts costs ~10 µs, once per time cell of a 100,000-row report; a zone's offset only
  // changes at a quarter-hour boundary of UTC, so it is asked once per quarter hour seen
  const byQuarter = new Map<number, number>()
  const offsetMinutes = (ms: number): number => {
    const q = Math.floor(ms / QUARTER_HOUR_MS)
    let m = byQuarter.get(q)
    if (m === undefined) {
      if (byQuarter.size >= 10_000) byQuarter.clear()
      byQuarter.set(q, (m = computeOffset(ms)))
    }
    return m
  }
  const label = zoneLabel(zone)
  return {
    name: zone,
    label,
    fullName: label !== zone ? `${label}, ${zone}` : zone,
    offsetMinutes,
    wall: (ms) => new Date(Math.floor(ms / 1000) * 1000 + offsetMinutes(ms) * 60_000),
    offsetLabel: (ms) => {
      const m = offsetMinutes(ms)
      const abs = Math.abs(m)
      return `UTC${m < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`
    },
    stamp(ms) {
      const w = new Date(Math.floor(ms / 1000) * 1000 + offsetMinutes(ms) * 60_000).toISOString()
      return `${w.slice(0, 10).replace(/-/g, '')}-${w.slice(11, 19).replace(/:/g, '')}`
    },
  }
}
