/**
 * A row's verdict: the one label the app, the reports and the CLI show for it, decided once in
 * src-main/core/verdict.ts (row state + service outcome + review band). The words are here, beside
 * the names, so the screens and the reports cannot word it differently.
 */
export const VERDICTS = ['match', 'no-match', 'review', 'found', 'not-found', 'records', 'failed', 'uncertain', 'pending'] as const
export type Verdict = (typeof VERDICTS)[number]

export type VerdictLang = 'id' | 'en'

export const VERDICT_WORDS: Record<VerdictLang, Record<Verdict, string>> = {
  id: {
    match: 'COCOK',
    'no-match': 'TIDAK COCOK',
    review: 'PERLU TINJAUAN',
    failed: 'GAGAL',
    found: 'DITEMUKAN',
    'not-found': 'TIDAK DITEMUKAN',
    records: 'SELESAI',
    pending: 'BELUM DIPROSES',
    uncertain: 'TIDAK PASTI',
  },
  en: {
    match: 'MATCH',
    'no-match': 'NO MATCH',
    review: 'NEEDS REVIEW',
    failed: 'FAILED',
    found: 'FOUND',
    'not-found': 'NOT FOUND',
    records: 'DONE',
    pending: 'NOT PROCESSED',
    uncertain: 'UNCERTAIN',
  },
}
