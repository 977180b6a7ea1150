import type { KindWordsByLang } from '../kind-words'

/**
 * The kind's names in both languages (the app, the report's summary). Its fields' words come from
 * contract/field-words.ts; a field that table lacks gets its word here (`fields`).
 */
export const words = {
  id: { name: 'Pencocokan wajah (KYC)', reportName: 'Pencocokan wajah' },
  en: { name: 'Face match (KYC)', reportName: 'Face match' },
} satisfies KindWordsByLang
