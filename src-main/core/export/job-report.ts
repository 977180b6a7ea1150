import { resolve } from 'node:path'
import { diskFullAt } from '../paths/disk-full'
import type { Store, JobRecord, JobFingerprint } from '../store'
import { REKAP_VERSION } from '../version'
import { kindModule } from '../kinds/registry'
import { PRICE_POINTS } from '../model/products'
import { labelsFor, type ReportLang, type ReportLabels } from '../reports/labels'
import { openReport, type ReportFormat, type ReportWriter } from '../reports/report-output'
import { THREAD_MIN_ROWS } from '../reports/xlsx/zip-thread'
import { openReportReader } from '../store/report-reader'
import { jobFigures, VerdictCount, type JobFigures } from '../reports/job-figures'
import { digestSkipLabels, jobSummaryLines, writeSummarySheet } from '../reports/summary-sheet'
import { localReportSigner, signDigest, type ReportSignature, type ReportSigner } from '../reports/report-signing'
import { MAX_THUMBNAIL_ROWS } from '../kinds/face-match/thumbnails'
import { formatFromName, ReportError, type ReportResult } from '../reports/report-result'
import { writeAnnotatedCopy as annotate } from '../reports/annotated-copy'
import { sheetPartNames } from '../reports/xlsx/sheet-parts'
import { ReviewCount, reviewQueue } from '../review/review-queue'
import { ContentDigest, formatSheetDigests, type DigestResult } from '../reports/report-digest'
import { digestingWriter } from '../reports/digesting-writer'
import { reportZone, type ReportZone } from '../reports/time-zone'
import { coreText } from '../texts/core-text'
import { judgeLease, shownState } from '../model/lease-rules'
import { LOOKER, processAlive } from '../engine/owner-identity'

export interface JobReportOptions {
  out: string
  lang?: ReportLang
  /** default: from the file name (.csv -> csv), else xlsx */
  format?: ReportFormat
  /** face-match only: two small photos per row (in-memory workbook, at most MAX_THUMBNAIL_ROWS rows) */
  thumbnails?: boolean
  now?: number
  rekapVersion?: string
  /** rows per worksheet before a sheet continues in `Name (2)` (default: Excel's 1,048,576; smaller in tests) */
  maxRowsPerSheet?: number
  /**
   * Write the sheets' rows on a second thread (xlsx without thumbnails): default when the job has
   * at least THREAD_MIN_ROWS rows or records; tests force it either way
   */
  thread?: boolean
  /** IANA zone of the time columns (default Asia/Jakarta, WIB) */
  timeZone?: string
  /** review decisions taken up to this time (default: now); `rekap verify` re-makes a report as it was */
  asOf?: number
  /**
   * Who signs the digest (xlsx): by default the data file's own key (made at first use), a
   * team's key when given (core/reports/report-signing.ts), null for none (verify's re-made copy)
   */
  signer?: ReportSigner | null
}

/**
 * A job's report, chosen by its kind: summary, results, errors, then pivots. Reads the store
 * through its own read-only connection and streams rows, so a 100,000-row job exports with
 * flat memory while the engine keeps writing. The file appears only when complete.
 */
export async function writeJobReport(store: Store, jobId: string, opts: JobReportOptions): Promise<ReportResult> {
  const id = store.jobs.resolveId(jobId)
  const job = id ? store.jobs.get(id) : undefined
  if (!job) throw new ReportError(coreText('report.noJob', { job: jobId, file: store.file }))
  refuseOverwritingInput(job, opts.out)
  const L = labelsFor(opts.lang)
  const format = opts.format ?? formatFromName(opts.out)
  const thumbnails = opts.thumbnails === true && kindModule(job.kind).photos && format === 'xlsx'
  if (thumbnails) {
    const total = store.rows.counts(job.id).total
    if (total > MAX_THUMBNAIL_ROWS) {
      throw new ReportError(coreText('report.thumbnailsLimit', { max: MAX_THUMBNAIL_ROWS, job: job.id, total }))
    }
  }
  const reader = openReportReader(store)
  const thread = format === 'xlsx' && !thumbnails && (opts.thread ?? reportRows(reader, job) >= THREAD_MIN_ROWS)
  const writer = openReport(opts.out, format, { lang: L.lang, pictures: thumbnails, maxRowsPerSheet: opts.maxRowsPerSheet, thread })
  // Whole seconds: the summary states the time exactly, and `rekap verify` re-makes the report at it.
  // Rounded up, not down: a review decision made a moment before the export (in the same second) is
  // in the report; rounded down it was left out (reports-every-kind: Budi's reject missing).
  const now = Math.ceil((opts.now ?? Date.now()) / 1000) * 1000
  const asOf = opts.asOf ?? now
  const ctx: SheetsContext = {
    now,
    asOf,
    rekapVersion: opts.rekapVersion ?? REKAP_VERSION,
    thumbnails,
    zone: reportZone(opts.timeZone),
    audit: null,
    shared: {},
  }
  try {
    let rows: number
    let digestText: string | null = null
    const skip = digestSkipLabels(L)
    const signer = format === 'xlsx' ? (opts.signer === undefined ? localReportSigner(store.file) : opts.signer) : null
    const signed = (d: DigestResult) => ({ ...d, signature: signer ? signDigest(signer, d.digest) : null })
    if (format === 'xlsx' && writer.reserveFirst) {
      // One pass: the result sheets are written (and digested) first; the summary, which states
      // their digest, is written last into the workbook's first place. Its own digest leaves out
      // the two digest lines, so it is learnt before they are filled in.
      // The results sheet's pass over the rows also feeds the store fingerprint the summary states.
      writer.reserveFirst()
      const digest = new ContentDigest(skip)
      ctx.rowsFingerprint = reader.meta.startJobFingerprint(job.id)
      ctx.reviewCount = new ReviewCount()
      ctx.verdictCount = new VerdictCount()
      rows = await writeSheets(digestingWriter(writer, digest, { forward: true }), reader, job, L, ctx, { summary: false })
      await writeSheets(digestingWriter(writer, digest, { forward: false }), reader, job, L, ctx, { summary: true, sheets: false })
      digest.moveLastToFront()
      const first: ReportWriter = { ...writer, sheet: (name, columns, o) => writer.sheet(name, columns, { ...o, first: true }) }
      const audit = signed(digest.result())
      digestText = audit.digest
      await writeSheets(first, reader, job, L, { ...ctx, audit }, { summary: true, sheets: false })
    } else if (format === 'xlsx') {
      // Two passes over the same read snapshot (the in-memory workbook of thumbnails cannot place a
      // sheet first once others are written): the first only computes the content digest that
      // the summary (the first sheet) states; the second writes, and checks it got the same.
      const first = new ContentDigest(skip)
      await writeSheets(digestingWriter(writer, first, { forward: false }), reader, job, L, ctx)
      const expected = signed(first.result())
      const second = new ContentDigest(skip)
      rows = await writeSheets(digestingWriter(writer, second, { forward: true }), reader, job, L, { ...ctx, audit: expected })
      if (second.result().digest !== expected.digest) throw new ReportError(coreText('report.twoPasses', { job: job.id }))
      digestText = expected.digest
    } else {
      rows = await writeSheets(writer, reader, job, L, ctx)
    }
    const sheets = await writer.finish()
    return { out: opts.out, rows, sheets, digest: digestText }
  } catch (err) {
    writer.abort()
    // the partial file is gone: a full disk is said as such, naming the report
    throw diskFullAt(err, opts.out)
  } finally {
    reader.close()
  }
}

/**
 * A report written over the job's own workbook would destroy the user's input (`rekap run
 * codes.xlsx --out codes.xlsx`): refused, as the annotated copy refuses it. `rekap run` asks
 * before it sends anything.
 */
export function refuseOverwritingInput(job: { inputFile: string | null }, out: string): void {
  if (job.inputFile && resolve(out) === resolve(job.inputFile)) throw new ReportError(coreText('report.reportOverwritesInput', { input: job.inputFile }))
}

/** The results sheet's rows: the job's rows, or the records a directory job yielded. */
function reportRows(store: Store, job: JobRecord): number {
  return kindModule(job.kind).recordsLinked ? store.rows.recordsCount(job.id) : store.rows.counts(job.id).total
}

interface SheetsContext {
  now: number
  asOf: number
  rekapVersion: string
  thumbnails: boolean
  zone: ReportZone
  /** the digest learnt in the first pass (null while computing it), with its signature */
  audit: (DigestResult & { signature: ReportSignature | null }) | null
  /** fed by the results sheet's row pass when the summary is written after it (one-pass xlsx) */
  rowsFingerprint?: JobFingerprint
  /** the review queue's count, from the same pass (scored kinds whose sheet counts it) */
  reviewCount?: ReviewCount
  verdictCount?: VerdictCount
  /** what the summary states from whole-job queries, computed once for both passes (same snapshot) */
  shared: {
    figures?: JobFigures
    review?: { reviewed: number; total: number } | null
    storeId?: string
    fingerprint?: string
  }
}

async function writeSheets(
  writer: ReportWriter,
  store: Store,
  job: JobRecord,
  L: ReportLabels,
  ctx: SheetsContext,
  which: { summary?: boolean; sheets?: boolean } = {},
): Promise<number> {
  const kind = kindModule(job.kind)
  if (which.summary !== false) await writeSummary(writer, store, job, L, ctx)
  if (which.sheets === false) return 0
  return kind.writeReportSheets(writer, store, job, L, {
    thumbnails: ctx.thumbnails,
    zone: ctx.zone,
    asOf: ctx.asOf,
    fingerprint: ctx.rowsFingerprint,
    reviewCount: ctx.reviewCount,
    verdictCount: ctx.verdictCount,
  })
}

async function writeSummary(writer: ReportWriter, store: Store, job: JobRecord, L: ReportLabels, ctx: SheetsContext): Promise<void> {
  // a CSV holds the results sheet only: no summary, so none of the whole-job reads behind it
  if (writer.format === 'csv') return
  const kind = kindModule(job.kind)
  const shared = ctx.shared
  const figures = (shared.figures ??= jobFigures(store, job, ctx.verdictCount))
  const notes = kind.reportNotes?.(store, job, L) ?? []
  const resultRows = kind.recordsLinked ? figures.records : figures.counts.total
  const parts = sheetPartNames(L.sheets.results, resultRows, writer.maxRowsPerSheet)
  if (parts.length > 1) notes.push(L.notes.sheetSplit(L.sheets.results, parts.join(', ')))
  if (shared.review === undefined) {
    // Scored results have a review band, hence a review queue: counted by the results sheet's pass
    // when it saw every row, else asked of the store.
    const counted = ctx.reviewCount?.rows === figures.counts.total ? ctx.reviewCount : null
    const queue = !kind.scored ? null : (counted ?? reviewQueue(store, job, { asOf: ctx.asOf }))
    shared.review = queue ? { reviewed: queue.reviewed, total: queue.total } : null
  }
  const lines = jobSummaryLines(job, figures, L, {
    // as the app and `rekap jobs` show it: a running job whose process died is interrupted
    state: shownState(job.state, judgeLease(store.leases.get(job.id), LOOKER, { now: Date.now(), processAlive })),
    now: ctx.now,
    rekapVersion: ctx.rekapVersion,
    kindName: kind.words[L.lang].reportName,
    notes,
    scored: kind.scored,
    records: kind.recordsLinked,
    paid: PRICE_POINTS[kind.product] > 0,
    zone: ctx.zone,
    review: shared.review ?? undefined,
    audit: {
      storeId: (shared.storeId ??= store.meta.storeId()),
      storeFingerprint: (shared.fingerprint ??=
        (ctx.rowsFingerprint && store.meta.finishJobFingerprint(ctx.rowsFingerprint, figures.counts.total, { asOf: ctx.asOf })) ??
        store.meta.jobFingerprint(job.id, { asOf: ctx.asOf })),
      digest: ctx.audit?.digest ?? null,
      sheetDigests: ctx.audit ? formatSheetDigests(ctx.audit.sheets) : null,
      signature: ctx.audit?.signature ?? null,
    },
  })
  await writeSummarySheet(writer, L, lines, store.jobs.transitions(job.id), ctx.zone)
}

/** A copy of the job's own workbook with the result columns appended (see reports/annotated-copy). */
export async function writeAnnotatedCopy(
  store: Store,
  jobId: string,
  opts: Omit<Parameters<typeof annotate>[2], 'scored'>,
): ReturnType<typeof annotate> {
  const id = store.jobs.resolveId(jobId)
  const job = id ? store.jobs.get(id) : undefined
  return annotate(store, jobId, { ...opts, columns: job ? kindModule(job.kind).annotatedColumns : undefined })
}
