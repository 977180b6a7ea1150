import type { JobKind } from '../../contract/job-kinds'
import type { KindView, PlanEstimateView, PlanProblem, VerdictView } from '../../contract/ipc'
import type { ReuseSummary } from './face-match/pair-reuse'
import type { PreflightMemo } from '../images/preflight-memo'
import type { FieldSpec, ImportedRow } from '../importers'
import type { JobSettings } from '../model/job-settings'
import type { Product } from '../model/products'
import type { ReportLabels } from '../reports/labels'
import type { ReportWriter } from '../reports/report-output'
import type { AnnotatedColumn } from '../reports/annotated-columns'
import type { ReportZone } from '../reports/time-zone'
import type { JobFingerprint, JobRecord, NewRow, Store } from '../store'
import type { Unit } from './unit'
import type { ReviewCount } from '../review/review-queue'
import type { VerdictCount } from '../reports/job-figures'
import type { DirectoryOptions, DirectoryPaging, DirectoryQueryPlan } from './directory'
import { fieldWordsOf, type ExampleTemplate, type KindWordsByLang } from './kind-words'

/** What a kind's row check knows besides the row: where the sheet is, how columns map to fields. */
export interface RowCheckContext {
  file: string
  sheet: string
  mapping: Record<string, string>
  workbookDir: string
  /** pictures pasted into cells are written here (per job) */
  picturesDir: string
  allowOutside: boolean
  /** filled while checking: allowed photo paths outside the workbook's folder */
  outsidePaths: PlanProblem[]
  /** photo references and pre-flights already seen in this plan */
  preflights: PreflightMemo
  /** directory kinds: options for every row (name, services, accreditation, value lists) */
  directory: DirectoryOptions
}

export interface ReportContext {
  /** two small photos per row (kinds with photos) */
  thumbnails: boolean
  /** the zone of the time columns */
  zone: ReportZone
  /** review decisions taken up to this time */
  asOf: number
  /** fed by the results sheet's pass over the job's rows (iterateReportRows), so the export reads them once */
  fingerprint?: JobFingerprint
  /** scored kinds: the review queue's "n of m", counted in the same pass */
  reviewCount?: ReviewCount
  /** rows per verdict for the summary, counted in the same pass (sheets that work out each row's verdict) */
  verdictCount?: VerdictCount
}

/**
 * Everything one job kind does, in one module (src-main/core/kinds/<kind>). The planner, the runner,
 * the engine, the reports, the CLI and the renderer (through `view`) read this instead of switching
 * on the kind's name.
 */
export interface JobKindModule {
  kind: JobKind
  /** its names in both languages, and words for fields the shared table lacks (its words.ts) */
  words: KindWordsByLang
  /** its template in examples/templates (scripts/make-examples.ts writes it) */
  example: ExampleTemplate
  /** the product it spends: plan, price, rate limit, quota */
  product: Product
  /** the columns it reads, with their header guesses */
  fields: readonly FieldSpec[]
  /** kinds are guessed from a sheet's headers in this order (lower first); null: never guessed */
  guessRank: number | null
  /**
   * Whether a sheet's columns are this kind's, given its guessed mapping (default: every required
   * field found, and at least one field); `mappingOf` gives another kind's mapping of the same headers.
   */
  fitsColumns?(mapping: Record<string, string>, mappingOf: (kind: JobKind) => Record<string, string>): boolean
  /** one imported row -> a row ready to send (payload, unitKey for duplicates) or a local failure */
  checkRow(row: ImportedRow, rowNo: number, ctx: RowCheckContext): Promise<NewRow>
  /** how a planned row becomes requests, and how its result is stored and cached */
  unit: Unit
  /** directory kinds: their paging (the plan counts the pages a row will cost) */
  paging?: DirectoryPaging
  /** directory kinds the Directory screen syncs: how its query becomes rows */
  fromQuery?: DirectoryQueryPlan
  /** planned rows a fresh cached record will answer (no hit): counted in the plan's estimate */
  rowsAnsweredFromCache?(store: Store, jobId: string, source: string, freshAfter: number): number
  /** the calls a planned job will make when rows do not say it (a region tree's size) */
  plannedCalls?(store: Store, jobId: string): { calls: number; basis: PlanEstimateView['basis'] }
  /** answers planned rows from earlier jobs' results, for free, before anything is counted */
  reuseEarlierResults?(store: Store, jobId: string, settings: JobSettings, now: number): ReuseSummary
  /** its filter values are checked against the service's value lists at planning */
  checksValueLists?: boolean
  /** results may be reused from an earlier job (the row view names it) */
  reusable: boolean
  /** per-request timeout */
  requestTimeoutMs(settings: JobSettings): number
  /** rows sent at once when the user does not say (the CLI's --concurrency default) */
  defaultConcurrency: number
  /** results carry a confidence score, so the review band applies */
  scored: boolean
  /** a row fetches many directory records, linked to the job (counted in the summary) */
  recordsLinked: boolean
  /** rows carry photos (thumbnails, the review screen) */
  photos: boolean
  /** the verdicts a user can filter the rows by (core/verdict.ts; a scored kind offers `review`) */
  verdictFilters: readonly VerdictView[]
  /** report: the sheets after the summary (results, errors, pivots); returns the results' row count */
  writeReportSheets(writer: ReportWriter, store: Store, job: JobRecord, L: ReportLabels, ctx: ReportContext): Promise<number>
  /** the columns the annotated copy appends to the user's sheet (default: verdict, reason, charge columns) */
  annotatedColumns?(L: ReportLabels, band: [number, number] | null): AnnotatedColumn[]
  /** report: notes for the summary sheet (asked before any record is read) */
  reportNotes?(store: Store, job: JobRecord, L: ReportLabels): string[]
}

/** What the renderer needs of a kind (sent in app.info), so it never switches on the name. */
export function kindView(m: JobKindModule): KindView {
  const fields = m.fields.map((f) => f.field)
  const wordsIn = (lang: 'id' | 'en') => ({
    name: m.words[lang].name,
    // a field without a word shows its name (tests/unit/kind-registry-complete.test.ts keeps there being none)
    fields: Object.fromEntries(Object.entries(fieldWordsOf(m.words, lang, fields)).map(([f, w]) => [f, w ?? f])),
  })
  return { kind: m.kind, photos: m.photos, scored: m.scored, verdictFilters: [...m.verdictFilters], words: { id: wordsIn('id'), en: wordsIn('en') } }
}
