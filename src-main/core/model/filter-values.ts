/**
 * Hospital filter values (class, type, ownership, BLU status) checked against the lists the
 * service publishes (its /types, /classes, /ownership and /blu-status endpoints), before any
 * request: a value outside them is refused with the allowed values listed. Case and spacing
 * are forgiven ("non blud" -> "Non BLUD"): the service's own spelling is what is sent.
 */
import { coreText, renderCoreText, type CoreText } from '../texts/core-text'

export const HOSPITAL_FILTER_FIELDS = ['type', 'class', 'ownership', 'blu_status'] as const
export type HospitalFilterField = (typeof HOSPITAL_FILTER_FIELDS)[number]
export type HospitalValueLists = Record<HospitalFilterField, string[]>

const norm = (s: string): string => s.trim().replace(/\s+/g, ' ').toLowerCase()

export function checkFilterValue(
  field: HospitalFilterField,
  raw: string,
  lists: Partial<HospitalValueLists>,
): { ok: true; value: string } | { ok: false; reason: string; text: CoreText } {
  const allowed = lists[field]
  // no list known for this field (a dry run before any was fetched): the service will judge it
  if (!allowed) return { ok: true, value: raw }
  const hit = allowed.find((v) => norm(v) === norm(raw))
  if (hit !== undefined) return { ok: true, value: hit }
  const text = coreText('filter.unknownValue', { field, value: raw, allowed: allowed.join(', ') })
  return { ok: false, reason: renderCoreText(text, 'en'), text }
}
