/**
 * What a NIK that is not 16 digits holds, as said after the cell: the digits it has (the importer
 * counts them, core/importers/code-values.ts) or that it holds other characters. One phrase for
 * the CLI and reports (core text cellReason.nikNot16Digits) and the app's pre-flight (rowProblemText).
 */
export function nikDigitsHeld(digits: number | null, lang: 'id' | 'en'): string {
  if (lang === 'en') return digits === null ? 'it holds characters other than digits' : `it has ${digits} digits`
  return digits === null ? 'isinya bukan hanya angka' : `isinya ${digits} digit`
}
