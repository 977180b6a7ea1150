import { nikDigitsHeld } from './nik-digits'

/**
 * The short reason for each row error code, in both languages: one table for the screens,
 * the CLI and the reports. The service's or importer's own words are kept beside it (the row
 * detail, the report's "original message" column), never replaced.
 */
const id = {
  duplicate: 'Sama dengan baris sebelumnya: hasilnya dipakai ulang, tidak dibayar dua kali',
  imageRefNotFound: 'Berkas foto tidak ditemukan (tidak dikirim, tidak ditagih)',
  imageRefOutside: 'Lokasi foto di luar folder buku kerja, ditolak demi keamanan',
  imageRefOutsideAllowed: 'Lokasi foto di luar folder buku kerja, dibaca karena diizinkan (--allow-outside-paths)',
  imageRefEmpty: 'Sel foto kosong',
  imageRefInvalid: 'Isi sel bukan lokasi berkas foto',
  imageNotFound: 'Berkas foto tidak ditemukan',
  imageNotAFile: 'Lokasi foto adalah folder, bukan berkas',
  imageUnreadable: 'Berkas foto tidak dapat dibaca',
  imageEmpty: 'Berkas foto kosong (0 byte)',
  imageWrongType: 'Berkas bukan foto JPG atau PNG; simpan ulang sebagai JPG',
  imageTooLarge: 'Foto lebih dari 5 MB dan tidak dapat diperkecil',
  imageTooManyPixels: 'Foto terlalu besar (terlalu banyak piksel)',
  imageUndecodable: 'Foto rusak atau terpotong',
  fileMissing: 'Berkas foto hilang setelah pra-periksa; tidak dikirim',
  invalidCode: 'Kode tidak sesuai format',
  nikDigitsLost: 'NIK tersimpan sebagai angka dan kehilangan digit; format kolom sebagai teks',
  nikMaybeTruncated: 'NIK tersimpan sebagai angka dan berakhir 0; Excel hanya menyimpan 15 digit, jadi digit terakhirnya mungkin hilang; format kolom sebagai teks dan periksa NIK-nya',
  nikNot16Digits: 'NIK bukan 16 digit; periksa dengan KTP-nya',
  codeDigitsLost: 'Kode tersimpan sebagai angka dan kehilangan digit; format kolom sebagai teks',
  codeNotInteger: 'Kode berisi pecahan',
  codeWrongType: 'Kode bukan teks atau angka',
  cellTruncated: 'Sel lebih panjang dari batas Excel: hanya 32.767 karakter pertama yang dipakai; periksa isinya',
  invalid: 'Ditolak layanan (tidak ditagih)',
  invalidImage1: 'Foto KTP ditolak layanan (tidak ditagih)',
  invalidImage2: 'Foto selfie ditolak layanan (tidak ditagih)',
  notFound: 'Tidak ditemukan',
  premium: 'Hanya untuk akun premium',
  server: 'Layanan gagal berulang kali',
  timeout: 'Layanan tidak menjawab tepat waktu',
  network: 'Koneksi ke layanan gagal',
  rateLimited: 'Terlalu sering dibatasi layanan (429)',
  protocol: 'Jawaban layanan tidak sesuai spesifikasi',
  uncertain: 'Tidak pasti: permintaan mungkin sudah ditagih; kirim ulang hanya jika menerima risikonya',
  interrupted: 'Terputus saat permintaan berjalan; mungkin sudah ditagih',
  internal: 'Kesalahan di rekap',
}

const en: Record<keyof typeof id, string> = {
  duplicate: 'Same input as an earlier row: its result is reused, not paid twice',
  imageRefNotFound: 'Photo file not found (not sent, not charged)',
  imageRefOutside: 'Photo path leaves the workbook folder; refused for safety',
  imageRefOutsideAllowed: 'Photo path leaves the workbook folder; read because it is allowed (--allow-outside-paths)',
  imageRefEmpty: 'The photo cell is empty',
  imageRefInvalid: 'The cell is not a photo file path',
  imageNotFound: 'Photo file not found',
  imageNotAFile: 'The photo path is a folder, not a file',
  imageUnreadable: 'The photo file cannot be read',
  imageEmpty: 'The photo file is empty (0 bytes)',
  imageWrongType: 'Not a JPG or PNG photo; save it again as JPG',
  imageTooLarge: 'Photo over 5 MB that cannot be reduced',
  imageTooManyPixels: 'Photo too large (too many pixels)',
  imageUndecodable: 'Photo damaged or cut off',
  fileMissing: 'Photo file disappeared after the pre-flight; not sent',
  invalidCode: 'Code does not have the right form',
  nikDigitsLost: 'NIK stored as a number lost digits; format the column as text',
  nikMaybeTruncated: 'NIK stored as a number ends in 0; Excel keeps only 15 digits, so its last digit may be lost; format the column as text and check the NIK',
  nikNot16Digits: 'NIK is not 16 digits; check it against the KTP',
  codeDigitsLost: 'Code stored as a number lost digits; format the column as text',
  codeNotInteger: 'The code has a fraction',
  codeWrongType: 'The code is not text or a number',
  cellTruncated: "The cell is longer than Excel's limit: only its first 32,767 characters are used; check it",
  invalid: 'Refused by the service (not charged)',
  invalidImage1: 'ID card photo refused by the service (not charged)',
  invalidImage2: 'Selfie refused by the service (not charged)',
  notFound: 'Not found',
  premium: 'Premium accounts only',
  server: 'The service failed repeatedly',
  timeout: 'The service did not answer in time',
  network: 'Could not reach the service',
  rateLimited: 'Held back by the service too often (429)',
  protocol: "The service's answer does not follow the spec",
  uncertain: 'Uncertain: the request may have been charged; re-send only if you accept that',
  interrupted: 'Cut off while the request was in flight; it may have been charged',
  internal: 'An error in rekap',
}

export const ROW_ERROR_REASONS = { id, en } as const

/** 'image-ref-not-found' -> 'imageRefNotFound' (the keys are camelCase; codes are kebab-case). */
export function rowErrorReasonKey(code: string): string {
  return code.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase())
}

/**
 * Table keys of the codes seen so far: a report asks for the reason of every failed row (twice:
 * its results sheet and its errors sheet), and a job's failures share a few codes.
 */
const REASON_KEYS = new Map<string, string>()

/** The short reason for a code in a language, or null for a code without one. */
export function rowErrorReason(code: string | null | undefined, lang: 'id' | 'en'): string | null {
  if (!code) return null
  const table: Record<string, string> = ROW_ERROR_REASONS[lang]
  let key = REASON_KEYS.get(code)
  if (key === undefined) {
    key = rowErrorReasonKey(code)
    // codes are a short closed list in practice; a store holding many odd ones does not grow this
    if (REASON_KEYS.size < 1024) REASON_KEYS.set(code, key)
  }
  return table[key] ?? null
}

/** Codes whose stored words are the service's own (English, the spec's texts), not rekap's. */
const SERVICE_CODES = new Set(['invalid', 'invalid-image1', 'invalid-image2', 'not-found', 'premium', 'server', 'timeout', 'network', 'rate-limited', 'protocol'])

/**
 * What an importer's or pre-flight's English sentence is about: the photo path or cell value it
 * names (`file not found: photos/a.jpg` -> `photos/a.jpg`; `/x/a.jpg: the file is GIF, ...` ->
 * `/x/a.jpg`). Null when the sentence is none of rekap's known forms.
 */
export function rowErrorSubject(message: string): string | null {
  const forms = [
    /^(?:file not found|not a file \(a folder\?\)): (.+)$/,
    /^"(.+)" is (?:not a picture path|not a valid file:\/\/ address|a Windows path that cannot be opened)/,
    /^web addresses are not downloaded \((.+?)\);/,
    /^the photo path (.+?) is outside the workbook's folder/,
    /^NIK stored as a number ends in 0 \((\d+)\);/,
    /^NIK is not 16 digits \((.+?)\): (?:it has \d+ digits|it holds characters other than digits);/,
    // the importer's words for a code cell (core texts cellReason.*, said in English in `.message`)
    /^(?:NIK|code) stored as a number lost digits \((.+?)\);/,
    /^(?:NIK|code) is a number with a fraction \((.+?)\);/,
    /^expected a (?:NIK|code), found (?:a date|a TRUE\/FALSE value) \((.+?)\);/,
    /^(.+?): (?:the file is|named \.|the picture is|this is a folder|file not found|no permission|the file cannot be read)/,
  ]
  for (const f of forms) {
    const m = f.exec(message)
    if (m) return m[1]
  }
  // the short reason of a cut cell says all; the cell itself is too long to show
  if (/^the cell holds \d+ characters; only the first \d+ \(Excel's limit\) were kept$/.test(message)) return ''
  return message === 'no picture path in the cell' ? '' : null
}

/**
 * The words after a row's short reason, in the reader's language. English: the original words.
 * Indonesian: what the sentence is about (the path) instead of rekap's English sentence, which the
 * short reason already says; the service's own words quoted as the service's; anything else as it was.
 */
export function rowErrorDetail(code: string | null | undefined, message: string, lang: 'id' | 'en'): string {
  if (lang === 'en' || !code || !rowErrorReason(code, lang)) return message
  if (SERVICE_CODES.has(code)) return message ? `pesan layanan: "${message}"` : ''
  return rowErrorSubject(message) ?? message
}

/** An importer's message starts with where: `file, sheet "S", row N, column "C": why`. */
export const LOCATED_MESSAGE = /^(.*?), sheet "([^"]*)"(?:, row (\d+))?(?:, column "([^"]*)")?: ([\s\S]*)$/

/** The message without its location prefix (the screens show row and column in their own cells). */
export function withoutLocation(message: string): string {
  return LOCATED_MESSAGE.exec(message)?.[5] ?? message
}

/** Folders left out of absolute paths: a screen names the file, not the app's internal upload folder. */
export function fileNamesOnly(text: string): string {
  return text.replace(/(?:[A-Za-z]:)?(?:[\\/][^\s\\/:"]+)+[\\/]([^\s\\/:"]+)/g, '$1')
}

/**
 * One problem as a screen shows it, one line in the reader's language: the short reason, then what
 * it is about (the path, the cell as shown). In English too the subject, not rekap's English sentence,
 * which says the short reason again; a sentence with no known subject is shown alone (English) or
 * after the short reason (Indonesian, rowErrorDetail).
 */
export function rowProblemText(p: ProblemWords, lang: 'id' | 'en'): string {
  const original = withoutLocation(p.message)
  const reason = rowErrorReason(p.code, lang)
  if (!reason) return fileNamesOnly(original)
  const subject = rowErrorSubject(original)
  if (lang === 'en' && subject === null) return fileNamesOnly(original)
  const detail = fileNamesOnly(subject ?? rowErrorDetail(p.code, original, lang))
  const held = nikHeld(p, lang)
  const about = held && detail ? `${detail} (${held})` : detail
  return about && !about.includes(reason) ? `${reason} — ${about}` : reason
}

/** A problem as the plan sends it: the code, the English words and, when rekap has one, its reason as a core text's data. */
export interface ProblemWords {
  code: string | null
  message: string
  reason?: { code: string; params: Record<string, unknown> }
}

/** The digits a NIK not of 16 digits has, from the count the importer kept in its reason (the words the CLI says). */
function nikHeld(p: ProblemWords, lang: 'id' | 'en'): string | null {
  if (p.code !== 'nik-not-16-digits' || !p.reason || !('digits' in p.reason.params)) return null
  const digits = p.reason.params.digits
  return nikDigitsHeld(typeof digits === 'number' ? digits : null, lang)
}
