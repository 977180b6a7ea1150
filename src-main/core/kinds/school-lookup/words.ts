import type { KindWordsByLang } from '../kind-words'

/**
 * The kind's names in both languages (the app, the report's summary). Its fields' words come from
 * contract/field-words.ts; a field that table lacks gets its word here (`fields`).
 */
export const words = {
  id: { name: 'Cari sekolah per NPSN', reportName: 'Cari sekolah per NPSN' },
  en: { name: 'School lookup by NPSN', reportName: 'School lookup by NPSN' },
} satisfies KindWordsByLang
