import { formatNumber } from '../../contract/numbers'
import { nikDigitsHeld } from '../../contract/nik-digits'

/**
 * Why the importer doubts or refuses one cell (core/importers/code-values.ts, row-builder.ts), in
 * Indonesian: said after the row and column, so the whole line is in one language. `shown` and
 * `digits` are the cell as the workbook holds it.
 */
export const cellReasonTextsId = {
  'cellReason.nikDigitsLost': (p: { shown: string }) =>
    `NIK tersimpan sebagai angka dan kehilangan digit (${p.shown}); format kolom sebagai teks dan ketik ulang NIK-nya`,
  'cellReason.codeDigitsLost': (p: { shown: string }) =>
    `kode tersimpan sebagai angka dan kehilangan digit (${p.shown}); format kolom sebagai teks dan ketik ulang kodenya`,
  'cellReason.wrongType': (p: { nik: boolean; found: 'date' | 'boolean'; shown: string }) =>
    `seharusnya ${p.nik ? 'NIK' : 'kode'}, tertulis ${p.found === 'date' ? 'tanggal' : 'nilai TRUE/FALSE'} (${p.shown}); format kolom sebagai teks dan ketik ulang ${p.nik ? 'NIK-nya' : 'kodenya'}`,
  'cellReason.notInteger': (p: { nik: boolean; shown: string }) =>
    `${p.nik ? 'NIK' : 'kode'} berupa angka pecahan (${p.shown}); kode terdiri dari angka bulat, format kolom sebagai teks`,
  'cellReason.nikMaybeTruncated': (p: { digits: string }) =>
    `NIK tersimpan sebagai angka dan berakhir 0 (${p.digits}); Excel hanya menyimpan 15 digit, jadi digit terakhirnya mungkin hilang; format kolom sebagai teks dan periksa NIK-nya`,
  'cellReason.nikNot16Digits': (p: { shown: string; digits: number | null }) =>
    `NIK bukan 16 digit (${p.shown}): ${nikDigitsHeld(p.digits, 'id')}; periksa dengan KTP-nya`,
  'cellReason.truncated': (p: { chars: number; max: number }) =>
    `sel berisi ${formatNumber(p.chars, 'id')} karakter; hanya ${formatNumber(p.max, 'id')} karakter pertama (batas Excel) yang dipakai`,
}
