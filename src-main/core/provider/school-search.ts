import { normaliseSchool } from './school-normalise'
import type { SchoolSearchEnvelope } from './types'

/**
 * The records of a school search answer. The spec shows only the envelope's three names
 * (status, timestamp, result); result items are read as school records when they look like
 * them (an array, or an array under result.data / result.items / result.schools).
 */
export function schoolSearchRecords(envelope: SchoolSearchEnvelope): Array<Record<string, unknown>> {
  const r = envelope.result as unknown
  const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
  const list = Array.isArray(r) ? r : isObj(r) ? ([r.data, r.items, r.schools].find(Array.isArray) as unknown[] | undefined) ?? [] : []
  return list.filter(isObj).map((x) => ('npsn' in x ? (normaliseSchool(x as never) as unknown as Record<string, unknown>) : x))
}
