/**
 * `rekap team report --month YYYY-MM --out F.xlsx`: the month's team report through the same
 * report machinery as a job's (summary first, content digest and per-sheet digests in it), so
 * `rekap verify` checks it the same way.
 */
import { REKAP_VERSION } from '../version'
import { labelsFor, type ReportLang } from '../reports/labels'
import { openReport, type ReportWriter } from '../reports/report-output'
import { auditLines, digestSkipLabels, writeSummarySheet, type SummaryLine } from '../reports/summary-sheet'
import { ContentDigest, formatSheetDigests, type DigestResult } from '../reports/report-digest'
import { digestingWriter } from '../reports/digesting-writer'
import { reportZone } from '../reports/time-zone'
import type { ReportResult } from '../reports/report-result'
import { TEAM_REPORT_LABELS, type TeamReportLabels } from './team-report-labels'
import type { TeamMonth } from './team-ledger'
import { TEAM_TIME_ZONE } from '../coordination/team/team-month'

export interface TeamReportOptions {
  out: string
  lang?: ReportLang
  /** the team store's address as it may be printed, and its database name (the report's "store id") */
  team: { display: string; database: string }
  /** the zone of the time columns only: the month is always the team's (WIB) */
  timeZone?: string
  now?: number
}

async function writeSheets(w: ReportWriter, m: TeamMonth, T: TeamReportLabels, zone: ReturnType<typeof reportZone>): Promise<number> {
  const by = w.sheet(T.byOperator, [
    { header: T.desk, kind: 'text' }, { header: T.operator, kind: 'text' }, { header: T.jobs, kind: 'integer' }, { header: T.calls, kind: 'integer' },
    { header: T.chargesCount, kind: 'integer' }, { header: T.amount, kind: 'money' }, { header: T.reuses, kind: 'integer' }, { header: T.decisionsCount, kind: 'integer' },
    { header: T.uncertainCount, kind: 'integer' }, { header: T.uncertainAmount, kind: 'money' },
  ])
  for (const r of m.byOperator) by.addRow([r.desk, r.operator, r.jobs, r.calls, r.charges, r.amountRp, r.reuses, r.decisions, r.uncertain, r.uncertainRp])
  await by.close()
  const ch = w.sheet(T.charges, [
    { header: `${T.time} (${zone.label})`, kind: 'date' }, { header: T.desk, kind: 'text' }, { header: T.operator, kind: 'text' }, { header: T.job, kind: 'text' },
    { header: T.product, kind: 'text' }, { header: T.pairHash, kind: 'code' }, { header: T.amount, kind: 'money' }, { header: T.reused, kind: 'text' }, { header: T.uncertain, kind: 'text' },
  ])
  for (const c of m.charges) {
    ch.addRow([zone.wall(c.at), c.desk, c.operator, c.jobId, c.product, c.pairHash, c.amountRp, c.reused ? T.yes : T.no, c.uncertain ? T.yes : T.no])
    await ch.breathe()
  }
  await ch.close()
  const de = w.sheet(T.decisions, [
    { header: `${T.time} (${zone.label})`, kind: 'date' }, { header: T.deciderDesk, kind: 'text' }, { header: T.decider, kind: 'text' },
    { header: T.pairDesk, kind: 'text' }, { header: T.job, kind: 'text' }, { header: T.row, kind: 'integer' }, { header: T.decision, kind: 'text' }, { header: T.note, kind: 'text' },
  ])
  for (const d of m.decisions) {
    de.addRow([zone.wall(d.at), d.deciderDesk, d.decider, d.pairDesk, d.jobId, d.rowNo, d.decision, d.note])
    await de.breathe()
  }
  await de.close()
  return m.byOperator.length + m.charges.length + m.decisions.length
}

/**
 * The uncertain charges' own total (a dead desk's sent-but-unsettled requests, counted as spent):
 * the auditor reconciles exactly these against the service's statement, so the summary states them
 * apart, overall and for each desk and operator that has any.
 */
export function uncertainLines(m: TeamMonth, T: TeamReportLabels): SummaryLine[] {
  const count = m.byOperator.reduce((n, r) => n + r.uncertain, 0)
  const amount = m.byOperator.reduce((n, r) => n + r.uncertainRp, 0)
  return [
    { label: T.uncertainSection },
    { label: `${T.uncertainCount}, ${T.allDesks}`, value: count },
    { label: `${T.uncertainAmount}, ${T.allDesks}`, value: amount, money: true },
    ...m.byOperator
      .filter((r) => r.uncertain > 0)
      .map((r) => ({ label: `${T.uncertainAmount}, ${r.desk} / ${r.operator}`, value: r.uncertainRp, money: true })),
  ]
}

export async function writeTeamReport(m: TeamMonth, opts: TeamReportOptions): Promise<ReportResult> {
  const lang = opts.lang ?? 'id'
  const L = labelsFor(lang)
  const T = TEAM_REPORT_LABELS[lang]
  const zone = reportZone(opts.timeZone)
  // whole seconds, as every report: the summary states the time exactly
  const now = Math.floor((opts.now ?? Date.now()) / 1000) * 1000
  const writer = openReport(opts.out, 'xlsx', { lang })
  const summary = (audit: DigestResult | null): SummaryLine[] => [
    { label: L.summary.sectionJob },
    { label: L.summary.kind, value: T.kind },
    { label: T.month, value: m.month },
    // which month that is: the team's, as the Team screen and the budget count it, whatever zone the times are in
    { label: T.monthZone, value: reportZone(TEAM_TIME_ZONE).fullName },
    { label: T.team, value: opts.team.display },
    { label: L.summary.timeZone, value: `${zone.fullName} (${zone.offsetLabel(now)})` },
    ...uncertainLines(m, T),
    { label: L.summary.sectionNotes },
    { label: '', value: m.sharedRole ? T.notAuthenticated : T.authenticated },
    { label: L.summary.rekapVersion, value: REKAP_VERSION },
    { label: L.summary.reportMade, value: zone.wall(now) },
    ...auditLines(L, now, { storeId: `team:${opts.team.database}`, digest: audit?.digest ?? null, sheetDigests: audit ? formatSheetDigests(audit.sheets) : null }),
  ]
  try {
    writer.reserveFirst!()
    // the same lines left out as every report (digests and their signature): `rekap verify` leaves out these
    const digest = new ContentDigest(digestSkipLabels(L))
    const rows = await writeSheets(digestingWriter(writer, digest, { forward: true }), m, T, zone)
    await writeSummarySheet(digestingWriter(writer, digest, { forward: false }), L, summary(null))
    digest.moveLastToFront()
    const first: ReportWriter = { ...writer, sheet: (name, columns, o) => writer.sheet(name, columns, { ...o, first: true }) }
    await writeSummarySheet(first, L, summary(digest.result()))
    const sheets = await writer.finish()
    return { out: opts.out, rows, sheets }
  } catch (err) {
    writer.abort()
    throw err
  }
}
