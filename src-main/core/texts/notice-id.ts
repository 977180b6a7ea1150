import { formatNumber } from '../../contract/numbers'

/**
 * The desktop notifications of job events (core/unattended/job-notice.ts decides which), in
 * Indonesian; spread into id.ts so the table stays one. notice-en.ts has the same keys.
 */
export const noticeTextsId = {
  'notice.doneTitle': (_p: Record<string, never>) => 'rekap: pekerjaan selesai',
  'notice.done': (p: { name: string; done: number; failed: number }) =>
    `${p.name}: ${formatNumber(p.done, 'id')} baris selesai, ${formatNumber(p.failed, 'id')} gagal. Laporan siap diekspor.`,
  'notice.blockedTitle': (_p: Record<string, never>) => 'rekap: pekerjaan berhenti, menunggu Anda',
  'notice.blocked': (p: { name: string; detail: string }) => `${p.name}: ${p.detail}`,
  'notice.reviewTitle': (_p: Record<string, never>) => 'rekap: ada pasangan foto untuk ditinjau',
  'notice.review': (p: { name: string; open: number }) => `${p.name}: ${formatNumber(p.open, 'id')} pasangan menunggu keputusan di layar Tinjau.`,
}
