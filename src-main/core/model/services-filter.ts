import type { HospitalRecord } from '../provider'

/**
 * The services filter the spec leaves to the client (2.6: "filtered by services only on the
 * client side"): every comma-separated word must appear in one of the hospital's services,
 * ignoring case ("icu, hemodialisa").
 */
export function hasServices(h: Pick<HospitalRecord, 'services'>, wanted: string): boolean {
  const terms = wanted
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean)
  const list = (h.services?.list ?? []).map((s) => s.toLowerCase())
  return terms.every((t) => list.some((s) => s.includes(t)))
}
