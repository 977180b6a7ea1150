/** Why a .zip of a workbook and its photos is refused (core/importers/zip-archive.ts), in Indonesian. */
export const archiveTextsId = {
  'zip.unreadable': (p: { reason: string }) => `bukan .zip yang bisa dibaca (${p.reason})`,
  'zip.tooManyEntries': (p: { entries: number; max: number }) => `${p.entries} entri, lebih dari ${p.max} yang dibutuhkan sebuah buku kerja dan fotonya`,
  'zip.tooBig': (p: { mb: number; maxMb: number }) => `terbuka menjadi ${p.mb} MB, lebih dari ${p.maxMb} MB yang boleh; kirim folder yang lebih kecil`,
  'zip.outside': (p: { entry: string }) => `entri "${p.entry}" menunjuk ke luar folder; ditolak`,
  'zip.method': (p: { entry: string }) => `entri "${p.entry}" memakai cara kompresi yang tidak bisa dibaca rekap; zip ulang`,
  'zip.noWorkbook': (_p: Record<string, never>) => 'tidak ada .xlsx, .xlsm atau .csv di dalam .zip ini',
}
