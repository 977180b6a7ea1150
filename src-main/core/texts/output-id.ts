/** Why a file cannot be written where the user asked (core/paths/output-path.ts), in Indonesian. */
export const outputTextsId = {
  'output.noFolder': (p: { file: string; folder: string }) => `tidak bisa menulis ${p.file}: folder ${p.folder} tidak ada; buat foldernya dulu atau pilih folder lain`,
  'output.folderIsFile': (p: { file: string; folder: string }) => `tidak bisa menulis ${p.file}: ${p.folder} adalah berkas, bukan folder; pilih folder lain`,
  'output.isFolder': (p: { file: string }) => `tidak bisa menulis ${p.file}: itu sebuah folder; beri nama berkas di dalamnya`,
  'output.notWritable': (p: { file: string; folder: string; code: string }) =>
    `tidak bisa menulis ${p.file}: folder ${p.folder} tidak bisa ditulisi (${p.code}); pilih folder yang bisa Anda tulisi`,
}
