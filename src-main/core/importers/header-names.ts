/**
 * Header text -> comparable key. Case, spaces, punctuation and accents are ignored, so
 * "Kode Kab/Kota", "kode_kab_kota" and "KODE KAB. KOTA" are the same key.
 */
export function headerKey(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
}

/** Header text -> lower-case words, splitting on punctuation and camelCase ("hospitalCode" -> hospital, code). */
export function headerWords(header: string): string[] {
  return header
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
}

/** A NIK column: "NIK", "nik_ktp", "No KTP", "Nomor KTP", "Nomor Induk Kependudukan". */
export function isNikHeader(header: string): boolean {
  const words = headerWords(header)
  if (words.includes('nik')) return true
  const key = headerKey(header)
  return /^(no|nomor|nomer)ktp$/.test(key) || key.includes('nomorindukkependudukan')
}

/**
 * A column of identifying codes that must stay text (leading zeros, exact digits): NIK, NPSN,
 * hospital codes, region codes ("Kode RS", "hospital_code", "Kode Kab/Kota", "regency_code").
 */
export function isCodeHeader(header: string): boolean {
  if (isNikHeader(header)) return true
  const words = headerWords(header)
  return words.some((w) => w === 'npsn' || w === 'kode' || w === 'kd' || w === 'code' || w.endsWith('code'))
}

/** How many column names a message lists, and how much of each: a sheet may have 16,384 of 32,767 characters. */
const LISTED_HEADERS = 40
const LISTED_HEADER_CHARS = 80

/**
 * The column names a message shows ("Kode RS", "Nama", ...): the first LISTED_HEADERS, each cut to
 * LISTED_HEADER_CHARS, then "(+N)" for the rest (no words, so it reads in either language).
 */
export function quotedHeaders(headers: readonly string[]): string {
  const cut = (h: string): string => (h.length > LISTED_HEADER_CHARS ? `${h.slice(0, LISTED_HEADER_CHARS)}…` : h)
  const shown = headers.slice(0, LISTED_HEADERS).map((h) => `"${cut(h)}"`).join(', ')
  return headers.length > LISTED_HEADERS ? `${shown}, … (+${headers.length - LISTED_HEADERS})` : shown
}
