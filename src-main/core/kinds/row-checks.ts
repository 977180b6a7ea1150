import type { CellValue } from '../importers'

/**
 * Shape checks for the codes a row sends, done locally so a malformed code fails for free
 * instead of costing a hit. Pure functions: value in, normalised value or reason out.
 */
export type Checked<T> = { ok: true; value: T } | { ok: false; reason: string }

export function cellText(v: CellValue | undefined): string {
  if (v === null || v === undefined) return ''
  if (v instanceof Date) return v.toISOString()
  return String(v).trim()
}

const digits = (label: string, n: number) =>
  (v: CellValue | undefined): Checked<string> => {
    const t = cellText(v)
    if (!t) return { ok: false, reason: `${label} is empty` }
    if (!new RegExp(`^\\d{${n}}$`).test(t)) return { ok: false, reason: `${label} must be ${n} digits, got "${t}"` }
    return { ok: true, value: t }
  }

export const checkNpsn = digits('NPSN', 8)
export const checkRegencyCode = digits('regency code', 4)
export const checkProvinceCode = digits('province code', 2)

export function checkHospitalCode(v: CellValue | undefined): Checked<string> {
  const t = cellText(v)
  if (!t) return { ok: false, reason: 'hospital code is empty' }
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/.test(t)) return { ok: false, reason: `"${t}" is not a hospital code (letters and digits only)` }
  return { ok: true, value: t }
}

export function checkSchoolStatus(v: CellValue | undefined): Checked<'N' | 'S' | undefined> {
  const t = cellText(v).toUpperCase()
  if (!t) return { ok: true, value: undefined }
  if (t === 'N' || t === 'NEGERI') return { ok: true, value: 'N' }
  if (t === 'S' || t === 'SWASTA') return { ok: true, value: 'S' }
  return { ok: false, reason: `school status must be N (negeri) or S (swasta), got "${t}"` }
}

/** Optional filter value: empty means "any". */
export function optionalText(v: CellValue | undefined): string | undefined {
  const t = cellText(v)
  return t ? t : undefined
}
