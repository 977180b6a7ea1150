/**
 * What the app (desktop window and `rekap ui`) says when it refuses a command (AppError), in
 * Indonesian; app-en.ts has the same keys. The dispatcher says them in the page's language.
 */
export const appTextsId = {
  /** a field's name (as the page knows it) before what is wrong with it; `why` may itself be a core text */
  'app.field': (p: { field: string; why: string }) => `${p.field}: ${p.why}`,
  'app.unknownCommand': (p: { name: string }) => `tidak ada perintah "${p.name}"`,
  'app.noJob': (p: { id: string }) => `tidak ada pekerjaan ${p.id}`,
  'app.noRow': (p: { job: string; row: number }) => `pekerjaan ${p.job} tidak punya baris ${p.row}`,
  'app.noPhotos': (p: { job: string; kind: string }) => `pekerjaan ${p.job} berjenis ${p.kind}; pekerjaan ini tidak memuat foto`,
  'app.notFromSpreadsheet': (p: { job: string }) => `pekerjaan ${p.job} tidak dibuat dari spreadsheet; tidak ada yang bisa dianotasi`,
  'app.noReviewerName': (_p: Record<string, never>) => 'isi dulu nama Anda sebagai peninjau di Pengaturan: setiap keputusan ditandatangani dengan nama itu.',
  'app.notWorkbookName': (_p: Record<string, never>) => 'rekap hanya membuka spreadsheet (.xlsx, .xlsm, .csv, atau .zip berisi berkas-berkas itu)',
  'app.hiddenFile': (_p: Record<string, never>) => 'rekap tidak membuka berkas tersembunyi atau berkas di dalam folder tersembunyi',
  'app.fileOutside': (_p: Record<string, never>) =>
    'rekap ui hanya membuka berkas yang Anda unggah atau berkas di folder yang disebut saat rekap ui dijalankan (rekap ui --folder DIR); jalur ini di luar folder-folder itu',
  'app.notAFile': (p: { file: string }) => `${p.file} adalah folder, bukan berkas spreadsheet`,
  'app.fileNotFound': (p: { file: string }) => `berkas tidak ditemukan: ${p.file}`,
  'app.watchOutside': (_p: Record<string, never>) =>
    'rekap ui hanya memantau folder yang disebut saat dijalankan (rekap ui --folder DIR) atau folder di dalamnya',
  'app.noFolder': (p: { dir: string }) => `tidak ada folder ${p.dir}`,
  'app.presetNoKind': (p: { file: string }) => `${p.file}: preset tidak menyebut jenis pekerjaan dan kolomnya tidak cocok dengan jenis mana pun`,
  'app.alreadyWatching': (p: { dir: string }) => `sudah ada folder yang dipantau: ${p.dir}; hentikan dulu`,
  'app.noPreset': (p: { name: string }) => `tidak ada preset "${p.name}"`,
  'app.presetOtherService': (p: { named: string; settings: string }) =>
    `preset: preset ini menyebut layanan ${p.named}; aplikasi memakai ${p.settings} (Pengaturan). Ubah Pengaturan atau simpan lagi presetnya tanpa --base-url`,
  'app.noRegency': (p: { code: string }) => `tidak ada kabupaten/kota dengan kode ${p.code}`,
  'app.noProvince': (p: { code: string }) => `tidak ada provinsi dengan kode ${p.code}`,
  'app.pickRegion': (_p: Record<string, never>) => 'regencyCodes: pilih setidaknya satu provinsi atau kabupaten/kota untuk menyinkronkan sekolah',
  'app.topupSandboxOnly': (_p: Record<string, never>) =>
    'isi ulang hanya bisa dilatih dengan SANDBOX bawaan; isi ulang akun sungguhan di dasbor Anda.',
  'app.topupRefused': (p: { status: number }) => `sandbox menolak isi ulang (HTTP ${p.status})`,
  'app.keySpaces': (_p: Record<string, never>) => 'key: kunci API tidak memuat spasi atau baris baru',
  'app.noTeamPasswordInBrowser': (_p: Record<string, never>) =>
    'Dalam mode peramban rekap tidak menyimpan kata sandi tim: jalankan rekap ui dengan PGPASSWORD terisi (atau ~/.pgpass).',
  'app.confirmHost': (p: { origin: string }) => `baseUrl: mengganti alamat layanan ke ${p.origin} harus dikonfirmasi: kunci API Anda akan dikirim ke sana`,
  'app.reviewBand': (p: { low: number; high: number }) => `reviewBand: batas bawah (${p.low}) lebih tinggi dari batas atas (${p.high})`,
  'app.dataDirNotFull': (p: { dir: string }) => `dataDir: "${p.dir}" bukan jalur folder yang lengkap`,
  'app.keyNotConfirmed': (p: { origin: string }) =>
    `Kunci API Anda belum dikonfirmasi untuk ${p.origin}, jadi tidak dikirim ke sana. Konfirmasikan alamatnya di Pengaturan (atau masukkan lagi kuncinya selagi alamat itu tampil).`,
  'app.jobNeedsKey': (p: { url: string }) => `Pekerjaan ini memakai ${p.url} dan perlu kunci API: masukkan dulu di Pengaturan.`,
  'app.browserNoKeyStore': (p: { env: string }) =>
    `Dalam mode peramban rekap tidak menyimpan kunci API (di sini tidak ada keychain OS untuk mengenkripsinya). Jalankan rekap ui dengan kunci di variabel lingkungan ${p.env}.`,
  'app.keyFromEnv': (p: { env: string }) => `Kunci berasal dari variabel lingkungan ${p.env}; hapus variabel itu lalu jalankan ulang rekap ui.`,
  'app.noKeychain': (p: { team: boolean; env: string }) =>
    `Komputer ini tidak punya keychain untuk mengenkripsi ${p.team ? 'kata sandi penyimpanan tim' : 'kunci API'}, jadi rekap tidak menyimpannya. Jalankan rekap dengan nilainya di variabel lingkungan ${p.env}.`,
  'app.pageMayNotKeyHost': (p: { origin: string }) =>
    `baseUrl: di rekap ui halaman tidak bisa mengirim kunci API ke host baru (${p.origin}); jalankan rekap ui --base-url ${p.origin} untuk mengonfirmasinya`,
  'app.pageMayNotOutsidePaths': (_p: Record<string, never>) =>
    'allowOutsidePaths: di rekap ui halaman tidak bisa mengizinkan jalur foto di luar folder buku kerja; jalankan rekap ui --allow-outside-paths',
  'app.pageMayNotExportsDir': (_p: Record<string, never>) =>
    'dataDir: di rekap ui, ekspor masuk ke folder data atau folder yang disebut saat rekap ui dijalankan (--folder)',
  'app.notConfirmedKeyHost': (p: { origin: string }) => `baseUrl: Anda tidak mengonfirmasi pengiriman kunci API ke ${p.origin}; tidak ada yang diubah`,
  'app.notConfirmedOutsidePaths': (_p: Record<string, never>) =>
    'allowOutsidePaths: Anda tidak mengonfirmasi pembacaan jalur foto di luar folder buku kerja; tidak ada yang diubah',
  'app.notConfirmedExportsDir': (p: { dir: string }) => `dataDir: Anda tidak mengonfirmasi penulisan ekspor ke ${p.dir}; tidak ada yang diubah`,
  'app.uploadNotMultipart': (_p: Record<string, never>) => 'kirim berkas sebagai multipart/form-data di kolom bernama "file"',
  'app.uploadUnreadable': (_p: Record<string, never>) => 'data formulir tidak bisa dibaca',
  'app.uploadPathLeaves': (p: { name: string }) => `jalur "${p.name}" keluar dari folder unggahan; ditolak`,
  'app.uploadTooManyFiles': (p: { max: number }) => `lebih dari ${p.max} berkas dalam satu folder`,
  'app.uploadMalformed': (_p: Record<string, never>) => 'data formulir terpotong atau rusak',
  'app.uploadNoFile': (_p: Record<string, never>) => 'tidak ada berkas di formulir (kolom "file" atau "files")',
  'app.uploadTooLarge': (p: { mb: number }) => `unggahan lebih besar dari ${p.mb} MB`,
  'app.uploadNoWorkbook': (_p: Record<string, never>) => 'tidak ada buku kerja .xlsx atau .csv di folder atau .zip yang diunggah',
  'app.bodyTooLarge': (_p: Record<string, never>) => 'isi permintaan lebih besar dari 1 MB',
  'app.bodyNotJson': (_p: Record<string, never>) => 'isi permintaan bukan JSON yang sah',
  'app.notRekapPage': (_p: Record<string, never>) => 'Halaman ini bukan rekap; panggilan ditolak.',
}
