import { formatNumber } from '../../contract/numbers'
import type { noticeTextsId } from './notice-id'

/** The desktop notifications of job events, in English (the same keys and parameters as notice-id.ts). */
export const noticeTextsEn: typeof noticeTextsId = {
  'notice.doneTitle': () => 'rekap: job finished',
  'notice.done': (p) => `${p.name}: ${formatNumber(p.done, 'en')} rows done, ${formatNumber(p.failed, 'en')} failed. The report is ready to export.`,
  'notice.blockedTitle': () => 'rekap: a job stopped and waits for you',
  'notice.blocked': (p) => `${p.name}: ${p.detail}`,
  'notice.reviewTitle': () => 'rekap: photo pairs to review',
  'notice.review': (p) => `${p.name}: ${formatNumber(p.open, 'en')} pairs wait for a decision on the Review screen.`,
}
