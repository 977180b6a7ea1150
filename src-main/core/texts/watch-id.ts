import { formatNumber } from '../../contract/numbers'
import { formatRp } from '../../contract/rupiah'

/**
 * What a watched folder says about the files it takes (core/unattended/folder-watcher.ts), for
 * `rekap watch` and the app's Folder pantau alike, in Indonesian; watch-en.ts has the same keys.
 */
export const watchTextsId = {
  'watch.link': (_p: Record<string, never>) =>
    'ini tautan simbolis, bukan berkas: rekap tidak membaca berkas yang ditunjuknya (bisa di luar folder ini); salin berkasnya sendiri ke folder',
  'watch.refused': (p: { name: string; why: string }) => `ditolak ${p.name}: ${p.why} (dipindah ke gagal/)`,
  'watch.waits': (p: { name: string; job: string; why: string }) => `menunggu ${p.name} (pekerjaan ${p.job}): ${p.why}`,
  'watch.stillWaiting': (p: { name: string; job: string }) => `masih menunggu ${p.name} (pekerjaan ${p.job}); lihat catatannya di proses/`,
  'watch.done': (p: { name: string; job: string; report: string }) => `selesai ${p.name} (pekerjaan ${p.job}): ${p.report}`,
  'watch.cannotRun': (p: { name: string; job: string; why: string }) => `${p.name} (pekerjaan ${p.job}) tidak bisa dijalankan: ${p.why}`,
  'watch.alreadyDone': (p: { job: string; name: string }) => `berkas yang sama sudah diproses sebagai pekerjaan ${p.job} (${p.name}); tidak diambil dua kali`,
  'watch.cancelled': (p: { job: string }) => `pekerjaan ${p.job} dibatalkan`,
  'watch.undecided': (p: { job: string }) => `pemantau berhenti sebelum memutuskan; jalankan dengan: rekap resume ${p.job}`,
  'watch.blocked': (p: { reason: string; job: string }) => `pekerjaan ${p.job} terhenti (${p.reason}); setelah diatasi: rekap resume ${p.job}`,
  'watch.empty': (_p: Record<string, never>) => 'buku kerja tidak berisi baris',
  'watch.tooManyFailing': (p: { pct: number; limit: number }) => `${p.pct}% baris gagal pra-pemeriksaan, batas preset ${p.limit}%`,
  'watch.overBudget': (p: { needed: number; budget: number }) =>
    `biaya hingga ${formatRp(p.needed, 'id')} melebihi anggaran preset ${formatRp(p.budget, 'id')}`,
  'watch.quotaShortfall': (p: { needed: number; left: number }) => `perlu ${formatNumber(p.needed, 'id')} hit, sisa kuota ${formatNumber(p.left, 'id')}`,
  'watch.takenElsewhere': (p: { name: string; host: string }) => `${p.name} diambil oleh ${p.host} (komputer lain), masih hidup; dibiarkan untuknya`,
  'watch.takenOver': (p: { name: string; host: string; seconds: number }) =>
    `${p.name}: tanda hidup ${p.host} tidak bergerak selama ${p.seconds} detik; diambil alih`,
  'watch.claimTaken': (p: { name: string; host: string; job: string }) =>
    `${p.name}: diambil alih oleh ${p.host} (komputer lain) selama pemantau ini terhenti; pekerjaan ${p.job} dijeda sebelum mengirim baris lagi, agar tidak ada baris yang dikirim dan dibayar dua kali`,
  'watch.claimGone': (p: { name: string; job: string }) =>
    `${p.name}: klaimnya tidak ada lagi di proses/ (diambil atau dihapus di tempat lain); pekerjaan ${p.job} dijeda sebelum mengirim baris lagi`,
  'watch.claimLapsed': (p: { name: string; seconds: number; job: string }) =>
    `${p.name}: tanda hidup klaimnya tidak bisa ditulis selama ${p.seconds} detik (komputer tidur atau folder bersama tak terjangkau), jadi komputer lain mungkin sudah mengambil alih; pekerjaan ${p.job} dijeda sebelum mengirim baris lagi. Bila tidak ada yang mengambil alih: rekap resume ${p.job}`,
  'watch.stopped': (p: { name: string; job: string; dir: string }) =>
    `${p.name}: pemantau dihentikan sebelum pekerjaan ${p.job} selesai; tidak ada lagi yang dikirim. Untuk melanjutkan: rekap resume ${p.job} (atau pantau foldernya lagi: rekap watch ${p.dir})`,
  'watch.howToGoOn': (p: { job: string }) => `untuk tetap menjalankan: rekap resume ${p.job} (dengan --budget atau paket yang lebih besar bila perlu)`,
  'watch.resumeTaken': (p: { name: string; host: string; job: string; dir: string }) =>
    `pekerjaan ${p.job} tidak dijalankan di sini: ${p.name} di ${p.dir} kini dipegang ${p.host} (komputer lain), yang menjalankannya sebagai pekerjaannya sendiri; menjalankannya di sini akan mengirim dan membayar baris yang tersisa dua kali. Bila komputer itu berhenti, rekap watch ${p.dir} mengambilnya kembali dan menyelesaikan pekerjaan ini; bila tidak diperlukan lagi: rekap cancel ${p.job}`,
  'watch.resumeGone': (p: { name: string; job: string; dir: string }) =>
    `pekerjaan ${p.job} tidak dijalankan di sini: klaim ${p.name} tidak ada lagi di ${p.dir}/proses/ (komputer lain mungkin sudah menyelesaikannya, atau foldernya dipindah atau tak terjangkau), jadi belum pasti tidak ada yang menjalankannya. Bila ${p.name} masih di folder itu, rekap watch ${p.dir} mengambilnya kembali dan menyelesaikan pekerjaan ini; bila tidak: rekap cancel ${p.job}`,
  'watch.resumeUnwatched': (p: { name: string; job: string; dir: string }) =>
    `pekerjaan ${p.job} dijeda: pemantau di komputer ini yang menjaga klaim ${p.name} tetap hidup sudah berhenti, jadi komputer lain bisa mengambil alih dan membayar baris yang sama lagi. rekap resume ${p.job} mengambil klaimnya kembali dan melanjutkan (atau rekap watch ${p.dir})`,
  // History's row: the short of why a watched job is not run here (the job screen says it whole)
  'watch.heldElsewhereShort': (p: { host: string }) => `dipegang ${p.host} (komputer lain)`,
  'watch.claimGoneShort': (_p: Record<string, never>) => 'klaimnya tidak ada lagi di proses/',
}
