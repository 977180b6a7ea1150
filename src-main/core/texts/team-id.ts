/**
 * Core texts of team mode (the shared PostgreSQL store), in Indonesian; spread into id.ts so the
 * table stays one. team-en.ts has the same keys and parameters.
 */
export const teamTextsId = {
  'team.badUrl': (p: { value: string }) =>
    `"${p.value}" bukan alamat PostgreSQL (seharusnya postgres://peran@host:5432/basisdata?sslmode=verify-full)`,
  'team.passwordInUrl': (_p: Record<string, never>) =>
    'kata sandi tidak boleh ada di alamat tim (terlihat di daftar proses dan riwayat shell): gunakan --team-password-file BERKAS, PGPASSWORD atau ~/.pgpass',
  'team.needsTls': (p: { host: string }) =>
    `server tim ${p.host} bukan mesin ini, dan tanpa TLS yang memeriksa sertifikatnya kata sandi serta keputusan melintasi jaringan tanpa perlindungan: tambahkan ?sslmode=verify-full (dan sslrootcert=BERKAS bila CA-nya bukan CA sistem), atau izinkan secara eksplisit dengan --team-insecure`,
  'team.badSslMode': (p: { mode: string }) =>
    `sslmode=${p.mode} tidak dikenal (disable, require, verify-ca, verify-full)`,
  'team.unreachable': (p: { target: string; reason: string }) => `penyimpanan tim tidak terjangkau (${p.target}): ${p.reason}`,
  'team.jobWaiting': (p: { job: string; detail: string }) =>
    `job ${p.job}: penyimpanan tim tidak terjangkau (${p.detail}); menunggu sampai ia menjawab lagi`,
  'team.noAnswer': (p: { ms: number | null }) => (p.ms === null ? 'tidak ada jawaban' : `tidak ada jawaban dalam ${p.ms} ms`),
  'team.connectionLost': (p: { reason: string }) => `koneksi ke penyimpanan tim terputus: ${p.reason}`,
  'team.leaseLapsed': (_p: Record<string, never>) => 'sewa meja ini habis dan tim melepaskan reservasinya',
  'team.refused': (p: { target: string; reason: string }) => `penyimpanan tim ${p.target} menolak koneksi: ${p.reason}`,
  'team.passwordFile': (p: { file: string; reason: string }) => `--team-password-file ${p.file}: tidak bisa dibaca (${p.reason})`,
  'team.passwordFileEmpty': (p: { file: string }) => `--team-password-file ${p.file} kosong`,
  'team.schemaNewer': (p: { found: number; known: number }) =>
    `skema penyimpanan tim versi ${p.found}, sedangkan rekap ini hanya mengenal sampai versi ${p.known}: perbarui rekap di meja ini; tidak ada yang diubah`,
  'team.schemaOlder': (p: { found: number; known: number }) =>
    `skema penyimpanan tim versi ${p.found}, rekap ini memerlukan versi ${p.known}: jalankan rekap team init`,
  'team.notInitialised': (_p: Record<string, never>) => 'penyimpanan tim belum disiapkan: jalankan rekap team init',
  'team.makerChecker': (p: { job: string; role: string }) =>
    `empat mata: ${p.role} menjalankan pekerjaan ${p.job}, jadi tidak boleh menyetujui pasangannya sendiri; minta peninjau lain`,
  'team.notClaimed': (p: { item: number }) => `pasangan ${p.item} tidak sedang Anda klaim (klaimnya kedaluwarsa atau diambil peninjau lain): ambil pasangan berikutnya`,
  'team.alreadyDecided': (p: { item: number; decision: string; by: string }) => `pasangan ${p.item} sudah diputuskan (${p.decision} oleh ${p.by}); keputusan hanya ditambahkan, tidak diubah`,
  'team.noItem': (p: { item: number }) => `tidak ada pasangan ${p.item} di antrean tim`,
  'team.tlsUntrusted': (p: { target: string; reason: string }) =>
    `penyimpanan tim ${p.target} ditolak: sertifikatnya tidak ditandatangani CA yang dipercaya meja ini (${p.reason}); cantumkan CA penandatangannya sebagai sslrootcert=BERKAS di alamat tim`,
  'team.tlsWrongName': (p: { target: string; host: string; reason: string }) =>
    `penyimpanan tim ${p.target} ditolak: sertifikatnya bukan untuk nama host ${p.host} (${p.reason}); pakai nama yang tertera di sertifikat pada alamat tim`,
  'team.notJoined': (_p: Record<string, never>) => 'meja ini belum bergabung dengan tim (Pengaturan → Tim)',
  'team.noDesk': (_p: Record<string, never>) => 'nama meja kosong: isi --desk NAMA atau Pengaturan → Tim',
  'team.hitsNotLowered': (p: { product: string; stated: number; team: number }) =>
    `tim sudah menghitung ${p.team} hit ${p.product} bulan ini, lebih dari ${p.stated} yang dinyatakan: hitungan tim tidak pernah diturunkan (permintaan setiap meja ada di dalamnya); tetap ${p.team}`,
}
