/** Why a file cannot be written where the user asked (core/paths/output-path.ts), in Indonesian. */
export const outputTextsId = {
  'output.noFolder': (p: { file: string; folder: string }) => `tidak bisa menulis ${p.file}: folder ${p.folder} tidak ada; buat foldernya dulu atau pilih folder lain`,
  'output.folderIsFile': (p: { file: string; folder: string }) => `tidak bisa menulis ${p.file}: ${p.folder} adalah berkas, bukan folder; pilih folder lain`,
  'output.isFolder': (p: { file: string }) => `tidak bisa menulis ${p.file}: itu sebuah folder; beri nama berkas di dalamnya`,
  'output.notWritable': (p: { file: string; folder: string; code: string }) =>
    `tidak bisa menulis ${p.file}: folder ${p.folder} tidak bisa ditulisi (${p.code}); pilih folder yang bisa Anda tulisi`,
  // the data file (core/paths/data-file-path.ts): made by rekap where the user pointed (--db, REKAP_DB)
  'dataFile.cannotUse': (p: { file: string; existed: boolean; reason: string }) =>
    `tidak bisa ${p.existed ? 'membuka' : 'membuat'} berkas data rekap ${p.file}: ${p.reason}`,
  'dataFile.folderIsFile': (p: { folder: string }) => `${p.folder} adalah berkas, bukan folder; pilih folder lain`,
  'dataFile.isFolder': (_p: Record<string, never>) => 'itu sebuah folder; beri nama berkas di dalamnya',
  'dataFile.notWritable': (p: { folder: string; code: string }) => `folder ${p.folder} tidak bisa ditulisi (${p.code}); pilih folder yang bisa Anda tulisi`,
}
