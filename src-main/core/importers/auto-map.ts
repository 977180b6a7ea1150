import { headerKey, quotedHeaders } from './header-names'
import { coreText, TextError, type CoreText } from '../texts/core-text'

/**
 * Maps spreadsheet columns to the fields a job kind needs, from Indonesian and English headers.
 * Matching ignores case, spaces and punctuation ("Foto KTP" = "foto_ktp" = "FOTO-KTP"). The fields
 * and their header guesses belong to each kind (src-main/core/kinds/); this is the matching only.
 */

export interface FieldSpec {
  field: string
  required: boolean
  /** header keys (see headerKey), most specific first */
  synonyms: string[]
}

/** Partial synonyms shorter than this are too ambiguous to match inside a longer header. */
const MIN_CONTAINED_SYNONYM = 5

export function missingFieldsOf(specs: readonly FieldSpec[], mapping: Record<string, string>): string[] {
  return specs.filter((f) => f.required && !mapping[f.field]).map((f) => f.field)
}

export function autoMapFields(specs: readonly FieldSpec[], headers: string[]): { mapping: Record<string, string>; missing: string[] } {
  const mapping: Record<string, string> = {}
  const taken = new Set<string>()
  const keys = headers.map(headerKey)

  // Pass 1: exact key matches, in synonym order (so "Foto KTP" beats a plain "KTP" column).
  for (const spec of specs) {
    for (const syn of spec.synonyms) {
      const i = keys.findIndex((k, j) => k === syn && !taken.has(headers[j]))
      if (i >= 0) {
        mapping[spec.field] = headers[i]
        taken.add(headers[i])
        break
      }
    }
  }
  // Pass 2: a header containing a long synonym ("Foto KTP (path)", "URL Selfie Nasabah").
  for (const spec of specs) {
    if (mapping[spec.field]) continue
    for (const syn of spec.synonyms.filter((s) => s.length >= MIN_CONTAINED_SYNONYM)) {
      const i = keys.findIndex((k, j) => k.includes(syn) && !taken.has(headers[j]))
      if (i >= 0) {
        mapping[spec.field] = headers[i]
        taken.add(headers[i])
        break
      }
    }
  }
  return { mapping, missing: missingFieldsOf(specs, mapping) }
}

export class MapOverrideError extends TextError {
  override readonly name = 'MapOverrideError'
  constructor(
    readonly code: 'malformed' | 'unknown-field' | 'unknown-header',
    message: CoreText,
  ) {
    super(message)
  }
}

/**
 * Applies `--map field=Header` overrides on top of an automatic mapping. The header is matched exactly,
 * then ignoring case and punctuation. Fields outside `valid` are refused (`kind` names whose they are).
 */
export function applyFieldOverrides(
  mapping: Record<string, string>,
  overrides: string[],
  headers: string[],
  valid: readonly string[],
  kind?: string,
): Record<string, string> {
  const out = { ...mapping }
  const list = quotedHeaders(headers)
  for (const override of overrides) {
    const eq = override.indexOf('=')
    if (eq <= 0) {
      throw new MapOverrideError('malformed', coreText('map.malformed', { override }))
    }
    const field = override.slice(0, eq).trim()
    const wanted = override.slice(eq + 1).trim().replace(/^["']|["']$/g, '')
    if (!valid.includes(field)) {
      throw new MapOverrideError('unknown-field', coreText('map.unknownField', { override, field, kind: kind ?? null, fields: valid.join(', ') }))
    }
    const header =
      headers.find((h) => h === wanted) ??
      headers.find((h) => h.toLowerCase() === wanted.toLowerCase()) ??
      headers.find((h) => headerKey(h) === headerKey(wanted) && headerKey(wanted) !== '')
    if (!header) {
      throw new MapOverrideError('unknown-header', coreText('map.unknownHeader', { override, header: wanted, headers: list }))
    }
    // a header moved to this field no longer serves another one
    for (const [f, h] of Object.entries(out)) if (h === header && f !== field) delete out[f]
    out[field] = header
  }
  return out
}
