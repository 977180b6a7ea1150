import type { KindWordsByLang } from '../kind-words'

/**
 * The kind's names and its report's own column headers in both languages (the app, the report).
 * Its field's word comes from contract/field-words.ts.
 */
export const words = {
  id: {
    name: 'Saran kabupaten/kota (autocomplete)',
    reportName: 'Saran kabupaten/kota (autocomplete)',
    columns: { codes: 'Kode Kab/Kota Disarankan', names: 'Kab/Kota Disarankan' },
  },
  en: {
    name: 'Regency suggestions (autocomplete)',
    reportName: 'Regency suggestions (autocomplete)',
    columns: { codes: 'Suggested regency codes', names: 'Suggested regencies' },
  },
} satisfies KindWordsByLang
