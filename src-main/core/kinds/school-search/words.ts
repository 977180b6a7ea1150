import type { KindWordsByLang } from '../kind-words'

/**
 * The kind's names in both languages (the app, the report's summary). Its fields' words come from
 * contract/field-words.ts; a field that table lacks gets its word here (`fields`).
 */
export const words = {
  id: { name: 'Pencarian sekolah (premium)', reportName: 'Pencarian sekolah (premium)' },
  en: { name: 'School search (premium)', reportName: 'School search (premium)' },
} satisfies KindWordsByLang
