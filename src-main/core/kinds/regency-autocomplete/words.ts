import type { KindWordsByLang } from '../kind-words'

/**
 * The kind's names in both languages (the app, the report's summary). Its fields' words come from
 * contract/field-words.ts; a field that table lacks gets its word here (`fields`).
 */
export const words = {
  id: { name: 'Saran kabupaten/kota (autocomplete)', reportName: 'Saran kabupaten/kota (autocomplete)' },
  en: { name: 'Regency suggestions (autocomplete)', reportName: 'Regency suggestions (autocomplete)' },
} satisfies KindWordsByLang
