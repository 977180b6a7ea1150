import type { JobAction } from '../model/job-action-names'
import type { JobState } from '../model/job-state'
import { ID } from '../reports/labels/id'

/**
 * Sentences that core makes and the CLI (or the app) shows as they are, in Indonesian: blocked
 * actions, `rekap verify` findings, refusals of plans, reviews and reports. Core gives a code and
 * its parameters (core-text.ts); the words live only here and in en.ts (same keys, same parameters).
 */

const ACTION: Record<JobAction, string> = {
  start: 'start',
  resume: 'resume',
  pause: 'pause',
  cancel: 'cancel',
  retryFailed: 'retry-failed',
  resendUncertain: 'resume --resend-uncertain',
  export: 'export',
}
const state = (s: JobState): string => ID.states[s] ?? s
const possible = (p: JobAction[]): string =>
  p.length ? `yang bisa dilakukan sekarang: ${p.map((a) => ACTION[a]).join(', ')}` : 'tidak ada yang bisa dilakukan padanya sekarang'
const value = (v: string | null): string => v ?? '(kosong)'
/** `sheet "Hasil", baris 4 (ID Baris 3)`: where a finding is; key null on a sheet without row ids */
const at = (p: { sheet: string; row: number; key?: KeyRef | null }): string =>
  `sheet "${p.sheet}", baris ${p.row}${p.key ? ` (${keyText(p.key)})` : ''}`
const keyText = (k: KeyRef): string => `${k.name ?? 'baris ringkasan'} ${k.value || 'kosong'}`
const column = (c: { letter: string; header: string | null }): string => `kolom ${c.letter}${c.header ? ` "${c.header}"` : ''}`

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
  'action.cancelled': (p: { job: string; possible: JobAction[] }) =>
    `pekerjaan ${p.job} sudah dibatalkan; yang sudah selesai tetap tersimpan (ekspor), mulai pekerjaan baru untuk sisanya (${possible(p.possible)})`,
  'action.alreadyRunning': (p: { job: string; possible: JobAction[] }) => `pekerjaan ${p.job} sudah berjalan (${possible(p.possible)})`,
  'action.pauseFirst': (p: { job: string; possible: JobAction[] }) => `pekerjaan ${p.job} sedang berjalan; jeda dulu (${possible(p.possible)})`,
  'action.noFailed': (p: { job: string; possible: JobAction[] }) => `pekerjaan ${p.job} tidak punya baris gagal untuk dikirim ulang (${possible(p.possible)})`,
  'action.noUncertain': (p: { job: string; possible: JobAction[] }) => `pekerjaan ${p.job} tidak punya baris tidak pasti untuk dikirim ulang (${possible(p.possible)})`,
  'action.done': (p: { job: string; possible: JobAction[] }) => `pekerjaan ${p.job} sudah selesai; tidak ada lagi yang perlu dikirim (${possible(p.possible)})`,
  'action.notInState': (p: { job: string; action: JobAction; state: JobState; possible: JobAction[] }) =>
    `${ACTION[p.action]} tidak bisa dilakukan pada pekerjaan berstatus ${state(p.state)} (${possible(p.possible)})`,
  'action.ownedBy': (p: { job: string; pid: number; host: string; since: string }) =>
    `pekerjaan ${p.job} sedang dijalankan rekap lain (pid ${p.pid} di host ${p.host} sejak ${p.since}); tidak ada yang diubah. ` +
    `Tunggu sampai selesai, atau jeda/batalkan dari sana (rekap cancel ${p.job} meminta proses itu berhenti).`,

  // rekap verify: findings
  'verify.sheetAdded': (p: { sheet: string }) => `sheet "${p.sheet}" ditambahkan`,
  'verify.sheetChanged': (p: { sheet: string }) => `sheet "${p.sheet}" berubah`,
  'verify.sheetRemoved': (p: { sheet: string }) => `sheet "${p.sheet}" dihapus`,
  'verify.digestLinesChanged': (_p: Record<string, never>) => 'baris digest laporan di sheet ringkasan diubah',
  'verify.sheetNotInStore': (p: { sheet: string }) => `sheet "${p.sheet}" tidak ada di laporan yang ditulis rekap dari berkas data (ditambahkan)`,
  'verify.sheetMissing': (p: { sheet: string }) => `sheet "${p.sheet}" hilang (dihapus)`,
  'verify.cell': (p: { sheet: string; row: number; key: KeyRef | null; header: boolean; column: { letter: string; header: string | null }; report: string | null; store: string | null }) =>
    `${at(p)}${p.header ? ' (judul kolom)' : ''}, ${column(p.column)}: di laporan ${value(p.report)}, menurut berkas data ${value(p.store)}`,
  'verify.rowAdded': (p: { sheet: string; row: number; key: KeyRef | null }) =>
    `${at(p)}: baris yang tidak ada di laporan yang ditulis rekap dari berkas data (ditambahkan)`,
  'verify.rowMissing': (p: { sheet: string; row: number; key: KeyRef | null }) =>
    p.key
      ? `sheet "${p.sheet}": baris dengan ${keyText(p.key)} (baris ${p.row} saat ditulis) hilang (dihapus)`
      : `sheet "${p.sheet}": baris ${p.row} dari laporan yang ditulis rekap dari berkas data hilang (dihapus)`,
  // rekap verify: notes
  'verify.noStore': (_p: Record<string, never>) =>
    'tidak ada berkas data rekap: hanya digest yang diperiksa, yang menyebut sheet tetapi bukan barisnya (beri --db BERKAS untuk menemukan baris dan kolomnya)',
  'verify.otherStore': (p: { file: string; storeId: string; reportStoreId: string }) =>
    `berkas data ${p.file} bukan yang menulis laporan ini (ID-nya ${p.storeId}, laporan menyebut ${p.reportStoreId}): hanya digest yang diperiksa`,
  'verify.noJobInStore': (p: { file: string; job: string }) => `berkas data ${p.file} tidak punya pekerjaan ${p.job}: hanya digest yang diperiksa`,
  'verify.jobChangedSince': (p: { job: string }) =>
    `pekerjaan ${p.job} berubah di berkas data setelah laporan ini ditulis; sebagian perbedaan di bawah mungkin karena itu`,
  // rekap verify: the file cannot be checked at all
  'verify.notXlsx': (p: { file: string; reason: string }) => `${p.file} tidak bisa dibaca sebagai workbook xlsx: ${p.reason}`,
  'verify.noDigest': (p: { file: string }) =>
    `${p.file} tidak memuat digest laporan rekap di sheet pertamanya: bukan laporan yang ditulis rekap (atau ditulis sebelum laporan memuat digest)`,
  'verify.incomplete': (p: { file: string }) => `${p.file}: sheet ringkasan tidak memuat ID pekerjaan atau waktu laporan; bukan laporan rekap yang lengkap`,
}

export type CoreTextTable = typeof coreTextsId
