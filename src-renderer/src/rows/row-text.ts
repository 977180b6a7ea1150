import type { RowView } from '../../../src-main/contract/ipc'

/**
 * The i18n key of a row's verdict. The engine decides the verdict (src-main/core/verdict.ts, the
 * rule the reports use too, review band included); the screens only translate it.
 */
export function verdictKey(row: Pick<RowView, 'verdict'>): string {
  return `outcome.${row.verdict}`
}

const COUNTER_HEADER = /^(no\.?|nomor|nomer|#|urut|no urut)$/i
const LOOKS_LIKE_FILE = /^(?:[a-z]:)?[\\/].*\.[a-z0-9]{2,5}$|^https?:\/\/|^data:|\.(jpe?g|png|webp|gif|bmp|tiff?)$/i

/**
 * The few input values that tell a person which row this is: NIK, name, code… in sheet order.
 * Row counters ("No") and photo paths are left out: they say nothing at a glance.
 */
export function inputSummary(input: Record<string, unknown>, max = 3): string {
  const picked: string[] = []
  for (const [key, value] of Object.entries(input)) {
    if (picked.length >= max) break
    if (value === null || value === undefined || typeof value === 'object') continue
    const text = String(value).trim()
    if (!text || COUNTER_HEADER.test(key.trim()) || LOOKS_LIKE_FILE.test(text)) continue
    picked.push(text)
  }
  return picked.join(' · ')
}

/** 'image-ref-not-found' -> 'rowError.imageRefNotFound' (vue-i18n paths are dotted, keys camelCase). */
export function rowErrorKey(code: string): string {
  return `rowError.${code.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase())}`
}

/**
 * The Keterangan shown in the table and the row detail: where a reused answer came from (the
 * paid row of an earlier job, as the report's note says), else the reason, translated for known
 * codes, the original text otherwise.
 */
export function rowNote(
  row: Pick<RowView, 'error' | 'errorCode'> & Partial<Pick<RowView, 'reusedFrom' | 'review'>>,
  t: (key: string, params?: Record<string, unknown>) => string,
  te: (key: string) => boolean,
): string {
  // the decision that stands leads: "DITOLAK oleh Siti" (the report's Keputusan Akhir says the same)
  if (row.review) {
    const decided = t('review.byReviewer', { decision: t(`review.decided.${row.review.decision}`), name: row.review.reviewer })
    const rest = rowNote({ ...row, review: null }, t, te)
    return rest ? `${decided} · ${rest}` : decided
  }
  if (row.reusedFrom) return t('reuse.rowText', { job: row.reusedFrom.jobId, row: row.reusedFrom.rowNo })
  if (row.errorCode) {
    const key = rowErrorKey(row.errorCode)
    if (te(key)) return t(key)
  }
  return row.error ?? ''
}
