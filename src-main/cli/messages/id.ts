import { formatRp } from '../../contract/rupiah'
import { formatNumber } from '../../contract/numbers'
import { teamId } from './team-id'
import { teamMoneyId } from './team-money'
import { renderCoreText, type CoreText } from '../../core/texts/core-text'
import { helpId } from './help-id'
// the report's own sheet names: the CLI points at the sheet the file really has
import { labelsFor } from '../../core/reports/labels'

/**
 * Everything the CLI says to a person, in Indonesian (the default). en.ts has the same keys
 * (its type is this object's). Machine-read output is NOT here and never translated: the first
 * line `job <id>`, `--json` documents and exit codes.
 */
/** Why a request is tried again (the service error kinds the runner retries), for --verbose. */
const RETRY_KINDS_ID: Record<string, string> = {
  'rate-limited': 'dibatasi layanan (429)',
  server: 'layanan galat (5xx)',
  timeout: 'layanan tidak menjawab tepat waktu',
  network: 'koneksi ke layanan gagal',
  protocol: 'jawaban layanan tidak sesuai spesifikasi',
}

export const id = {
  rp: (n: number) => formatRp(n, 'id'),
  /** a sentence core made (a refused action, a verify finding…): its words are in core/texts */
  core: (text: CoreText) => renderCoreText(text, 'id'),
  /** `--help`: descriptions of commands, options and arguments, commander's headings */
  help: helpId,
  team: teamId,
  teamMoney: teamMoneyId,

  // usage errors: one line, then a hint
  usage: {
    unknownOption: (flag: string, suggestion?: string) => `opsi tidak dikenal ${flag}${suggestion ? ` (maksud Anda ${suggestion}?)` : ''}`,
    unknownCommand: (name: string, suggestion?: string) => `perintah tidak dikenal "${name}"${suggestion ? ` (maksud Anda ${suggestion}?)` : ''}`,
    badChoice: (flag: string, value: string, choices: string) => `${flag} "${value}" tidak dikenal; pilihan: ${choices}`,
    badValue: (flag: string, reason: string) => `${flag}: ${reason}`,
    missingArgument: (name: string) => `argumen <${name}> belum diberikan`,
    optionMissingValue: (flag: string) => `${flag} perlu nilai`,
    requiredOption: (flag: string) => `opsi wajib ${flag} belum diberikan`,
    tooManyArguments: (expected: number, got: number) => `terlalu banyak argumen (diharapkan ${expected}, diberikan ${got})`,
    conflicting: (text: string) => `opsi yang tidak bisa dipakai bersama: ${text}`,
    hint: (command: string) => `lihat: ${command} --help`,
    notAnAmount: (v: string) => `"${v}" bukan jumlah Rupiah (contoh: 150000 atau 150.000)`,
    notPositive: (v: string) => `"${v}" harus angka positif`,
    tooBig: (flag: string, max: number) => `${flag}: paling banyak ${max} (karakter atau kode)`,
    notANumber: (flag: string, v: string) => `${flag} harus angka, bukan "${v}"`,
    dataDirLacks: (dir: string, file: string) => `--data-dir ${dir} tidak memuat ${file}`,
    badBand: (v: string) => `"${v}" harus dua skor rendah,tinggi antara 0 dan 1, misalnya 0.45,0.55`,
    unknownKind: (kind: string, kinds: string) => `--kind ${kind}: jenis yang ada: ${kinds}`,
    onlyWithPrune: (flag: string) => `${flag} hanya dipakai dengan --prune`,
    notWithPrune: (flag: string) => `${flag} tidak bisa dipakai dengan --prune`,
    notWholeNumber: (v: string) => `"${v}" harus bilangan bulat >= 0`,
    badShare: (v: string) => `"${v}": tulis bagian antara 0 dan 1, atau persen (10%)`,
    badHitsUsed: (v: string) => `"${v}": tulis produk=hit, misalnya schools=9500 (produk: schools, regional, hospitals)`,
    badCodes: (flag: string, value: string, digits: number, example: string) => `${flag} "${value}": kode harus ${digits} angka, dipisah koma (contoh: ${example})`,
  },

  // engine / store
  cannotOpenDb: (file: string, reason: string) => `berkas data rekap ${file} tidak bisa dibuka: ${reason}`,
  noDataFile: (file: string) => `belum ada berkas data rekap di ${file}; jalankan pekerjaan dulu atau beri --db`,
  needsKey: 'pekerjaan ini memakai layanan sungguhan dan perlu kunci API: beri --key atau atur REKAP_API_KEY',
  keyWithoutBaseUrl: 'kunci API diberikan tetapi --base-url tidak: sebutkan layanan yang dipanggil (--base-url https://…)',
  usingSandbox: 'rekap: tanpa --base-url atau kunci API: memakai SANDBOX bawaan (lokal, tanpa jaringan, tidak ada biaya)',

  // rekap run: what was guessed
  guessedKind: (kind: string, sheet: string) => `jenis pekerjaan (tebakan dari kolom lembar "${sheet}"): ${kind}; ganti dengan --kind`,
  mapping: (pairs: string) => `kolom: ${pairs}; ganti dengan --map bidang="Judul Kolom"`,
  mappingPair: (field: string, header: string) => `${field} ← "${header}"`,
  cannotGuessKind: (file: string, sheet: string, headers: string, kinds: string) =>
    `jenis pekerjaan ${file} (lembar "${sheet}") tidak bisa ditebak dari kolomnya (${headers}); beri --kind (${kinds})`,
  otherSheetsFit: (sheets: string) => `lembar lain yang cocok: ${sheets}; pilih dengan --sheet "NAMA"`,
  sheetFits: (sheet: string, kind: string) => `"${sheet}" (${kind})`,

  // rekap run: plan
  preflight: (total: number, ok: number, failing: number, dups: number) =>
    `pra-periksa: ${total} baris, ${ok} siap, ${failing} gagal di pra-periksa (gratis), ${dups} duplikat dipakai ulang`,
  andMore: (n: number) => `… dan ${n} lagi`,
  cellWarnings: (n: number) => `${n} sel perlu diperiksa sebelum membayar (barisnya tetap dikirim):`,
  outsidePaths: (n: number) => `${n} jalur foto di luar folder buku kerja akan dibaca dan dikirim (diizinkan oleh --allow-outside-paths):`,
  /** `lowerBound`: pages not counted yet (a dry run of a directory job): the time is at least this */
  plan: (calls: number, cached: number, cost: string, eta: string, quota: string, sandbox: boolean, lowerBound = false) =>
    `rencana: ${formatNumber(calls, 'id')} panggilan, ${formatNumber(cached, 'id')} dari cache, biaya ${cost}, ${lowerBound ? 'sekurang-kurangnya' : 'sekitar'} ${eta}, kuota ${quota}${sandbox ? ' [SANDBOX]' : ''}`,
  costAtMost: (rp: number) => `paling banyak ${formatRp(rp, 'id')} (yang gagal gratis)`,
  quotaUnlimited: 'tanpa batas',
  reusedPairs: (n: number, jobs: string) => `dipakai ulang: ${n} pasangan sudah diverifikasi di pekerjaan ${jobs} (gratis, tidak dikirim lagi; --reuse-days 0 untuk mematikan)`,
  // hanya yang boleh dilakukan pada pekerjaan itu sekarang (pekerjaan selesai tidak dilanjutkan; draf belum punya laporan)
  earlierRun: (job: string, state: string, may: { report: boolean; resume: boolean }) =>
    `buku kerja ini (SHA-256 sama) sudah pernah direncanakan sebagai pekerjaan ${job} (${state})` +
    (may.report ? `: laporannya \`rekap export ${job} --out F\`` : '') +
    (may.resume ? `; untuk melanjutkannya: rekap resume ${job}` : ''),
  quotaLeft: (n: number) => `sisa ${formatNumber(n, 'id')} hit bulan ini`,
  estimate: (unit: string, basis: string, probed: number) =>
    unit === 'pages'
      ? `perkiraan dalam halaman (100 data per halaman): ${
          basis === 'cache'
            ? 'dari cache (jumlah data saat terakhir diambil)'
            : basis === 'first-page'
              ? `halaman pertama ${probed} kueri dibaca untuk menghitung halaman (disimpan, tidak diambil lagi)`
              : basis === 'sample'
                ? `halaman pertama ${probed} kueri dibaca, sisanya diperkirakan dari rata-ratanya`
                : 'jumlah halaman belum diketahui (1 per kueri)'
        }`
      : basis === 'region-tree'
        ? 'perkiraan dihitung dari pohon wilayah lokal'
        : '',
  warning: (code: string, needed: number, available: number, fits: number, raise: string | null) =>
    code === 'quota-shortfall'
      ? `PERINGATAN quota-shortfall: pekerjaan ini bisa butuh ${needed} hit, sisa kuota ${available}. Pilihan: naikkan paket${raise ? ` (${raise})` : ''}, pecah lembarnya, atau jalankan yang muat (${fits}); rekap berhenti sebelum kuota terlewati.`
      : code === 'budget-shortfall'
        ? `PERINGATAN budget-shortfall: biaya bisa sampai Rp${needed}, anggaran tersisa Rp${available} (${fits} verifikasi). Pilihan: naikkan --budget, pecah lembarnya, atau jalankan yang muat; rekap berhenti sebelum anggaran terlewati.`
        : `PERINGATAN balance-shortfall: biaya bisa sampai Rp${needed}, saldo yang dinyatakan Rp${available} (${fits} verifikasi). Pilihan: isi saldo lalu --balance, pecah lembarnya, atau jalankan yang muat; rekap berhenti sebelum saldo habis.`,
  dryRun: (job: string) => `uji coba: tidak ada yang dikirim. Mulai nanti dengan: rekap resume ${job}`,
  confirmCost: (rp: number) => `Pekerjaan ini bisa memakan biaya sampai ${formatRp(rp, 'id')}. Mulai? [y/T] `,
  yesAnswer: /^(y|ya|yes)$/i,
  notStarted: (job: string) => `tidak dimulai: tidak ada yang dikirim, tidak ada biaya. Mulai nanti dengan: rekap resume ${job}`,
  noTerminal: 'pekerjaan ini berbayar dan tidak ada terminal untuk konfirmasi: tambahkan --yes untuk menerima perkiraan biaya',

  // progress and the end of a job
  progress: {
    rows: (job: string, finished: number, total: number) => `job ${job}: ${finished}/${total} baris`,
    done: (n: number) => `${n} selesai`,
    failed: (n: number) => `${n} gagal`,
    uncertain: (n: number) => `${n} tidak pasti`,
    rate: (r: string) => `${r}/dtk`,
    measuring: 'mengukur laju…',
    spent: (rp: number) => `terpakai ${formatRp(rp, 'id')}`,
    eta: (t: string) => `sisa waktu ${t}`,
    bar: ' {bar} {value}/{total} | {done} selesai, {failed} gagal | {rate}/dtk | {spent} | sisa {eta_text}',
  },
  pausing: (job: string) => `menjeda pekerjaan ${job}: permintaan yang sedang berjalan diselesaikan dan dicatat…`,
  report: (path: string) => `laporan: ${path}`,
  reportNotWritten: (job: string) => `pekerjaan ${job} tetap tersimpan di berkas data; tulis laporannya ke folder yang ada dengan: rekap export ${job} --out <berkas.xlsx>`,
  blocked: (reason: string, detail: string) => `TERHENTI (${reason}): ${detail}`,
  blockedWhat: {
    'needs-top-up': 'saldo atau batas biaya habis: isi ulang (atau naikkan --budget/--balance), lalu',
    'quota-exhausted': 'kuota hit bulan ini habis: naikkan paket (--school-plan, --regional-plan atau --hospital-plan saat resume) atau tunggu bulan berikutnya, lalu',
    'auth-failed': 'layanan menolak kunci API: perbaiki (--key atau REKAP_API_KEY), lalu',
    offline: 'layanan tidak bisa dihubungi: periksa koneksi, lalu',
    'team-unreachable': 'penyimpanan tim tidak bisa dihubungi: periksa (rekap team status), lalu',
  } as Record<string, string>,
  resumeWith: (job: string) => `lanjutkan dengan: rekap resume ${job}`,
  resumeWithKey: (job: string) => `lanjutkan dengan: rekap resume ${job} --key KUNCI (atau atur REKAP_API_KEY)`,
  paused: (job: string) => `dijeda. Lanjutkan dengan: rekap resume ${job}`,
  uncertainRows: (n: number, job: string) =>
    `${n} baris TIDAK PASTI: permintaannya terputus saat berjalan dan mungkin sudah ditagih. ` +
    `Kirim ulang (mungkin ditagih dua kali) dengan: rekap resume ${job} --resend-uncertain`,
  failedHeader: (n: number) => `${n} baris gagal (tidak ditagih):`,
  failedLine: (where: string, reason: string) => `  ${where}: ${reason}`,
  rowAt: (row: number) => `baris ${row}`,
  failedMore: (n: number, job: string) => `  … dan ${n} lagi (lihat lembar "${labelsFor('id').sheets.errors}" di laporan: rekap export ${job} --out laporan.xlsx)`,
  retryFailedHint: (job: string) => `perbaiki lalu kirim ulang yang gagal dengan: rekap retry-failed ${job}`,
  workbookSincePlan: (job: string, file: string, how: 'changed' | 'missing') =>
    `catatan: ${file} ${how === 'changed' ? 'sudah berubah' : 'sudah tidak ada'} sejak dibaca pekerjaan ${job}: retry-failed mengirim baris seperti yang dibaca waktu itu (berkas foto dibaca ulang, isi sel tidak); untuk buku kerja yang sekarang, jalankan lagi: rekap run <berkas>`,

  // verbose: retries and back-offs
  retries: (retries: number, backoffs429: number, waitText: string) =>
    `percobaan ulang: ${retries}; dibatasi layanan (429): ${backoffs429} kali, total jeda ${waitText} (dijumlah per baris)`,
  logLevel: { debug: 'debug', info: 'info', warn: 'peringatan', error: 'galat' },
  /** one --verbose line per retry, as it happens */
  retryLine: (row: number, kind: string, waitMs: number) =>
    `baris ${formatNumber(row, 'id')}: ${RETRY_KINDS_ID[kind] ?? kind}, dicoba lagi dalam ${formatNumber(waitMs, 'id')} md`,

  // jobs, resume, cancel
  sandboxLines: {
    key: 'kunci',
    adminToken: 'token admin',
    data: 'data',
    keysGiven: (n: number) => `${n} diberikan (--key-file, REKAP_SANDBOX_KEYS atau --key); tidak dicetak`,
    realData: (dir: string) => `CSV sungguhan dari ${dir}`,
    seedData: (seed: number) => `data sandbox dibuat dari seed ${seed}`,
    started: (source: string, ms: number) => `${source}; siap dalam ${formatNumber(ms, 'id')} md`,
    faceEngine: (n: number) => `mesin wajah: ${n} thread pekerja, masing-masing dengan salinan modelnya sendiri, dimuat pada permintaan face-match pertama (jumlahnya diatur REKAP_SANDBOX_FACE_WORKERS)`,
    stopped: 'rekap sandbox berhenti',
  },
  blockedShort: { 'needs-top-up': 'saldo atau batas biaya habis', 'quota-exhausted': 'kuota habis', 'auth-failed': 'kunci ditolak', offline: 'layanan tak terjangkau', 'team-unreachable': 'penyimpanan tim tak terjangkau' } as Record<string, string>,
  noJobs: 'belum ada pekerjaan. Mulai dengan: rekap run <berkas>',
  // baris terkirim tanpa jawaban tercatat disebut bila ada (pekerjaan yang terputus: mungkin sudah ditagih)
  jobsRow: (c: { done: number; failed: number; uncertain: number; pending: number; inFlight: number }) =>
    `${String(c.done).padStart(6)} selesai ${String(c.failed).padStart(5)} gagal ${String(c.uncertain).padStart(4)} tidak pasti ${String(c.pending).padStart(6)} menunggu` +
    (c.inFlight ? ` ${c.inFlight} terkirim tanpa jawaban` : ''),
  noJob: (prefix: string, file: string) => `tidak ada pekerjaan "${prefix}" di ${file}; lihat daftarnya dengan: rekap jobs`,
  wasCancelled: (job: string) => `pekerjaan ${job} sudah dibatalkan; mulai pekerjaan baru dengan: rekap run <berkas>`,
  cancelled: (job: string) => `dibatalkan. Yang sudah selesai tetap tersimpan; ekspor dengan: rekap export ${job} --out laporan.xlsx`,

  // pause/cancel of a job another process runs
  askedOwner: (pid: number, host: string, action: 'pause' | 'cancel') =>
    `proses rekap yang menjalankannya (pid ${pid} di ${host}) diminta ${action === 'pause' ? 'menjeda' : 'membatalkan'}; permintaan yang sedang berjalan diselesaikan dan dicatat…`,
  ownerNotYet: (state: string) => `pemiliknya belum berhenti (status ${state}); ia akan berhenti saat membaca permintaannya`,
  hitsUsed: (product: string, used: number, left: { left: number; quota: number } | null) =>
    `${product}: ${used} hit terpakai bulan ini (dinyatakan)${left ? `, sisa ${left.left} dari ${left.quota}` : ''}`,

  // rekap ui
  ui: {
    notANumber: (name: string, raw: string) => `--${name} harus angka >= 0, bukan "${raw}"`,
    badPort: '--port harus bilangan bulat 0 sampai 65535',
    building: 'rekap ui: antarmukanya belum dibangun; membangunnya sekali (npx electron-vite build)…',
    buildFailed: (problem: string) => `${problem}. Bangun dengan \`npx electron-vite build\`, lalu jalankan rekap ui lagi.`,
    tlsPair: '--tls-cert dan --tls-key harus bersama: beri kedua berkas (PEM)',
    tlsUnreadable: (why: string) => `sertifikat atau kunci TLS tidak bisa dibaca (${why})`,
    notLoopback: (host: string) =>
      `--host ${host} bukan alamat loopback: rekap ui memberi kendali penuh atas pekerjaan dan kunci API Anda, jadi hanya mendengarkan di komputer ini kecuali --allow-remote diberikan`,
    needsTls: (host: string) =>
      `--host ${host} bisa dijangkau komputer lain, dan cookie sesi serta pekerjaan kunci API Anda akan melewati jaringan tanpa enkripsi: beri sertifikat TLS sendiri dengan --tls-cert BERKAS --tls-key BERKAS`,
    portInUse: (port: string) => `port ${port} sudah dipakai; coba --port 0`,
    interrupted: (n: number) => `${n} pekerjaan yang terhenti sudah dijeda dan bisa dilanjutkan dari daftar pekerjaan`,
    stopped: 'rekap ui berhenti',
  },

  // export
  wroteReport: (out: string, rows: number, sheets: string, ms: number) => `tersimpan ${out}: ${rows} baris; lembar ${sheets} (${ms} ms)`,
  wroteAnnotated: (out: string, rows: number, sheet: string) => `tersimpan ${out}: ${rows} baris diberi hasil di lembar "${sheet}"`,
  wroteDirectory: (out: string, rows: number) => `tersimpan ${out}: ${rows} baris dari cache direktori`,
  directoryNoMatch: (kind: string) => `tidak ada data ${kind === 'hospitals' ? 'rumah sakit' : 'sekolah'} di cache direktori yang cocok dengan filter ini (cache mencakup kueri ini: sudah disinkronkan sampai halaman terakhir)`,

  // rekap review
  review: {
    needsRow: '--decision, --by dan --note perlu --row N (baris yang diputuskan)',
    rowNotWhole: (row: string) => `--row ${row}: nomor baris harus bilangan bulat`,
    needsDecision: '--row perlu --decision approve|reject|retake|skip|flag',
    needsBy: 'siapa yang memutuskan? beri --by NAMA (atau atur nama peninjau sekali di Pengaturan aplikasi)',
    recorded: (row: number, job: string, decision: string, by: string, service: string, reviewed: number, total: number) =>
      `baris ${row} pekerjaan ${job}: ${decision} oleh ${by} tercatat (layanan: ${service}); ${reviewed} dari ${total} sudah ditinjau`,
    progress: (job: string, reviewed: number, total: number) => `job ${job}: ${reviewed} dari ${total} sudah ditinjau`,
    nothing: 'tidak ada yang perlu ditinjau: tidak ada pasangan di rentang tinjauan, TIDAK COCOK, tidak pasti atau ditandai',
    head: { row: 'BARIS', sheet: 'LEMBAR', service: 'LAYANAN', score: 'SKOR', nik: 'NIK', name: 'NAMA', decision: 'KEPUTUSAN' },
    decidedBy: (decision: string, by: string) => `${decision} oleh ${by}`,
    flaggedOpen: 'ditandai, belum diputuskan',
    decideWith: (job: string) => `putuskan dengan: rekap review ${job} --row N --decision approve|reject|retake --by NAMA [--note TEKS]`,
  },

  // rekap verify
  verify: {
    noFile: (file: string) => `tidak ada berkas di ${file}`,
    noDb: (file: string) => `--db: tidak ada berkas data rekap di ${file}`,
    unchanged: (file: string, job: string) => `tidak berubah: ${file} adalah laporan yang ditulis rekap untuk pekerjaan ${job} (digest isinya cocok)`,
    changed: (file: string, job: string) => `BERUBAH: ${file} bukan laporan yang ditulis rekap untuk pekerjaan ${job}`,
    unchangedDirectory: (file: string, product: 'hospitals' | 'schools') =>
      `tidak berubah: ${file} adalah laporan direktori ${product === 'hospitals' ? 'rumah sakit' : 'sekolah'} yang ditulis rekap (digest isinya cocok)`,
    changedDirectory: (file: string, product: 'hospitals' | 'schools') =>
      `BERUBAH: ${file} bukan laporan direktori ${product === 'hospitals' ? 'rumah sakit' : 'sekolah'} yang ditulis rekap`,
    note: (n: string) => `catatan: ${n}`,
    digestOnly: 'catatan: hanya digest yang diperiksa',
    digestOnlyUnchanged:
      'hanya digest yang diperiksa (tidak ada berkas data rekap): setiap sel cocok dengan digest di ringkasan; data di baliknya tidak dibandingkan (beri --db BERKAS untuk itu)',
    digestOnlyWithStore: (db: string) =>
      `hanya digest yang diperiksa: setiap sel cocok dengan digest di ringkasan; laporan ini tidak bisa dibandingkan dengan data pekerjaan di ${db} (laporan direktori atau tim, atau pekerjaan/berkas data lain)`,
    checkedWithStore: (db: string) => `yang diperiksa: digest, dan sidik jari data pekerjaan terhadap berkas data ${db}`,
    signedMine: (fp: string) => `tanda tangan sah: kunci komputer ini (${fp})`,
    signedUnknown: (fp: string) =>
      `tanda tangan sah, tetapi oleh kunci yang tidak dikenal komputer ini (${fp}): pastikan sidik jari itu milik penanda tangan yang Anda harapkan`,
    signatureInvalid: (fp: string) => `tanda tangan TIDAK SAH (${fp}): digest atau tanda tangannya diubah setelah rekap menulis laporan`,
    unsigned: 'laporan ini tidak bertanda tangan (ditulis rekap versi lama, atau tanpa kunci penanda tangan)',
  },

  // API key
  key: {
    warning:
      'rekap: peringatan: --key menaruh kunci API di daftar proses dan riwayat shell, yang bisa dibaca pengguna lain ' +
      'komputer ini; lebih baik --key-file BERKAS, --key - (dibaca dari input standar) atau REKAP_API_KEY\n',
    empty: (from: string) => `${from} tidak berisi kunci API (kosong)`,
    notOne: (from: string) => `${from} hanya boleh berisi kunci API: ada spasi atau beberapa baris`,
    both: 'beri kunci API sekali saja: --key atau --key-file, tidak keduanya',
    unreadable: (file: string, why: string) => `--key-file ${file}: tidak bisa dibaca (${why})`,
    stdin: '--key - (input standar)',
    sandboxWarning:
      'rekap: peringatan: --key menaruh kunci yang diterima di daftar proses dan riwayat shell, yang bisa dibaca pengguna lain ' +
      'komputer ini; lebih baik --key-file BERKAS (satu kunci per baris) atau REKAP_SANDBOX_KEYS (dipisah koma)\n',
  },

  // rekap directory search
  schoolsFound: (n: number, query: string, sandbox: boolean) => `${n} sekolah untuk "${query}"${sandbox ? ' [SANDBOX]' : ''}`,
  badTimeZone: (reason: string) => `--tz: ${reason}`,

  preset: {
    unknown: (name: string, known: string) => `tidak ada preset "${name}" (tersimpan: ${known}); simpan dengan: rekap preset save ${name} [opsi]`,
    saved: (name: string, fields: string) => `preset ${name} disimpan: ${fields}`,
    deleted: (name: string) => `preset ${name} dihapus`,
    none: 'belum ada preset. Simpan dengan: rekap preset save <nama> [opsi rekap run]',
  },

  watch: {
    noFolder: (dir: string) => `folder pantau ${dir} tidak ada`,
    watching: (dir: string, preset: string) => `memantau ${dir} dengan preset ${preset} (hentikan dengan Ctrl+C)`,
    onFinishFailed: (cmd: string, why: string) => `rekap: --on-finish ${cmd} gagal: ${why}`,
  },

  housekeeping: {
    item: (job: string, kind: string, state: string, input: string, folders: number, bytes: number) =>
      `  ${job}  ${kind}  ${state}  ${input}  (${folders} folder, ${formatNumber(Math.round(bytes / 1024), 'id')} KB)`,
    confirm: 'Hapus pekerjaan di atas beserta fotonya? Buku besar bulan ini tetap utuh (satu baris per pekerjaan). [y/T] ',
    needsYes: 'bukan terminal: tambahkan --yes untuk menghapus pekerjaan di atas',
    kept: 'tidak ada yang dihapus',
    nothing: 'tidak ada pekerjaan yang cocok; tidak ada yang dihapus',
    deleted: (job: string, points: number, digest: string) => `dihapus ${job}: buku besar menyimpan ${formatRp(points, 'id')} dan digest laporan ${digest}`,
    noJob: (job: string) => `tidak ada pekerjaan ${job}`,
    running: (job: string) => `pekerjaan ${job} sedang berjalan di proses lain: jeda atau batalkan dulu (rekap cancel ${job})`,
    changed: (job: string) => `pekerjaan ${job} berubah sejak ditampilkan (proses lain melanjutkan atau mengubahnya): tidak dihapus`,
    badAge: (age: string) => `--older-than "${age}": tulis umur seperti 90d, 12w atau 36h (wajib dengan --prune)`,
  },

  unexpected: (reason: string) => `rekap: kesalahan tak terduga: ${reason}`,
}

export type CliMessages = typeof id
