import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import PQueue from 'p-queue'
import {
  openTable,
  autoMap,
  applyMapOverrides,
  missingFields,
  describeLocation,
  type CellValue,
  type ImportedRow,
} from '../importers'
import { PreflightMemo } from './preflight-memo'
import type { Store, NewRow } from '../store'
import type { JobKind } from '../../contract/job-kinds'
import type { JobSettings } from '../model/job-settings'
import {
  cellText,
  checkHospitalCode,
  checkNpsn,
  checkProvinceCode,
  checkRegencyCode,
  checkSchoolStatus,
  optionalText,
  type Checked,
} from './row-checks'
import type { PlanProblem } from '../../contract/ipc'
import { HOSPITAL_FILTER_FIELDS, checkFilterValue, type HospitalValueLists } from './filter-values'

/** Everything the engine needs to send one face pair, decided at planning time. */
export interface FaceImageRef {
  path: string
  sha256: string
  /** too large or wrong-but-convertible type: a compliant JPEG copy is sent instead */
  convert: boolean
}
export interface FacePayload {
  image1: FaceImageRef
  image2: FaceImageRef
}
export type LookupPayload = { code: string }
/**
 * A directory query: `filters` go to the service; `clientFilters` are applied by rekap to the
 * records it gets (the spec has no server filter for services).
 */
export type DirectoryPayload = { filters: Record<string, string>; clientFilters?: { services?: string } }

/** Options of a directory job that apply to every row (CLI --name, --services; value lists to check filters against). */
export interface DirectoryOptions {
  valueLists?: HospitalValueLists
  /** hospitals: name filter (sent to the service) */
  name?: string
  /** hospitals: services words (applied by rekap) */
  services?: string
  /** schools: accreditation filter (premium; sent as `accreditation`) */
  accreditation?: string
}

/** The row's key: same query and same client filters = the same unit (de-duplicated). */
export function directoryUnitKey(filters: Record<string, string>, clientFilters?: DirectoryPayload['clientFilters']): string {
  const all: Record<string, string> = { ...filters }
  if (clientFilters?.services) all['~services'] = clientFilters.services
  return JSON.stringify(Object.fromEntries(Object.entries(all).sort()))
}

export class PlanError extends Error {
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message)
  }
}

export interface PlannedTable {
  jobId: string
  rowsTotal: number
  rowsFailingLocally: number
  duplicates: number
  problems: PlanProblem[]
  /** photos read from outside the workbook's folder because the user allowed it (listed, never silent) */
  outsidePaths: PlanProblem[]
}

const MAX_PROBLEMS_SHOWN = 500
const INSERT_CHUNK = 1000

/** sha256 of a file, streamed: the input's fingerprint in the auditor's summary. */
export async function fileSha256(file: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer)
  return hash.digest('hex')
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
}

/** How a plan's rows get imported: in this thread (CLI, tests) or in a worker thread (the app). */
export type RowImporter = (store: Store, req: PlanRequestArgs, opts: ImportOptions) => Promise<PlannedTable>

/**
 * Imports a spreadsheet into a new job: every row checked locally (image pre-flight, code
 * shapes, duplicates), stored with its verdict. Nothing is sent to the service here.
 */
export async function importRowsIntoJob(store: Store, req: PlanRequestArgs, opts: ImportOptions): Promise<PlannedTable> {
  const table = await openTable(req.file, { sheet: req.sheet, maxRows: opts.maxRows })
  try {
    const auto = autoMap(req.kind, table.headers).mapping
    let mapping = { ...auto, ...(req.mapping ?? {}) }
    if (req.mapOverrides?.length) mapping = applyMapOverrides(mapping, req.mapOverrides, table.headers, req.kind)
    for (const [field, header] of Object.entries(mapping)) {
      if (!table.headers.includes(header)) {
        throw new PlanError(`${describeLocation(req.file, table.sheet)}: column "${header}" (for ${field}) is not in the header row; columns are ${table.headers.map((h) => `"${h}"`).join(', ')}`)
      }
    }
    const missing = missingFields(req.kind, mapping)
    if (missing.length) {
      throw new PlanError(
        `${describeLocation(req.file, table.sheet)}: no column found for ${missing.join(', ')}. ` +
          `Columns are ${table.headers.map((h) => `"${h}"`).join(', ')}; map one with --map ${missing[0]}="Header".`,
      )
    }

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

    const checkContext: CheckContext = {
      file: req.file,
      sheet: table.sheet,
      workbookDir: dirname(req.file),
      picturesDir: join(opts.picturesDir, job.id),
      allowOutside: req.settings.allowOutsidePaths,
      outsidePaths: [],
      preflights: opts.preflights ?? new PreflightMemo(dirname(req.file), req.settings.allowOutsidePaths),
      directory: req.directory ?? {},
    }
    const checker = rowChecker(req.kind, mapping, checkContext)
    const problems: PlanProblem[] = []
    let rowsTotal = 0
    let failing = 0
    let duplicates = 0
    const firstRowOfKey = new Map<string, number>()
    // Image pre-flight decodes pictures: run a few at a time, keep input order.
    const queue = new PQueue({ concurrency: 4 })
    let batch: Array<Promise<NewRow>> = []
    const flush = async (): Promise<void> => {
      const rows = await Promise.all(batch)
      batch = []
      for (const r of rows) {
        if (r.localFailure) {
          failing++
          if (problems.length < MAX_PROBLEMS_SHOWN)
            problems.push({ row: r.sourceRow ?? r.rowNo, column: r.localFailure.column ?? null, code: r.localFailure.code, message: r.localFailure.message })
        } else if (r.unitKey) {
          const first = firstRowOfKey.get(r.unitKey)
          if (first !== undefined) {
            r.duplicateOf = first
            duplicates++
          } else firstRowOfKey.set(r.unitKey, r.rowNo)
        }
      }
      store.rows.insertMany(job.id, rows, opts.now())
      opts.onRows?.(rowsTotal)
    }
    for await (const row of table.rows()) {
      rowsTotal++
      const rowNo = rowsTotal
      batch.push(queue.add(() => checker(row, rowNo)) as Promise<NewRow>)
      if (batch.length >= INSERT_CHUNK) await flush()
    }
    await flush()
    if (rowsTotal === 0) {
      store.jobs.delete(job.id)
      throw new PlanError(`${describeLocation(req.file, table.sheet)}: the sheet has a header row but no data rows; nothing to do.`)
    }
    return { jobId: job.id, rowsTotal, rowsFailingLocally: failing, duplicates, problems, outsidePaths: checkContext.outsidePaths.sort((a, b) => a.row - b.row) }
  } finally {
    await table.close()
  }
}

/**
 * retry-failed after the user fixed a file: rows that failed pre-flight are checked again with
 * the same rules, from the values stored at import. Returns each row's new verdict (a payload to
 * send, or the same kind of local failure, with today's reason).
 */
export async function recheckStoredRows(
  job: { id: string; kind: JobKind; mapping: Record<string, string>; inputFile: string | null; sheet: string | null; settings: JobSettings },
  rows: Array<{ rowNo: number; sourceRow: number | null; input: Record<string, unknown> }>,
  opts: { picturesDir: string },
): Promise<NewRow[]> {
  const file = job.inputFile ?? ''
  const checker = rowChecker(job.kind, job.mapping, {
    file,
    sheet: job.sheet ?? '',
    workbookDir: dirname(file),
    picturesDir: join(opts.picturesDir, job.id),
    allowOutside: job.settings.allowOutsidePaths,
    outsidePaths: [],
    // a fresh memo: the photo the user just fixed must be read again, not remembered
    preflights: new PreflightMemo(dirname(file), job.settings.allowOutsidePaths),
    // filters of a re-checked row are as stored; the value lists were checked at import
    directory: {},
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

interface CheckContext {
  file: string
  sheet: string
  workbookDir: string
  picturesDir: string
  allowOutside: boolean
  /** filled while checking: allowed photo paths outside the workbook's folder */
  outsidePaths: PlanProblem[]
  preflights: PreflightMemo
  directory: DirectoryOptions
}

type RowChecker = (row: ImportedRow, rowNo: number) => Promise<NewRow>

function plainInput(values: Record<string, CellValue>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(values)) out[k] = v instanceof Date ? v.toISOString() : v
  return out
}

function rowChecker(kind: JobKind, mapping: Record<string, string>, ctx: CheckContext): RowChecker {
  const check = kindChecker(kind, mapping, ctx)
  const mappedHeaders = new Set(Object.values(mapping))
  return async (row, rowNo) => {
    // A cell the importer could not read faithfully (a code that lost digits in Excel) in a column
    // that will be sent: fail the row here, for free, with the importer's own message.
    const blocking = row.problems.find((p) => p.severity === 'error' && mappedHeaders.has(p.column))
    if (blocking) {
      return {
        rowNo,
        sourceRow: row.sourceRow,
        input: plainInput(row.values),
        localFailure: { code: blocking.code, column: blocking.column, message: blocking.message },
      }
    }
    return check(row, rowNo)
  }
}

function kindChecker(kind: JobKind, mapping: Record<string, string>, ctx: CheckContext): RowChecker {
  const where = (row: ImportedRow, column: string): string => describeLocation(ctx.file, ctx.sheet, row.sourceRow, column)
  const fail = (row: ImportedRow, rowNo: number, column: string | null, code: string, reason: string): NewRow => ({
    rowNo,
    sourceRow: row.sourceRow,
    input: plainInput(row.values),
    localFailure: { code, column, message: column ? `${where(row, column)}: ${reason}` : reason },
  })
  const checkedOrFail = <T>(row: ImportedRow, rowNo: number, field: string, check: (v: CellValue | undefined) => Checked<T>) => {
    const header = mapping[field]
    const r = check(header ? row.values[header] : undefined)
    return r.ok ? { value: r.value, failure: null } : { value: undefined, failure: fail(row, rowNo, header ?? null, 'invalid-code', r.reason) }
  }

  switch (kind) {
    case 'face-match':
      return async (row, rowNo) => {
        const images: Partial<FacePayload> = {}
        for (const field of ['image1', 'image2'] as const) {
          const header = mapping[field]
          const resolved = await resolveFaceImage(row, header, field, rowNo, ctx)
          if ('failure' in resolved) return fail(row, rowNo, header, resolved.code, resolved.failure)
          images[field] = resolved.ref
        }
        const payload = images as FacePayload
        return {
          rowNo,
          sourceRow: row.sourceRow,
          input: plainInput(row.values),
          payload,
          unitKey: `${payload.image1.sha256}:${payload.image2.sha256}`,
        }
      }
    case 'hospital-lookup':
    case 'school-lookup':
      return async (row, rowNo) => {
        const field = kind === 'hospital-lookup' ? 'code' : 'npsn'
        const c = checkedOrFail(row, rowNo, field, kind === 'hospital-lookup' ? checkHospitalCode : checkNpsn)
        if (c.failure) return c.failure
        return { rowNo, sourceRow: row.sourceRow, input: plainInput(row.values), payload: { code: c.value }, unitKey: c.value }
      }
    case 'school-directory':
      return async (row, rowNo) => {
        const reg = checkedOrFail(row, rowNo, 'regency_code', checkRegencyCode)
        if (reg.failure) return reg.failure
        const status = checkedOrFail(row, rowNo, 'status', checkSchoolStatus)
        if (status.failure) return status.failure
        const filters: Record<string, string> = { regency_code: reg.value! }
        const grade = optionalText(mapping.grade ? row.values[mapping.grade] : undefined)
        if (grade) filters.grade = grade.toUpperCase()
        if (status.value) filters.status = status.value
        const accreditation = optionalText(mapping.accreditation ? row.values[mapping.accreditation] : undefined) ?? ctx.directory.accreditation
        if (accreditation) filters.accreditation = accreditation.toUpperCase()
        return directoryRow(row, rowNo, filters)
      }
    case 'hospital-directory':
      return async (row, rowNo) => {
        const filters: Record<string, string> = {}
        for (const [field, check] of [
          ['province_code', checkProvinceCode],
          ['regency_code', checkRegencyCode],
        ] as const) {
          if (!mapping[field] || !cellText(row.values[mapping[field]])) continue
          const c = checkedOrFail(row, rowNo, field, check)
          if (c.failure) return c.failure
          filters[field] = c.value!
        }
        for (const field of HOSPITAL_FILTER_FIELDS) {
          const v = optionalText(mapping[field] ? row.values[mapping[field]] : undefined)
          if (!v) continue
          const lists = ctx.directory.valueLists
          if (lists) {
            const c = checkFilterValue(field, v, lists)
            if (!c.ok) return fail(row, rowNo, mapping[field], 'invalid-filter', c.reason)
            filters[field] = c.value
          } else filters[field] = v
        }
        const name = optionalText(mapping.name ? row.values[mapping.name] : undefined) ?? ctx.directory.name
        if (name) filters.name = name
        const services = optionalText(mapping.services ? row.values[mapping.services] : undefined) ?? ctx.directory.services
        return directoryRow(row, rowNo, filters, services ? { services } : undefined)
      }
    case 'regions':
      return async (row, rowNo) => {
        const filters: Record<string, string> = {}
        if (mapping.province_code && cellText(row.values[mapping.province_code])) {
          const c = checkedOrFail(row, rowNo, 'province_code', checkProvinceCode)
          if (c.failure) return c.failure
          filters.province_code = c.value!
        }
        return directoryRow(row, rowNo, filters)
      }
  }
}

function directoryRow(row: ImportedRow, rowNo: number, filters: Record<string, string>, clientFilters?: DirectoryPayload['clientFilters']): NewRow {
  const payload: DirectoryPayload = clientFilters ? { filters, clientFilters } : { filters }
  return { rowNo, sourceRow: row.sourceRow, input: plainInput(row.values), payload, unitKey: directoryUnitKey(filters, clientFilters) }
}

async function resolveFaceImage(
  row: ImportedRow,
  header: string,
  field: 'image1' | 'image2',
  rowNo: number,
  ctx: CheckContext,
): Promise<{ ref: FaceImageRef } | { failure: string; code: string }> {
  let path: string
  const picture = row.pictures[header]
  if (picture) {
    // A picture pasted into the cell: kept beside the store so a resumed job can still send it.
    await mkdir(ctx.picturesDir, { recursive: true })
    path = join(ctx.picturesDir, `${rowNo}-${field}.${picture.extension}`)
    await writeFile(path, picture.data)
  } else {
    const ref = await ctx.preflights.resolve(row.values[header] ?? null)
    if (!ref.ok) return { failure: ref.reason, code: ref.code }
    path = ref.path
    if (ref.outside && ctx.outsidePaths.length < MAX_PROBLEMS_SHOWN) {
      ctx.outsidePaths.push({
        row: row.sourceRow,
        column: header,
        code: 'image-ref-outside-allowed',
        message: `${describeLocation(ctx.file, ctx.sheet, row.sourceRow, header)}: reads ${path}, outside the workbook's folder (allowed)`,
      })
    }
  }
  const pre = await ctx.preflights.check(path)
  // Only an oversize photo is fixed silently (a downscaled JPEG copy is sent; the original is
  // untouched). A wrong file type is reported: the operator should know the file is not a photo.
  const onlyTooLarge = pre.problems.length > 0 && pre.problems.every((p) => p.code === 'too-large') && pre.fixable
  if (!pre.ok && !onlyTooLarge) {
    // Prefixed so a missing photo ('image-not-found') is never mistaken for a record the service did not find.
    return { failure: pre.problems.map((p) => p.message).join('; '), code: `image-${pre.problems[0]?.code ?? 'undecodable'}` }
  }
  return { ref: { path, sha256: pre.sha256!, convert: onlyTooLarge } }
}
