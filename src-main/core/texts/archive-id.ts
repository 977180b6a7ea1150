/** Why a .zip of a workbook and its photos is refused (core/importers/zip-archive.ts), in Indonesian. */
export const archiveTextsId = {
  'zip.unreadable': (p: { reason: string }) => `bukan .zip yang bisa dibaca (${p.reason})`,
  'zip.tooManyEntries': (p: { entries: number; max: number }) => `${p.entries} entri, lebih dari ${p.max} yang dibutuhkan sebuah buku kerja dan fotonya`,
  'zip.tooBig': (p: { mb: number; maxMb: number }) => `terbuka menjadi ${p.mb} MB, lebih dari ${p.maxMb} MB yang boleh; kirim folder yang lebih kecil`,
  'zip.outside': (p: { entry: string }) => `entri "${p.entry}" menunjuk ke luar folder; ditolak`,
  'zip.method': (p: { entry: string }) => `entri "${p.entry}" memakai cara kompresi yang tidak bisa dibaca rekap; zip ulang`,
  'zip.clash': (p: { entry: string; other: string }) =>
    `entri "${p.entry}" dan "${p.other}" akan menjadi berkas atau folder yang sama setelah dibongkar (nama yang hanya beda huruf besar/kecil, "//" atau "./" dihitung sama, seperti di Windows dan macOS); zip ulang foldernya`,
  'zip.cannotWrite': (p: { entry: string; code: string }) =>
    `entri "${p.entry}" tidak bisa dibongkar di komputer ini (${p.code}${p.code === 'ENAMETOOLONG' ? ': namanya terlalu panjang' : p.code === 'ENOSPC' ? ': disk penuh' : ''}); zip ulang dengan nama yang lebih pendek, atau kosongkan ruang disk`,
  'zip.noWorkbook': (_p: Record<string, never>) => 'tidak ada .xlsx, .xlsm atau .csv di dalam .zip ini',
}
