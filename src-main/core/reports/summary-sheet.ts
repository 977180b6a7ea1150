import type { JobRecord, JobTransition } from '../store'
import type { JobSettings } from '../model/job-settings'
import { PRODUCTS } from '../model/products'
import { formatNumber, type NumberLang } from '../../contract/numbers'
import type { ReportLabels } from './labels'
import type { JobFigures } from './job-figures'
import type { ReportWriter } from './report-output'
import type { ReportSignature } from './report-signing'
import { humanDuration } from './report-time'
import { reportZone, type ReportZone } from './time-zone'
import type { Verdict } from '../verdict'
import { detailText, type CoreTextLang } from '../texts/core-text'
import type { JobStateView } from '../../contract/job-views'

/** One line of the summary sheet; a line without a value is a section heading. */
export interface SummaryLine {
  label: string
  value?: unknown
  /** a Rupiah amount: written as a number with the Rupiah format, so an auditor can sum it */
  money?: boolean
}

/** Summary lines are label | value: a money line's value cell is the Rupiah one. */
const MONEY_ROW = { kinds: [undefined, 'money'] } as const

const dateIn =
  (zone: ReportZone) =>
  (ms: number | null | undefined): Date | string =>
    ms ? zone.wall(ms) : '-'

/** What the summary states about the report itself, for `rekap verify`. */
export interface AuditFacts {
  storeId: string
  /** a job's data fingerprint; a directory report (no job) has none */
  storeFingerprint?: string
  /** null in the first pass, which computes it */
  digest: string | null
  sheetDigests: string | null
  /** the digest's Ed25519 signature (null: the first pass, or no signer) */
  signature?: ReportSignature | null
}

/**
 * The summary lines the content digest leaves out (by their label in column A): the digests
 * themselves and the signature over them cannot be part of what they state.
 */
export function digestSkipLabels(L: ReportLabels): Set<string> {
  const A = L.audit
  return new Set([A.digest, A.sheetDigests, A.signer, A.signerKey, A.signature])
}

/** The report-integrity section; the digest and signature lines are the last five (a digest cannot cover itself). */
export function auditLines(L: ReportLabels, now: number, a: AuditFacts): SummaryLine[] {
  const A = L.audit
  return [
    { label: A.section },
    { label: A.madeUtc, value: new Date(now).toISOString().replace('.000Z', 'Z') },
    { label: A.storeId, value: a.storeId },
    ...(a.storeFingerprint === undefined ? [] : [{ label: A.storeFingerprint, value: a.storeFingerprint }]),
    { label: '', value: A.howToVerify },
    { label: A.digest, value: a.digest ?? '-' },
    { label: A.sheetDigests, value: a.sheetDigests ?? '-' },
    { label: A.signer, value: a.signature?.fingerprint ?? '-' },
    { label: A.signerKey, value: a.signature?.publicKey ?? '-' },
    { label: A.signature, value: a.signature?.signature ?? '-' },
  ]
}

/** Only the host of the service URL: a URL can carry a user, a password or a key in its query. */
export function serviceHost(baseUrl: string): string {
  try {
    return new URL(baseUrl).host || '-'
  } catch {
    return '-'
  }
}

/** 0,45 - 0,55 in Indonesian, 0.45 - 0.55 in English (contract/numbers.ts, the one number formatter). */
export function reviewBandText(band: [number, number] | null | undefined, lang: NumberLang): string {
  return band ? `${formatNumber(band[0], lang, 3)} - ${formatNumber(band[1], lang, 3)}` : '-'
}

/**
 * The settings a job ran with, by an explicit list of fields: nothing else from the settings
 * snapshot is ever written, so a key that found its way into it cannot reach the report.
 */
/** `scored`: the job's results carry a confidence, so its review band is stated. */
export function settingsLines(s: JobSettings, scored: boolean, L: ReportLabels): SummaryLine[] {
  const S = L.summary
  const num = (v: number | null | undefined): number | string => (typeof v === 'number' ? v : S.none)
  const lines: SummaryLine[] = [
    { label: S.sectionSettings },
    { label: S.serviceHost, value: serviceHost(s.baseUrl) },
    { label: S.sandbox, value: s.sandbox ? L.yes : L.no },
    { label: S.hospitalPlan, value: s.hospitalPlan ?? S.none },
    { label: S.schoolPlan, value: s.schoolPlan ?? S.none },
    { label: S.regionalPlan, value: s.regionalPlan ?? S.none },
    { label: S.reuseDays, value: s.reuseDays === undefined ? S.none : s.reuseDays === 0 ? S.off : num(s.reuseDays) },
    { label: S.rates, value: PRODUCTS.map((p) => `${S.products[p]} ${typeof s.rps?.[p] === 'number' ? formatNumber(s.rps[p], L.lang, 2) : S.none}`).join('; ') },
    { label: S.concurrency, value: num(s.concurrency) },
    { label: S.budget, value: num(s.budgetRp), money: true },
    { label: S.balance, value: num(s.balanceRp), money: true },
    {
      label: S.quotas,
      value: PRODUCTS.map((p) => `${S.products[p]} ${typeof s.monthlyQuota?.[p] === 'number' ? formatNumber(s.monthlyQuota[p]!, L.lang) : S.unlimited}`).join('; '),
    },
  ]
  if (scored) {
    lines.push({ label: S.reviewBand, value: reviewBandText(s.reviewBand, L.lang) })
    lines.push({
      label: S.threshold,
      value: s.reviewBand ? L.notes.thresholdUnpublished(reviewBandText(s.reviewBand, L.lang)) : L.notes.thresholdNoBand,
    })
  }
  lines.push(
    { label: S.freshness, value: num(s.cacheFreshnessHours) },
    { label: S.maxAttempts, value: num(s.maxAttempts) },
    { label: S.timeout, value: num(s.requestTimeoutMs) },
    { label: S.resendUncertain, value: s.resendUncertain ? L.yes : L.no },
  )
  return lines
}

const OUTCOME_ORDER: Verdict[] = ['match', 'no-match', 'review', 'found', 'not-found', 'records', 'failed', 'uncertain', 'pending']

export function jobSummaryLines(
  job: JobRecord,
  f: JobFigures,
  L: ReportLabels,
  ctx: {
    /** the job's state as users see it (core/model/lease-rules.ts shownState) */
    state: JobStateView
    now: number
    rekapVersion: string
    /** the job kind's name in the report's language (core/kinds/<kind>/words.ts) */
    kindName: string
    notes?: string[]
    zone?: ReportZone
    /** results carry a confidence (the review band is stated) */
    scored: boolean
    /** the job links directory records (counted) */
    records: boolean
    /** a request of the job's product costs money (rows sent without a recorded answer may have been charged) */
    paid?: boolean
    /** scored kinds: pairs reviewed n of m */
    review?: { reviewed: number; total: number }
    audit?: AuditFacts
  },
): SummaryLine[] {
  const S = L.summary
  const zone = ctx.zone ?? reportZone()
  const date = dateIn(zone)
  const wall = job.startedAt ? (job.finishedAt ?? ctx.now) - job.startedAt : null
  const lines: SummaryLine[] = [
    { label: S.sectionJob },
    { label: S.jobId, value: job.id },
    { label: S.kind, value: ctx.kindName },
    { label: S.state, value: (L.states[ctx.state] ?? ctx.state) + (job.blockedReason ? ` (${S.transitionReasons[job.blockedReason] ?? job.blockedReason})` : '') },
  ]
  if (job.stateDetail) lines.push({ label: S.stateDetail, value: detailText(job.stateDetail, L.lang as CoreTextLang) })
  lines.push(
    { label: S.inputFile, value: job.inputName ?? S.none },
    { label: S.fingerprint, value: job.inputFingerprint ?? S.none },
  )
  if (job.sheet) lines.push({ label: S.sheet, value: job.sheet })
  if (job.headerRow) lines.push({ label: S.headerRow, value: job.headerRow })
  lines.push(
    { label: S.created, value: date(job.createdAt) },
    { label: S.started, value: date(job.startedAt) },
    { label: S.finished, value: date(job.finishedAt) },
    { label: S.activeDuration, value: humanDuration(job.activeMs, L.lang) },
    { label: S.activeSeconds, value: Math.round(job.activeMs / 1000) },
    { label: S.wallDuration, value: wall === null ? S.none : humanDuration(wall, L.lang) },
    { label: S.wallSeconds, value: wall === null ? S.none : Math.round(wall / 1000) },
    { label: S.timeZone, value: `${zone.fullName} (${zone.offsetLabel(ctx.now)})` },
    ...settingsLines(job.settings, ctx.scored, L),
    { label: S.sectionCounts },
    { label: S.totalRows, value: f.counts.total },
  )
  for (const o of OUTCOME_ORDER) {
    const n = f.outcomes[o]
    if (n) lines.push({ label: S.outcome(L.outcomes[o]), value: n })
  }
  lines.push(
    { label: S.localFailures, value: f.counts.localFailures },
    { label: S.callsMade, value: f.attempts },
    { label: S.cacheHits, value: f.counts.cacheHits },
  )
  if (ctx.review) lines.push({ label: L.audit.reviewed, value: L.audit.reviewedOf(ctx.review.reviewed, ctx.review.total) })
  if (ctx.records) lines.push({ label: S.records, value: f.records })
  lines.push(...moneyLines(f, L, ctx.paid === true))
  const notes = [...(ctx.notes ?? [])]
  if (ctx.state !== 'done') notes.unshift(L.notes.notFinished)
  if (notes.length) lines.push({ label: S.sectionNotes }, ...notes.map((n) => ({ label: '', value: n })))
  lines.push({ label: S.rekapVersion, value: ctx.rekapVersion }, { label: S.reportMade, value: date(ctx.now) })
  if (ctx.audit) lines.push(...auditLines(L, ctx.now, ctx.audit))
  return lines
}

/** The money section: charges by the ledger and by the rows, and what may have been charged. */
function moneyLines(f: JobFigures, L: ReportLabels, paid: boolean): SummaryLine[] {
  const S = L.summary
  const lines: SummaryLine[] = [
    { label: S.sectionMoney },
    { label: S.chargedRows, value: f.counts.charged },
    { label: S.chargedPoints, value: f.ledgerPoints },
    { label: S.costRp, value: f.ledgerPoints, money: true },
    { label: S.rowCostRp, value: f.counts.costPoints, money: true },
    { label: S.ledgerCheck, value: f.ledgerPoints === f.counts.costPoints ? L.notes.ledgerMatch : L.notes.ledgerMismatch },
    { label: S.uncertainLeft, value: f.counts.uncertain },
    { label: S.resentUncertainRows, value: f.counts.resentUncertain },
  ]
  // Sent, no answer recorded: a job running now, or one whose process died (shown `interrupted`; they
  // become uncertain when it is taken up again). Counted among the rows not processed above, but the
  // service may have charged them: the money section says so rather than "0 uncertain".
  if (paid && f.counts.inFlight > 0) lines.push({ label: S.inFlightNow, value: f.counts.inFlight })
  return lines
}

/** Sheet 1: the lines as label / value, then the job's state transitions as a small table. */
export async function writeSummarySheet(
  writer: ReportWriter,
  L: ReportLabels,
  lines: SummaryLine[],
  transitions: JobTransition[] = [],
  zone: ReportZone = reportZone(),
): Promise<void> {
  const S = L.summary
  const sheet = writer.sheet(
    L.sheets.summary,
    [
      // narrow enough that the whole summary prints on one A4 page at a readable size; the value
      // column holds a 64-character digest on one line; long labels and notes wrap
      { header: S.item, kind: 'auto', width: 40, wrap: true },
      { header: S.value, kind: 'auto', width: 68, wrap: true },
      { header: '', kind: 'auto', width: 12, wrap: true },
      { header: '', kind: 'auto', width: 12, wrap: true },
      { header: '', kind: 'auto', width: 24, wrap: true },
    ],
    { table: false, onePage: true },
  )
  sheet.addRow([S.title], { bold: true })
  for (const l of lines) {
    if (l.value === undefined) sheet.addRow([l.label], { bold: true })
    else sheet.addRow([l.label, l.value], l.money && typeof l.value === 'number' ? MONEY_ROW : undefined)
  }
  if (transitions.length) {
    sheet.addRow([])
    sheet.addRow([S.sectionTransitions], { bold: true })
    sheet.addRow([S.at, S.from, S.to, S.reason, S.detail], { bold: true })
    for (const t of transitions) {
      sheet.addRow([
        zone.wall(t.at),
        t.from ? (L.states[t.from] ?? t.from) : S.none,
        L.states[t.to] ?? t.to,
        t.reason ? (S.transitionReasons[t.reason] ?? t.reason) : '',
        detailText(t.detail, L.lang as CoreTextLang) ?? '',
      ])
    }
  }
  await sheet.close()
}
