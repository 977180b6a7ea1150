import type { KindWordsByLang } from '../kind-words'

/**
 * The kind's names in both languages (the app, the report's summary). Its fields' words come from
 * contract/field-words.ts; a field that table lacks gets its word here (`fields`).
 */
export const words = {
  id: { name: 'Cari rumah sakit per kode', reportName: 'Cari rumah sakit per kode' },
  en: { name: 'Hospital lookup by code', reportName: 'Hospital lookup by code' },
} satisfies KindWordsByLang
