import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import PQueue from 'p-queue'
import { openTable, type CellValue, type ImportedRow } from '../importers'
import type { Store, NewRow } from '../store'
import type { JobKind } from '../../contract/job-kinds'
import type { JobSettings } from '../model/job-settings'
import { applyMapOverrides, autoMap, kindModule, missingFields } from '../kinds/registry'
import { plainInput } from '../kinds/checked-row'
import type { RowCheckContext } from '../kinds/kind'
import type { DirectoryOptions } from '../kinds/directory'
import { PreflightMemo } from '../images/preflight-memo'
import type { PlanProblem } from '../../contract/ipc'
import { coreText, type CoreText } from '../texts/core-text'
import { whereOf } from '../importers/import-error'
import { quotedHeaders } from '../importers/header-names'


import { PlanError } from './plan-error'
import { FirstRowIndex } from './first-row-index'
export { PlanError }

export interface PlannedTable {
  jobId: string
  rowsTotal: number
  rowsFailingLocally: number
  duplicates: number
  problems: PlanProblem[]
  /** photos read from outside the workbook's folder because the user allowed it (listed, never silent) */
  outsidePaths: PlanProblem[]
  /**
   * cells of the columns that will be read the importer doubts but can send (a NIK Excel may have
   * rounded, a cell cut at Excel's limit): the row is planned, the user is told before paying
   */
  cellWarnings: PlanProblem[]
}

const MAX_PROBLEMS_SHOWN = 500
const INSERT_CHUNK = 1000

/** sha256 of a file, streamed: the input's fingerprint in the auditor's summary. */
export async function fileSha256(file: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

/**
 * The job's workbook now, against what its plan read: retry-failed sends the rows as they were
 * read then (photo files are read again, cells are not), so a value corrected in the workbook is
 * only seen by a new plan. 'unknown': the job did not come from a file.
 */
export async function workbookSincePlan(job: { inputFile: string | null; inputFingerprint: string | null }): Promise<'same' | 'changed' | 'missing' | 'unknown'> {
  if (!job.inputFile || !job.inputFingerprint) return 'unknown'
  try {
    return (await fileSha256(job.inputFile)) === job.inputFingerprint ? 'same' : 'changed'
  } catch {
    return 'missing'
  }
}

export interface PlanRequestArgs {
  file: string
  kind: JobKind
  sheet?: string
  mapping?: Record<string, string>
  mapOverrides?: string[]
  settings: JobSettings
  /** directory jobs: filters for every row and the value lists to check filters against */
  directory?: DirectoryOptions
}

export interface ImportOptions {
  picturesDir: string
  now: () => number
  maxRows?: number
  preflights?: PreflightMemo
  /** rows checked and stored so far, after every stored chunk */
  onRows?: (rows: number) => void
  /** the job exists (its id can be resumed) before its rows are checked: the CLI says `job <id>` now */
  onJobCreated?: (jobId: string) => void
}

/** How a plan's rows get imported: in this thread (CLI, tests) or in a worker thread (the app). */
export type RowImporter = (store: Store, req: PlanRequestArgs, opts: ImportOptions) => Promise<PlannedTable>

/**
 * The columns a plan reads: the automatic mapping, then the user's, then --map overrides; refused
 * (PlanError) when a mapped column is not in the sheet or a field the kind needs has no column.
 */
function resolveMapping(req: PlanRequestArgs, table: { headers: string[]; sheet: string }): Record<string, string> {
  const auto = autoMap(req.kind, table.headers).mapping
  let mapping = { ...auto, ...(req.mapping ?? {}) }
  if (req.mapOverrides?.length) mapping = applyMapOverrides(mapping, req.mapOverrides, table.headers, req.kind)
  for (const [field, header] of Object.entries(mapping)) {
    if (!table.headers.includes(header)) {
      throw new PlanError(coreText('plan.columnMissing', { where: whereOf(req.file, table.sheet), header, field, headers: quotedHeaders(table.headers) }))
    }
  }
  const missing = missingFields(req.kind, mapping)
  if (missing.length) {
    throw new PlanError(
      coreText('plan.noColumnFor', { where: whereOf(req.file, table.sheet), fields: missing.join(', '), headers: quotedHeaders(table.headers), first: missing[0] }),
    )
  }
  return mapping
}

/** What a job's row check reads beside the row: where the workbook and the job's pictures are, and what is allowed. */
function rowCheckContext(req: PlanRequestArgs, sheet: string, mapping: Record<string, string>, jobId: string, opts: ImportOptions): RowCheckContext {
  return {
    file: req.file,
    sheet,
    mapping,
    workbookDir: dirname(req.file),
    picturesDir: join(opts.picturesDir, jobId),
    allowOutside: req.settings.allowOutsidePaths,
    outsidePaths: [],
    preflights: opts.preflights ?? new PreflightMemo(dirname(req.file), req.settings.allowOutsidePaths),
    directory: req.directory ?? {},
  }
}

/**
 * Imports a spreadsheet into a new job: every row checked locally (image pre-flight, code
 * shapes, duplicates), stored with its verdict. Nothing is sent to the service here.
 */
export async function importRowsIntoJob(store: Store, req: PlanRequestArgs, opts: ImportOptions): Promise<PlannedTable> {
  const table = await openTable(req.file, { sheet: req.sheet, maxRows: opts.maxRows })
  try {
    const mapping = resolveMapping(req, table)

    const job = store.jobs.create(
      {
        kind: req.kind,
        inputFile: req.file,
        inputName: basename(req.file),
        inputFingerprint: await fileSha256(req.file),
        sheet: table.sheet,
        headerRow: table.headerRow,
        headers: table.headers,
        mapping,
        settings: req.settings,
      },
      opts.now(),
    )
    opts.onJobCreated?.(job.id)

    const checkContext = rowCheckContext(req, table.sheet, mapping, job.id, opts)
    const checker = rowChecker(req.kind, checkContext)
    const problems: PlanProblem[] = []
    const cellWarnings: PlanProblem[] = []
    const mappedHeaders = new Set(Object.values(mapping))
    let rowsTotal = 0
    let failing = 0
    let duplicates = 0
    const firstRowOfKey = new FirstRowIndex()
    // Image pre-flight decodes pictures: run a few at a time, keep input order. Kinds without
    // photos check a row in memory: straight away (a queue entry per row was a third of the
    // garbage a 1,000,000-row plan made, and the heap it left grew the plan to ~450 MB).
    const queue = new PQueue({ concurrency: 4 })
    const queued = kindModule(req.kind).photos
    let batch: Array<Promise<NewRow>> = []
    const flush = async (): Promise<void> => {
      const rows = await Promise.all(batch)
      batch = []
      for (const r of rows) {
        if (r.localFailure) {
          failing++
          if (problems.length < MAX_PROBLEMS_SHOWN)
            problems.push(planProblem(r.sourceRow ?? r.rowNo, r.localFailure.column ?? null, r.localFailure))
        } else if (r.unitKey) {
          const first = firstRowOfKey.firstOrAdd(r.unitKey, r.rowNo)
          if (first !== undefined) {
            r.duplicateOf = first
            duplicates++
          }
        }
      }
      store.rows.insertMany(job.id, rows, opts.now())
      opts.onRows?.(rowsTotal)
    }
    for await (const row of table.rows()) {
      rowsTotal++
      const rowNo = rowsTotal
      addCellWarnings(row, mappedHeaders, cellWarnings)
      batch.push(queued ? (queue.add(() => checker(row, rowNo)) as Promise<NewRow>) : checker(row, rowNo))
      if (batch.length >= INSERT_CHUNK) await flush()
    }
    await flush()
    if (rowsTotal === 0) {
      store.jobs.delete(job.id)
      throw new PlanError(coreText('plan.noDataRows', { where: whereOf(req.file, table.sheet) }))
    }
    return {
      jobId: job.id,
      rowsTotal,
      rowsFailingLocally: failing,
      duplicates,
      problems,
      outsidePaths: checkContext.outsidePaths.sort((a, b) => a.row - b.row),
      cellWarnings,
    }
  } finally {
    await table.close()
  }
}

/**
 * retry-failed after the user fixed a file: rows that failed pre-flight are checked again with
 * the same rules, from the values stored at import, against today's value lists (`opts.directory`,
 * as the engine gives them to a plan). Returns each row's new verdict (a payload to send, or the
 * same kind of local failure, with today's reason).
 */
export async function recheckStoredRows(
  job: { id: string; kind: JobKind; mapping: Record<string, string>; inputFile: string | null; sheet: string | null; settings: JobSettings },
  rows: Array<{ rowNo: number; sourceRow: number | null; input: Record<string, unknown> }>,
  opts: { picturesDir: string; directory?: DirectoryOptions },
): Promise<NewRow[]> {
  const file = job.inputFile ?? ''
  const checker = rowChecker(job.kind, {
    file,
    sheet: job.sheet ?? '',
    mapping: job.mapping,
    workbookDir: dirname(file),
    picturesDir: join(opts.picturesDir, job.id),
    allowOutside: job.settings.allowOutsidePaths,
    outsidePaths: [],
    // a fresh memo: the photo the user just fixed must be read again, not remembered
    preflights: new PreflightMemo(dirname(file), job.settings.allowOutsidePaths),
    // today's value lists: a filter value the service did not know at planning may be known now
    directory: opts.directory ?? {},
  })
  const queue = new PQueue({ concurrency: 4 })
  return Promise.all(
    rows.map((r) =>
      queue.add(() =>
        checker({ sourceRow: r.sourceRow ?? r.rowNo, values: r.input as Record<string, CellValue>, pictures: {}, problems: [] }, r.rowNo),
      ) as Promise<NewRow>,
    ),
  )
}

/** A problem as the plan lists it; the importer's reason as a core text when it has one (said in the reader's language). */
function planProblem(row: number, column: string | null, p: { code: string; message: string; reason?: CoreText }): PlanProblem {
  return p.reason ? { row, column, code: p.code, message: p.message, reason: p.reason } : { row, column, code: p.code, message: p.message }
}

/** The cells of columns that will be read the importer doubts but sends (a NIK Excel may have rounded, a cell cut at Excel's limit). */
function addCellWarnings(row: ImportedRow, mappedHeaders: ReadonlySet<string>, into: PlanProblem[]): void {
  for (const p of row.problems) {
    if (p.severity === 'warning' && mappedHeaders.has(p.column) && into.length < MAX_PROBLEMS_SHOWN) into.push(planProblem(p.row ?? row.sourceRow, p.column, p))
  }
}

type RowChecker = (row: ImportedRow, rowNo: number) => Promise<NewRow>

/** The kind's row check, after the importer's own verdict on the cells that will be sent. */
function rowChecker(kind: JobKind, ctx: RowCheckContext): RowChecker {
  const check = kindModule(kind).checkRow
  const mappedHeaders = new Set(Object.values(ctx.mapping))
  return async (row, rowNo) => {
    // A cell the importer could not read faithfully (a code that lost digits in Excel) in a column
    // that will be sent: fail the row here, for free, with the importer's own message.
    const blocking = row.problems.find((p) => p.severity === 'error' && mappedHeaders.has(p.column))
    if (blocking) {
      return {
        rowNo,
        sourceRow: row.sourceRow,
        input: plainInput(row.values),
        localFailure: { code: blocking.code, column: blocking.column, message: blocking.message, ...(blocking.reason ? { reason: blocking.reason } : {}) },
      }
    }
    return check(row, rowNo, ctx)
  }
}
