import { formatNumber } from '../../contract/numbers'

/**
 * Why the zip inside a workbook or an upload cannot be read (core/importers/zip-errors.ts), in
 * Indonesian: said inside a refusal that names the file, so the whole line is in one language.
 */
export const zipReasonTextsId = {
  'zipReason.directoryMissing': (_p: Record<string, never>) => 'direktori zip di akhir berkas tidak ada',
  'zipReason.notZip': (_p: Record<string, never>) => 'bukan berkas zip',
  'zipReason.zip64Damaged': (_p: Record<string, never>) => 'catatan direktori zip64 rusak',
  'zipReason.directoryDamaged': (_p: Record<string, never>) => 'direktori zip rusak',
  'zipReason.directoryPastEnd': (_p: Record<string, never>) => 'direktori zip menunjuk melewati akhir berkas',
  'zipReason.partPastEnd': (p: { part: string }) => `bagian "${p.part}" melewati akhir berkas`,
  'zipReason.dataPastEnd': (_p: Record<string, never>) => 'datanya melewati akhir berkas',
  'zipReason.localHeaderMissing': (_p: Record<string, never>) => 'header lokalnya tidak ada',
  'zipReason.method': (p: { method: number }) => `cara kompresi ${p.method}, yang tidak bisa dibaca rekap`,
  'zipReason.storedSizes': (_p: Record<string, never>) => 'bagian tanpa kompresi yang ukurannya tidak cocok',
  'zipReason.inflate': (p: { code: string }) => `data terkompresinya rusak, kode zlib ${p.code}`,
  'zipReason.inflatesBeyond': (p: { part: string; declared: number }) =>
    `bagian "${p.part}" mengembang melebihi ${p.declared} byte yang dinyatakan direktorinya (rusak, atau bom zip yang disamarkan)`,
  'zipReason.partTooLarge': (p: { part: string; max: number }) => `bagian "${p.part}" lebih besar dari ${p.max} byte`,
  'zipReason.tooManyStrings': (p: { max: number }) => `tabel teks bersama memuat lebih dari ${formatNumber(p.max, 'id')} teks`,
}
