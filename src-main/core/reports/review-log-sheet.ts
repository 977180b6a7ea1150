import type { JobRecord, Store } from '../store'
import { pairIdentity } from '../review/pair-identity'
import type { ReportLabels } from './labels'
import type { ReportWriter } from './report-output'
import type { ReportZone } from './time-zone'

/**
 * The review log sheet (Tinjauan / Review): every decision in the order it was taken, with
 * who, when, the note, and what the service had said at that moment. Superseded decisions stay.
 */
export async function writeReviewLogSheet(
  writer: ReportWriter,
  store: Store,
  job: JobRecord,
  L: ReportLabels,
  ctx: { zone: ReportZone; asOf: number },
): Promise<number> {
  const R = L.review
  const sheet = writer.sheet(R.sheet, [
    { header: R.seq, kind: 'integer', width: 6 },
    { header: R.rowId, kind: 'integer', width: 9 },
    { header: R.sheetRow, kind: 'integer', width: 8 },
    { header: R.nik, kind: 'code', width: 18 },
    { header: R.name, kind: 'text', width: 24 },
    { header: R.decision, kind: 'text', width: 14 },
    { header: R.by, kind: 'text', width: 20 },
    { header: `${R.at} (${ctx.zone.label})`, kind: 'date', width: 20 },
    { header: R.note, kind: 'text', width: 40 },
    { header: R.serviceThen, kind: 'text', width: 18 },
    { header: R.scoreThen, kind: 'score', width: 10 },
  ])
  let n = 0
  for (const e of store.review.log(job.id, { asOf: ctx.asOf })) {
    const row = store.rows.get(job.id, e.rowNo)
    const who = row ? pairIdentity(job, row) : { nik: null, name: null }
    sheet.addRow([
      ++n,
      e.rowNo,
      row?.sourceRow ?? null,
      who.nik,
      who.name,
      R.decisions[e.decision] ?? e.decision,
      e.reviewer,
      ctx.zone.wall(e.at),
      e.note ?? '',
      e.serviceVerdict ? (L.outcomes[e.serviceVerdict as keyof ReportLabels['outcomes']] ?? e.serviceVerdict) : '',
      e.serviceConfidence,
    ])
    await sheet.breathe()
  }
  await sheet.close()
  return n
}
