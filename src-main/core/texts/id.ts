import { formatNumber } from '../../contract/numbers'
import type { JobAction, JobState } from '../../contract/job-names'
import { teamTextsId } from './team-id'
import { noticeTextsId } from './notice-id'
import { archiveTextsId } from './archive-id'
import { outputTextsId } from './output-id'
import { zipReasonTextsId } from './zip-reason-id'
import { cellReasonTextsId } from './cell-reason-id'
import { watchTextsId } from './watch-id'
import { appTextsId } from './app-id'
import { presetTextsId } from './preset-id'
import { ACTION_COMMANDS, JOB_STATE_WORDS, ROW_STATE_WORDS } from './state-words'
import { formatRp } from '../../contract/rupiah'

/**
 * Sentences that core makes and the CLI (or the app) shows as they are, in Indonesian: blocked
 * actions, `rekap verify` findings, refusals of plans, reviews and reports. Core gives a code and
 * its parameters (core-text.ts); the words live only here and in en.ts (same keys, same parameters).
 */

const state = (s: JobState): string => JOB_STATE_WORDS.id[s] ?? s
const possible = (p: JobAction[]): string =>
  p.length ? `yang bisa dilakukan sekarang: ${p.map((a) => ACTION_COMMANDS[a]).join(', ')}` : 'tidak ada yang bisa dilakukan padanya sekarang'
const value = (v: string | null): string => v ?? '(kosong)'
/** `lembar "Hasil", baris 4 (ID Baris 3)`: where a finding is; key null on a sheet without row ids */
const at = (p: { sheet: string; row: number; key?: KeyRef | null }): string =>
  `lembar "${p.sheet}", baris ${p.row}${p.key ? ` (${keyText(p.key)})` : ''}`
const keyText = (k: KeyRef): string => `${k.name ?? 'baris ringkasan'} ${k.value || 'kosong'}`
const column = (c: { letter: string; header: string | null }): string => `kolom ${c.letter}${c.header ? ` "${c.header}"` : ''}`

/** Where a message about a file is: its name, and the sheet, row and column when known. */
export interface Where {
  file: string
  sheet?: string
  row?: number
  column?: string
}
const loc = (w: Where): string =>
  [w.file, w.sheet !== undefined ? `lembar "${w.sheet}"` : '', w.row ? `baris ${w.row}` : '', w.column ? `kolom "${w.column}"` : '']
    .filter(Boolean)
    .join(', ')
const FILTER_FIELD = { type: 'jenis rumah sakit', class: 'kelas rumah sakit', ownership: 'kepemilikan rumah sakit', blu_status: 'status BLU' } as const
const n = (x: number): string => formatNumber(x, 'id')
const areaId = (a: { province?: string; regency?: string }): string =>
  a.regency ? `kabupaten/kota ${a.regency}` : a.province ? `provinsi ${a.province}` : 'seluruh Indonesia'
const PRODUCT: Record<string, string> = { schools: 'sekolah', regional: 'wilayah', hospitals: 'rumah sakit', 'face-match': 'pencocokan wajah' }

/** A row id column and its value, or (name null) the summary's line label. */
export interface KeyRef {
  name: string | null
  value: string
}

export const coreTextsId = {
  // why an action on a job is refused (job-actions.ts whyNot), then what is possible
  'action.otherProcess': (p: { job: string; possible: JobAction[] }) => `pekerjaan ${p.job} sedang dijalankan proses rekap lain (${possible(p.possible)})`,
  'action.draftNoRows': (p: { job: string; possible: JobAction[] }) =>
    `pekerjaan ${p.job} adalah rencana yang tidak pernah selesai: belum ada baris untuk diekspor (${possible(p.possible)})`,
  'action.draftUnfinished': (p: { job: string; possible: JobAction[] }) =>
    `pekerjaan ${p.job} adalah rencana yang tidak pernah selesai (prosesnya berhenti saat membaca lembar): mungkin baru sebagian baris yang terbaca dan belum ada yang dikirim; rencanakan ulang buku kerjanya (rekap run <berkas>, atau Pekerjaan baru di aplikasi) (${possible(p.possible)})`,
  'action.cancelled': (p: { job: string; possible: JobAction[] }) =>
    `pekerjaan ${p.job} sudah dibatalkan; yang sudah selesai tetap tersimpan (ekspor), mulai pekerjaan baru untuk sisanya (${possible(p.possible)})`,
  'action.alreadyRunning': (p: { job: string; possible: JobAction[] }) => `pekerjaan ${p.job} sudah berjalan (${possible(p.possible)})`,
  'action.pauseFirst': (p: { job: string; possible: JobAction[] }) => `pekerjaan ${p.job} sedang berjalan; jeda dulu (${possible(p.possible)})`,
  'action.noFailed': (p: { job: string; possible: JobAction[] }) => `pekerjaan ${p.job} tidak punya baris gagal untuk dikirim ulang (${possible(p.possible)})`,
  'action.noUncertain': (p: { job: string; possible: JobAction[] }) => `pekerjaan ${p.job} tidak punya baris tidak pasti untuk dikirim ulang (${possible(p.possible)})`,
  'action.done': (p: { job: string; possible: JobAction[] }) => `pekerjaan ${p.job} sudah selesai; tidak ada lagi yang perlu dikirim (${possible(p.possible)})`,
  'action.notInState': (p: { job: string; action: JobAction; state: JobState; possible: JobAction[] }) =>
    `${ACTION_COMMANDS[p.action]} tidak bisa dilakukan pada pekerjaan berstatus ${state(p.state)} (${possible(p.possible)})`,
  'action.ownedBy': (p: { job: string; pid: number; host: string; since: string }) =>
    `pekerjaan ${p.job} sedang dijalankan rekap lain (pid ${p.pid} di host ${p.host} sejak ${p.since}); tidak ada yang diubah. ` +
    `Tunggu sampai selesai, atau jeda/batalkan dari sana (rekap cancel ${p.job} meminta proses itu berhenti).`,

  // a whole workbook or sheet cannot be read (importers)
  'import.at': (p: { where: Where; reason: string }) => `${loc(p.where)}: ${p.reason}`,
  'import.noWorksheets': (_p: Record<string, never>) => 'buku kerja ini tidak punya lembar kerja',
  'import.noSheetNumber': (p: { n: number; names: string }) => `tidak ada lembar nomor ${p.n}; lembar yang ada: ${p.names}`,
  'import.noSheetNamed': (p: { name: string; names: string }) => `tidak ada lembar bernama "${p.name}"; lembar yang ada: ${p.names}`,
  'import.notAFile': (_p: Record<string, never>) => 'bukan berkas',
  'import.cannotOpen': (p: { code: string }) => `tidak bisa dibuka (${p.code})`,
  'import.notFound': (_p: Record<string, never>) => 'tidak ditemukan (dipindah, dihapus, atau namanya salah ketik?)',
  'import.noReadPermission': (_p: Record<string, never>) =>
    'tidak boleh dibaca oleh pengguna ini (izin ditolak); minta pemiliknya memberi izin baca, atau salin berkasnya ke folder Anda',
  'import.isFolder': (_p: Record<string, never>) => 'ini sebuah folder, bukan buku kerja; beri nama berkas di dalamnya',
  'import.pathThroughFile': (_p: Record<string, never>) => 'salah satu folder di jalurnya ternyata sebuah berkas; periksa jalurnya',
  'import.emptyFile': (_p: Record<string, never>) => 'berkas kosong (0 byte)',
  'import.passwordProtected': (_p: Record<string, never>) =>
    'buku kerja dilindungi kata sandi (terenkripsi); buka di Excel, hapus kata sandinya (File > Info > Protect Workbook > Encrypt with Password, kosongkan), simpan lalu coba lagi',
  'import.legacyXls': (_p: Record<string, never>) => 'ini buku kerja .xls format lama; buka di Excel dan simpan sebagai .xlsx',
  'import.notXlsx': (_p: Record<string, never>) => 'bukan buku kerja Excel .xlsx (isinya bukan berkas zip); simpan ulang dari Excel sebagai .xlsx',
  'import.truncated': (p: { detail: string }) => `buku kerja terpotong atau rusak (${p.detail}); salin lagi atau simpan ulang dari Excel`,
  'import.notZip': (_p: Record<string, never>) => 'bukan buku kerja Excel .xlsx (bukan berkas zip)',
  'import.unreadable': (p: { detail: string }) => `tidak bisa dibaca (${p.detail})`,
  'import.cannotRead': (p: { detail: string }) => `tidak bisa dibaca: ${p.detail}`,
  'import.noWorkbookXml': (_p: Record<string, never>) => 'berkas zip tetapi bukan buku kerja Excel (tidak ada xl/workbook.xml di dalamnya)',
  'import.partEncrypted': (p: { part: string }) => `bagian "${p.part}" terenkripsi; hapus kata sandinya lalu simpan lagi`,
  'import.partBomb': (p: { part: string; from: number; to: number; ratio: number }) =>
    `ditolak: bagian "${p.part}" akan mengembang dari ${n(p.from)} byte menjadi ${n(p.to)} byte (${p.ratio}x); ini tampak seperti bom zip, bukan buku kerja sungguhan`,
  'import.totalBomb': (p: { total: number; limit: number }) =>
    `ditolak: buku kerja menyatakan ${n(p.total)} byte isi setelah dibongkar, lebih dari batas ${n(p.limit)} byte`,
  'import.refused': (p: { detail: string }) => `ditolak: ${p.detail}; ini bukan buku kerja yang akan dibuka rekap`,
  'import.sheetPartMissing': (p: { part: string }) => `bagian data lembar "${p.part}" hilang atau namanya tidak lazim; simpan ulang buku kerja dari Excel`,
  'import.tooManyRows': (p: { max: number; lastRow: number | null }) =>
    `lembar ini punya lebih dari ${n(p.max)} baris data${p.lastRow ? ` (sampai baris ${n(p.lastRow)})` : ''}, batas untuk satu pekerjaan; pecah menjadi berkas yang lebih kecil`,
  'import.emptySheet': (_p: Record<string, never>) => 'lembar ini kosong',
  'import.noHeaderRow': (p: { rows: number }) =>
    `tidak ada baris judul di ${p.rows} baris pertama (baris judul punya judul di atas setiap kolom); pilih baris judulnya`,
  'import.headerRowEmpty': (p: { row: number }) => `baris ${p.row}, yang dipilih sebagai baris judul, kosong`,
  'import.partDamaged': (p: { part: string; detail: string }) => `bagian "${p.part}" dari buku kerja rusak (${p.detail}); salin lagi atau simpan ulang dari Excel`,
  'import.badCharacter': (p: { part: string | null; cell: string | null; what: string }) =>
    `${p.cell ? `sel ${p.cell}` : `bagian "${p.part}"`} berisi ${p.what}, karakter yang tidak diizinkan XML; buku kerja rusak atau tidak ditulis oleh program spreadsheet`,
  'import.beyondGrid': (p: { ref: string }) => `referensi sel "${p.ref}" berada di luar kolom terakhir Excel (XFD) atau baris terakhir (1.048.576); buku kerja rusak`,
  'import.rowTooLong': (p: { row: string; mb: number }) => `baris ${p.row} berisi lebih dari ${p.mb} MB XML; lembar rusak atau bukan spreadsheet sungguhan`,
  'import.stringTooLong': (p: { part: string; mb: number }) =>
    `bagian "${p.part}" memuat satu teks berisi lebih dari ${p.mb} MB XML, lebih dari yang muat di sel mana pun; buku kerja rusak atau bukan spreadsheet sungguhan`,
  'import.csvQuoteUnclosed': (p: { row: number; column: string }) =>
    `baris ${p.row}, kolom ${p.column}: tanda kutip (") dibuka di sini dan tidak pernah ditutup, sehingga semua baris sesudahnya akan masuk ke sel ini; tutup kutipnya (atau hapus) lalu simpan lagi`,
  'import.csvNotUtf8': (p: { row: number; column: string }) =>
    `baris ${p.row}, kolom ${p.column}: berkas yang sampai di sini UTF-8 berisi byte dengan pengodean lain; simpan ulang sebagai "CSV UTF-8" dari Excel`,
  'import.csvBadCharacter': (p: { row: number; column: string; what: string }) =>
    `baris ${n(p.row)}, kolom ${p.column}: berisi ${p.what}, karakter kendali yang tidak bisa disimpan di sel laporan (sel .xlsx yang berisi karakter ini juga ditolak); hapus karakter itu lalu simpan lagi`,
  'import.csvRowTooLong': (p: { row: number; mb: number; quoteOpen: boolean }) =>
    `baris ${n(p.row)} berisi lebih dari ${p.mb} MB teks${p.quoteOpen ? '; tanda kutip (") yang dibuka di baris ini mungkin tidak pernah ditutup' : ''}; tidak ada sel laporan yang bisa memuatnya`,
  'import.csvTooWide': (p: { row: number; ref: string; max: number }) =>
    `baris ${n(p.row)} punya lebih dari ${n(p.max)} kolom, terlalu lebar untuk lembar mana pun (selnya "${p.ref}" berada di luar kolom terakhir Excel, XFD); hapus kolom yang berlebih atau pecah berkasnya`,
  'import.rowRepeated': (p: { part: string; row: number; previous: number }) =>
    `bagian "${p.part}" memuat baris ${n(p.row)} ${p.row === p.previous ? 'dua kali' : `sesudah baris ${n(p.previous)}`} (setiap baris hanya boleh muncul sekali dan berurutan; Excel pun menolak berkas ini); buku kerja rusak, simpan ulang dari program spreadsheet`,
  'import.xmlEntity': (_p: Record<string, never>) =>
    'XML-nya memakai entitas XML yang tidak didefinisikan (&nama;), yang tidak ditulis oleh Excel; buku kerja rusak atau tidak ditulis oleh program spreadsheet',
  'import.undefinedEntity': (p: { row: number | null; column: string | null; part: string | null; entity: string }) =>
    `${p.row !== null ? `baris ${n(p.row)}, kolom ${p.column} (sel ${p.column}${p.row})` : `bagian "${p.part ?? 'XML'}"`} berisi "${p.entity}", ${p.entity === '&' ? 'tanda & yang tidak memulai entitas XML apa pun' : 'entitas XML yang tidak didefinisikan'} (XML hanya mengenal &amp; &lt; &gt; &quot; &apos; dan &#...;); Excel menyatakan berkas ini rusak, dan rekap tidak menebak teksnya. Tulis teksnya apa adanya di program yang membuat berkas ini (spasi untuk &nbsp;, & sebagai &amp;) lalu simpan lagi`,
  'import.rowUnclosed': (p: { row: string }) => `baris ${p.row} tidak pernah selesai: lembar berhenti di tengahnya (buku kerja rusak atau terpotong)`,

  // --map
  'map.malformed': (p: { override: string }) => `--map "${p.override}": harus bidang=Judul Kolom, misalnya image1="Foto KTP"`,
  'map.unknownField': (p: { override: string; field: string; kind: string | null; fields: string }) =>
    `--map "${p.override}": bidang "${p.field}" tidak dikenal${p.kind ? ` untuk ${p.kind}` : ''}; bidang yang ada: ${p.fields}`,
  'map.unknownHeader': (p: { override: string; header: string; headers: string }) =>
    `--map "${p.override}": tidak ada kolom "${p.header}"; kolom yang ada: ${p.headers}`,

  // planning a job
  'plan.columnMissing': (p: { where: Where; header: string; field: string; headers: string }) =>
    `${loc(p.where)}: kolom "${p.header}" (untuk ${p.field}) tidak ada di baris judul; kolom yang ada: ${p.headers}`,
  'plan.noColumnFor': (p: { where: Where; fields: string; headers: string; first: string }) =>
    `${loc(p.where)}: tidak ada kolom untuk ${p.fields}. Kolom yang ada: ${p.headers}; petakan dengan --map ${p.first}="Judul Kolom".`,
  'plan.noDataRows': (p: { where: Where }) => `${loc(p.where)}: lembar ini punya baris judul tetapi tidak ada baris data; tidak ada yang dikerjakan.`,
  'plan.noJob': (p: { job: string }) => `tidak ada pekerjaan ${p.job}; lihat daftarnya dengan \`rekap jobs\``,
  'plan.schoolSyncNeedsArea': (_p: Record<string, never>) =>
    'Sinkronisasi sekolah perlu paling sedikit satu provinsi atau kabupaten/kota (layanan mendaftar sekolah per kabupaten/kota).',

  // rekap review
  'review.noJob': (p: { job: string; file: string }) => `tidak ada pekerjaan "${p.job}" di ${p.file}`,
  'review.notReviewable': (p: { job: string; kind: string; kinds: string }) =>
    `pekerjaan ${p.job} berjenis ${p.kind}; hanya pekerjaan ${p.kinds} yang punya pasangan untuk ditinjau`,
  'review.badDecision': (p: { decision: string }) => `keputusan "${p.decision}" bukan salah satu dari approve, reject, retake, skip, flag`,
  'review.noRow': (p: { job: string; row: number }) => `pekerjaan ${p.job} tidak punya baris ${p.row} (kolom "ID Baris" / "Row ID" di laporan)`,
  'review.notChecked': (p: { job: string; row: number; state: string }) =>
    `baris ${p.row} pekerjaan ${p.job} belum diperiksa (${ROW_STATE_WORDS.id[p.state as keyof typeof ROW_STATE_WORDS.id] ?? p.state}); tinjau setelah pekerjaannya berjalan`,
  'review.notInQueue': (p: { job: string; row: number }) =>
    `baris ${p.row} pekerjaan ${p.job} tidak ada dalam antrean tinjauan (hasil layanan tidak perlu ditinjau); tandai dulu dengan --decision flag bila perlu dilihat orang`,
  'review.noReviewer': (_p: Record<string, never>) => 'nama peninjau kosong: atur sekali di Pengaturan (atau beri --by NAMA)',
  'review.reviewerTooLong': (p: { length: number }) => `nama peninjau ${p.length} karakter; paling banyak 100`,
  'review.reviewerControl': (_p: Record<string, never>) => 'nama peninjau memuat karakter kendali',
  'review.noteTooLong': (p: { length: number }) => `catatan ${p.length} karakter; paling banyak 2000`,

  // reports
  'disk.full': (p: { path: string }) => `disk penuh: ${p.path} tidak bisa ditulis sampai selesai, dan tidak ditinggalkan setengah jadi; kosongkan ruang disk, lalu coba lagi`,
  'disk.fullUnnamed': (_p: Record<string, never>) => 'disk penuh: sebuah berkas tidak bisa ditulis sampai selesai; kosongkan ruang disk, lalu coba lagi',
  'disk.storeNotMade': (p: { path: string }) => `disk penuh: berkas data ${p.path} tidak bisa dibuat; kosongkan ruang disk, lalu jalankan perintahnya lagi`,
  'disk.storeFull': (p: { path: string }) =>
    `disk penuh: berkas data ${p.path} tidak bisa bertambah; yang sudah tersimpan tetap ada — kosongkan ruang disk, lalu jalankan perintahnya lagi (pekerjaan yang sudah mulai berjalan dilanjutkan dengan rekap resume dan id-nya)`,
  'report.noJob': (p: { job: string; file: string }) => `tidak ada pekerjaan "${p.job}" di ${p.file}`,
  'report.thumbnailsLimit': (p: { max: number; job: string; total: number }) =>
    `foto kecil dibatasi ${n(p.max)} baris (pekerjaan ${p.job} punya ${n(p.total)}); ekspor tanpa --thumbnails, atau saring barisnya dulu`,
  'report.twoPasses': (p: { job: string }) => `laporan pekerjaan ${p.job} berbeda di kedua putarannya; ekspor lagi`,
  'report.annotatedNeedsXlsx': (p: { job: string; input: string | null }) =>
    `salinan beranotasi perlu masukan pekerjaan berupa buku kerja .xlsx (pekerjaan ${p.job} membaca ${p.input ?? 'tanpa berkas'}); ekspor laporannya saja`,
  'report.inputGone': (p: { input: string }) => `buku kerja masukan pekerjaan tidak ada lagi di ${p.input}; salinan beranotasi perlu berkas aslinya`,
  'report.inputRefused': (p: { reason: string }) => `buku kerja masukan pekerjaan tidak disalin: ${p.reason}`,
  'report.wouldOverwrite': (_p: Record<string, never>) => 'salinan beranotasi tidak boleh menimpa buku kerja asli; pilih --out lain',
  'report.reportOverwritesInput': (p: { input: string }) => `laporan tidak boleh menimpa buku kerja pekerjaan itu sendiri ${p.input}; pilih --out lain`,
  'report.annotatedLimit': (p: { max: number; job: string; total: number }) =>
    `salinan beranotasi dibatasi ${n(p.max)} baris karena memuat seluruh buku kerja ke memori (pekerjaan ${p.job} punya ${n(p.total)}); pakai laporan biasa`,
  'report.sheetGone': (p: { sheet: string; input: string }) => `lembar "${p.sheet}" tidak ada lagi di ${p.input}`,

  // a service address (Settings, --base-url)
  'url.empty': (_p: Record<string, never>) => 'kosong',
  'url.notAddress': (p: { value: string }) => `"${p.value}" bukan alamat web (seharusnya https://…)`,
  'url.protocol': (p: { protocol: string }) => `hanya alamat https:// yang didukung, bukan ${p.protocol}`,
  'url.credentials': (_p: Record<string, never>) => 'taruh kunci API di kolom kunci, bukan di alamat',
  'url.queryFragment': (_p: Record<string, never>) => 'alamat tidak boleh memuat ?kueri atau #fragmen',
  'url.plainHttp': (p: { host: string; suggestion: string }) =>
    `${p.host} dihubungi lewat http biasa, yang memperlihatkan kunci API ke siapa pun di jaringan; pakai ${p.suggestion}`,

  // why a running job stopped: rekap's own reasons (the service's words are kept as they came)
  'block.budget': (p: { limit: number }) => `Batas biaya ${formatRp(p.limit, 'id')} tercapai; naikkan untuk melanjutkan.`,
  'block.balance': (p: { limit: number }) => `Saldo yang dinyatakan ${formatRp(p.limit, 'id')} sudah habis; isi saldo, perbarui saldonya, lalu lanjutkan.`,
  'stopped.storeBusy': (p: { file: string }) =>
    `berkas data ${p.file} dipegang program lain (cadangan, sqlite3, rekap lain) lebih lama dari yang ditunggu rekap, jadi jawaban sebuah baris tidak bisa disimpan; saat pekerjaan dilanjutkan, baris itu diselesaikan (yang mungkin sudah ditagih menjadi TIDAK PASTI, tidak dikirim ulang tanpa izin Anda)`,
  'stopped.storeRefused': (p: { file: string; code: string }) =>
    `berkas data ${p.file} menolak menyimpan jawaban sebuah baris (${p.code}); saat pekerjaan dilanjutkan, baris itu diselesaikan (yang mungkin sudah ditagih menjadi TIDAK PASTI, tidak dikirim ulang tanpa izin Anda)`,
  'stopped.rowMoved': (p: { file: string }) =>
    `sebuah baris di berkas data ${p.file} diubah proses lain selagi dikirim dari sini; saat pekerjaan dilanjutkan, baris itu diselesaikan (yang mungkin sudah ditagih menjadi TIDAK PASTI, tidak dikirim ulang tanpa izin Anda)`,
  'log.jobPaused': (p: { job: string; why: string }) => `pekerjaan ${p.job} dijeda: ${p.why}`,
  'log.pauseNotStored': (p: { job: string; why: string }) =>
    `pekerjaan ${p.job}: jedanya pun tidak bisa disimpan (${p.why}); pekerjaan tampil terputus, lanjutkan dengan: rekap resume ${p.job}`,
  'log.heartbeatBusy': (p: { job: string; file: string }) =>
    `pekerjaan ${p.job}: berkas data ${p.file} sedang dipegang program lain; rekap menunggu dan mencoba lagi, pekerjaan tetap berjalan`,
  'block.offline': (p: { detail: string }) => `Layanan tidak bisa dihubungi (${p.detail}). Periksa koneksi, lalu lanjutkan.`,
  'block.teamUnreachable': (p: { detail: string }) => `Penyimpanan tim tidak bisa dihubungi (${p.detail}); tidak ada yang dikirim sampai ia menjawab, lalu pekerjaan berlanjut sendiri.`,
  'block.team-budget': (p: { limit: number }) => `Batas biaya tim bulan ini, ${formatRp(p.limit, 'id')}, tercapai; naikkan (rekap team budget) untuk melanjutkan.`,
  'block.team-balance': (p: { limit: number }) => `Saldo tim yang dinyatakan ${formatRp(p.limit, 'id')} sudah habis; isi saldo, nyatakan (rekap team balance), lalu lanjutkan.`,
  'block.quotaPlan': (p: { product: 'schools' | 'regional' | 'hospitals'; plan: string; quota: number; used: number; bigger: string | null; flag: string }) =>
    `Paket ${p.plan} ${PRODUCT[p.product]} memberi ${n(p.quota)} hit sebulan dan ${n(p.used)} sudah terpakai ` +
    `(dihitung rekap untuk akun ini, ditambah hit yang Anda nyatakan). Untuk melanjutkan: ${
      p.bigger ? `pindah ke paket ${p.bigger} (${p.flag} ${p.bigger}, atau Pengaturan)` : 'beli hit tambahan'
    }, atau tunggu tanggal 1 bulan depan; lalu lanjutkan.`,
  'block.quota': (p: { quota: number | null; product: string }) => `Kuota ${p.quota ?? ''} hit ${PRODUCT[p.product] ?? p.product} bulan ini habis (dihitung rekap).`,

  // a value the service does not know, a time zone rekap does not know
  'filter.unknownValue': (p: { field: 'type' | 'class' | 'ownership' | 'blu_status'; value: string; allowed: string }) =>
    `"${p.value}" bukan ${FILTER_FIELD[p.field]} yang dikenal layanan; yang boleh: ${p.allowed}`,
  'premium.required': (p: { feature: 'school-search' | 'accreditation-filter'; serviceMessage: string }) =>
    `${p.feature === 'school-search' ? 'Pencarian sekolah' : 'Filter akreditasi'} hanya untuk akun premium, dan akun kunci ini bukan premium (layanan menjawab 403` +
    `${p.serviceMessage ? `: "${p.serviceMessage}"` : ''}). Tidak ada biaya. Aktifkan paket premium di dasbor layanan` +
    (p.feature === 'accreditation-filter' ? ', atau jalankan pekerjaan tanpa filter akreditasi.' : ', atau cari sekolah per NPSN atau per kabupaten/kota.'),
  // a directory export whose query the cache does not cover (core/export/directory-coverage.ts)
  'directory.notCovered': (p: { product: 'hospitals' | 'schools'; areas: Array<{ province?: string; regency?: string }>; more: number; rows: number }) =>
    `cache direktori ${PRODUCT[p.product]} tidak mencakup seluruh kueri ini: ${p.areas.map(areaId).join(', ')}${p.more ? ` dan ${n(p.more)} lagi` : ''} belum pernah ` +
    `disinkronkan sampai halaman terakhir dengan filter ini, jadi ${n(p.rows)} baris yang ditulis hanya yang kebetulan ada di cache. ` +
    `Sinkronkan dulu: di rekap ui (Direktori → Sinkronkan) dengan filter yang sama, atau rekap run dengan buku kerja direktori ` +
    `(contoh: examples/templates/${p.product === 'hospitals' ? 'hospital' : 'school'}-directory.xlsx)`,
  'tz.unknown': (p: { name: string }) =>
    `"${p.name}" bukan zona waktu yang dikenal rekap (pakai nama IANA seperti Asia/Jakarta, Asia/Makassar, Asia/Jayapura)`,

  // rekap compare (core/unattended/compare-runs.ts)
  'compare.summary': (p: { a: string; b: string; rows: number; cells: number; added: number; removed: number; same: number }) =>
    `${p.a} -> ${p.b}: ${n(p.rows)} baris berubah (${n(p.cells)} sel), ${n(p.added)} baru, ${n(p.removed)} hilang, ${n(p.same)} sama`,
  'compare.noResultsSheet': (p: { file: string; sheets: string }) => `${p.file}: tidak ada lembar hasil (${p.sheets})`,
  'compare.noColumn': (p: { columns: string; headers: string }) => `tidak ada kolom ${p.columns} di hasil (${p.headers})`,
  'compare.noKeyColumn': (p: { headers: string }) => `tidak ada kolom kunci di hasil (${p.headers}); sebutkan dengan --key "Judul Kolom"`,
  'compare.noJob': (p: { id: string }) => `tidak ada pekerjaan ${p.id} (dan bukan berkas laporan .xlsx)`,
  'compare.kindsDiffer': (p: { a: string; kindA: string; b: string; kindB: string }) =>
    `jenis pekerjaan berbeda: ${p.a} adalah ${p.kindA}, ${p.b} adalah ${p.kindB}`,

  // the sandbox's own option checks (sandbox-options.ts); each names its flag
  'sandbox.port': (_p: Record<string, never>) => '--port harus bilangan bulat dari 0 sampai 65535',
  'sandbox.hostNotLoopback': (p: { host: string }) =>
    `--host ${p.host} bukan alamat loopback: sandbox menerima kunci mana pun miliknya dan punya endpoint admin, ` +
    'jadi ia hanya mendengarkan di komputer ini kecuali --allow-remote diberikan',
  'sandbox.emptyValue': (p: { flag: string }) => `${p.flag} tidak boleh kosong`,
  'sandbox.balance': (_p: Record<string, never>) => '--balance harus bilangan bulat poin >= 0',
  'sandbox.plan': (p: { flag: string; choices: string }) => `${p.flag} harus salah satu dari ${p.choices}`,
  'sandbox.monthlyQuota': (_p: Record<string, never>) => '--monthly-quota harus bilangan bulat >= 0',
  'sandbox.latency': (_p: Record<string, never>) => '--latency harus jumlah milidetik >= 0',
  'sandbox.failRate': (_p: Record<string, never>) => '--fail-rate harus antara 0 dan 1',
  'sandbox.seed': (_p: Record<string, never>) => '--seed harus bilangan bulat',
  'sandbox.faceWorkers': (p: { value: string; max: number }) => `REKAP_SANDBOX_FACE_WORKERS harus bilangan bulat dari 1 sampai ${p.max}, bukan "${p.value}"`,

  // rekap verify: findings
  'verify.sheetAdded': (p: { sheet: string }) => `lembar "${p.sheet}" ditambahkan`,
  'verify.sheetChanged': (p: { sheet: string }) => `lembar "${p.sheet}" berubah`,
  'verify.sheetRemoved': (p: { sheet: string }) => `lembar "${p.sheet}" dihapus`,
  'verify.digestLinesChanged': (_p: Record<string, never>) => 'baris digest laporan di lembar ringkasan diubah',
  'verify.sheetNotInStore': (p: { sheet: string }) => `lembar "${p.sheet}" tidak ada di laporan yang ditulis rekap dari berkas data (ditambahkan)`,
  'verify.sheetMissing': (p: { sheet: string }) => `lembar "${p.sheet}" hilang (dihapus)`,
  'verify.sheetsReordered': (p: { order: string; written: string }) => `urutan lembar berubah: sekarang ${p.order}, ditulis rekap sebagai ${p.written}`,
  'verify.uncoveredRow': (p: { sheet: string; row: number; label: string }) =>
    `${at(p)}: baris berlabel "${p.label}" yang tidak ditulis rekap di sana (digest tidak mencakup baris berlabel ini, jadi isinya tidak terlindungi)`,
  'verify.cellFormat': (p: { sheet: string; row: number; column: string; format: string }) =>
    `lembar "${p.sheet}", baris ${p.row}, kolom ${p.column}: format angka ${JSON.stringify(p.format)} bukan format yang ditulis rekap (format dapat menampilkan dan mencetak isi yang lain dari nilai sel)`,
  'verify.hiddenRow': (p: { sheet: string; row: number }) => `lembar "${p.sheet}", baris ${p.row} disembunyikan (tidak tampil dan tidak tercetak; rekap tidak menyembunyikan apa pun)`,
  'verify.hiddenColumn': (p: { sheet: string; column: string }) => `lembar "${p.sheet}", kolom ${p.column} disembunyikan (tidak tampil dan tidak tercetak; rekap tidak menyembunyikan apa pun)`,
  'verify.hiddenSheet': (p: { sheet: string }) => `lembar "${p.sheet}" disembunyikan (rekap tidak menyembunyikan apa pun)`,
  'verify.morePresentation': (p: { count: number }) => `dan ${p.count} perubahan tampilan lain`,
  'verify.signerLineMismatch': (p: { stated: string; actual: string }) =>
    `baris penanda tangan di ringkasan menyebut ${p.stated}, tetapi sidik jari kunci publik di bawahnya adalah ${p.actual}`,
  'verify.cell': (p: { sheet: string; row: number; key: KeyRef | null; header: boolean; column: { letter: string; header: string | null }; report: string | null; store: string | null }) =>
    `${at(p)}${p.header ? ' (judul kolom)' : ''}, ${column(p.column)}: di laporan ${value(p.report)}, menurut berkas data ${value(p.store)}`,
  'verify.rowAdded': (p: { sheet: string; row: number; key: KeyRef | null }) =>
    `${at(p)}: baris yang tidak ada di laporan yang ditulis rekap dari berkas data (ditambahkan)`,
  'verify.rowMissing': (p: { sheet: string; row: number; key: KeyRef | null }) =>
    p.key
      ? `lembar "${p.sheet}": baris dengan ${keyText(p.key)} (baris ${p.row} saat ditulis) hilang (dihapus)`
      : `lembar "${p.sheet}": baris ${p.row} dari laporan yang ditulis rekap dari berkas data hilang (dihapus)`,
  // rekap verify: notes
  'verify.noStore': (p: { beside: boolean }): string =>
    p.beside
      ? 'tidak ada berkas data rekap: yang diperiksa adalah digest, yang menyebut lembar tetapi bukan barisnya (beri --db BERKAS untuk menemukan baris dan kolomnya), dan di luar digest, cara sel ditampilkan (format angka; baris, kolom dan lembar yang disembunyikan) serta baris ringkasan yang tidak dicakup digest'
      : 'tidak ada berkas data rekap: hanya digest yang diperiksa, yang menyebut lembar tetapi bukan barisnya (beri --db BERKAS untuk menemukan baris dan kolomnya)',
  'verify.otherStore': (p: { file: string; storeId: string; reportStoreId: string; checked: string }) =>
    `berkas data ${p.file} bukan yang menulis laporan ini (ID-nya ${p.storeId}, laporan menyebut ${p.reportStoreId}): ${p.checked}`,
  'verify.noJobInStore': (p: { file: string; job: string; checked: string }) => `berkas data ${p.file} tidak punya pekerjaan ${p.job}: ${p.checked}`,
  // what a report checked without its job's data was held to: the digest, and the checks beside it when they found something
  'verify.checked': (p: { beside: boolean }): string =>
    p.beside
      ? 'yang diperiksa adalah digest, dan di luar digest, cara sel ditampilkan (format angka; baris, kolom dan lembar yang disembunyikan) serta baris ringkasan yang tidak dicakup digest'
      : 'hanya digest yang diperiksa',
  'verify.digestHeld': (_p: Record<string, never>) =>
    'digest cocok: nilai setiap sel seperti yang ditulis rekap; perubahan di atas ditemukan oleh pemeriksaan di luar digest, yaitu cara sel ditampilkan (format angka; baris, kolom dan lembar yang disembunyikan) dan baris ringkasan yang tidak dicakup digest',
  'verify.jobChangedSince': (p: { job: string }) =>
    `pekerjaan ${p.job} berubah di berkas data setelah laporan ini ditulis; sebagian perbedaan di bawah mungkin karena itu`,
  'verify.cacheChangedSince': (p: { product: 'hospitals' | 'schools' }) =>
    `cache direktori ${p.product === 'hospitals' ? 'rumah sakit' : 'sekolah'} menerima data baru setelah laporan ini ditulis; sebagian perbedaan di bawah mungkin karena itu`,
  // rekap verify: the file cannot be checked at all
  'verify.csv': (p: { file: string }) =>
    `${p.file}: laporan CSV tidak membawa digest (CSV hanya teks, tanpa ringkasan yang bisa diperiksa); untuk laporan yang bisa diverifikasi, ekspor sebagai xlsx: rekap export <ID-pekerjaan> --out laporan.xlsx`,
  'verify.signatureInvalid': (p: { fingerprint: string }) =>
    `tanda tangan digest tidak sah (${p.fingerprint}): digest atau tanda tangannya diubah setelah rekap menulis laporan`,
  'verify.notXlsx': (p: { file: string; reason: string }) => `${p.file} tidak bisa dibaca sebagai buku kerja xlsx: ${p.reason}`,
  'verify.noDigest': (p: { file: string }) =>
    `${p.file} tidak memuat digest laporan rekap di lembar pertamanya: bukan laporan yang ditulis rekap (atau ditulis sebelum laporan memuat digest)`,
  'verify.incomplete': (p: { file: string }) => `${p.file}: lembar ringkasan tidak memuat ID pekerjaan atau waktu laporan; bukan laporan rekap yang lengkap`,
  ...teamTextsId,
  ...noticeTextsId,
  ...archiveTextsId,
  ...outputTextsId,
  ...zipReasonTextsId,
  ...cellReasonTextsId,
  ...watchTextsId,
  ...appTextsId,
  ...presetTextsId,
}

export type CoreTextTable = typeof coreTextsId
