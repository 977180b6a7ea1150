import type ExcelJS from 'exceljs'
import { assertWritableOutput } from '../paths/output-path'
import { excel } from '../exceljs-lazy'
import { existsSync, renameSync, rmSync } from 'node:fs'
import { extname, resolve } from 'node:path'
import type { Store } from '../store'
import { labelsFor, type ReportLang } from './labels'
import { cellFor, numberFormatOf, type ColumnKind } from './column-cells'
import { openReportReader } from '../store/report-reader'
import { iterateReportRows } from '../store/report-rows'
import { ReportError } from './report-result'
import { diskFullAt } from '../paths/disk-full'
import { plainAnnotatedColumns, type AnnotatedColumn } from './annotated-columns'
import type { ReportLabels } from './labels'
import { coreText } from '../texts/core-text'
import { checkWholeWorkbook } from '../importers/whole-workbook-check'
import { keepValuesOnly } from './values-only'
import type { ImportError } from '../importers/import-error'
import { asImportError } from '../importers/reader-refusal'

/**
 * The copy is built with exceljs's in-memory reader/writer (the streaming reader cannot write
 * back the user's styles and other sheets), so it holds the whole workbook in memory: capped.
 */
export const MAX_ANNOTATED_ROWS = 50_000

/**
 * A copy of the user's own workbook with the result columns appended to the job's sheet, right
 * of its last used column, at the job's header row and each row's own row number. Other sheets,
 * styles and widths come along as exceljs round-trips them (charts and pivot tables do not:
 * exceljs drops them; the original file is never touched).
 */
export async function writeAnnotatedCopy(
  store: Store,
  jobId: string,
  /** columns: the kind's (JobKindModule.annotatedColumns; default verdict, reason, charge columns) */
  opts: { out: string; lang?: ReportLang; columns?: (L: ReportLabels, band: [number, number] | null) => AnnotatedColumn[] },
): Promise<{ out: string; rows: number; sheet: string; firstColumn: number }> {
  const id = store.jobs.resolveId(jobId)
  const job = id ? store.jobs.get(id) : undefined
  if (!job) throw new ReportError(coreText('report.noJob', { job: jobId, file: store.file }))
  const input = job.inputFile
  if (!input || extname(input).toLowerCase() !== '.xlsx') {
    throw new ReportError(coreText('report.annotatedNeedsXlsx', { job: job.id, input: input ?? null }))
  }
  // before the workbook is read: a missing folder is said at once, in the user's language
  assertWritableOutput(opts.out)
  if (!existsSync(input)) throw new ReportError(coreText('report.inputGone', { input }))
  if (resolve(opts.out) === resolve(input)) throw new ReportError(coreText('report.wouldOverwrite', {}))
  const total = store.rows.counts(job.id).total
  if (total > MAX_ANNOTATED_ROWS) {
    throw new ReportError(coreText('report.annotatedLimit', { max: MAX_ANNOTATED_ROWS, job: job.id, total }))
  }

  const L = labelsFor(opts.lang)
  // exceljs unpacks every part whole before checking its size: the zip guard goes first
  const refuse = (err: ImportError): never => {
    throw new ReportError(coreText('report.inputRefused', { reason: err.text ?? err.message }))
  }
  await checkWholeWorkbook(input).catch(refuse)
  const wb = new (excel()).Workbook()
  // exceljs's own complaints about damaged XML ("unmatched closing tag", a TypeError inside it) are a refusal naming the file
  await wb.xlsx.readFile(input).catch((err: Error) => refuse(asImportError(input, err)))
  // written here, the copy has no Protected View: no formula or link of the input may come along
  keepValuesOnly(wb)
  const ws = job.sheet ? wb.getWorksheet(job.sheet) : wb.worksheets[0]
  if (!ws) throw new ReportError(coreText('report.sheetGone', { sheet: job.sheet ?? '', input }))
  const headerRow = job.headerRow ?? 1
  const firstColumn = ws.columnCount + 1
  const band = job.settings.reviewBand ?? null
  const cols = (opts.columns ?? plainAnnotatedColumns)(L, band)
  cols.forEach((c, i) => {
    const cell = ws.getRow(headerRow).getCell(firstColumn + i)
    cell.value = cellFor(c.header, 'text')
    cell.font = { bold: true }
    ws.getColumn(firstColumn + i).width = c.width
  })

  const reader = openReportReader(store)
  let rows = 0
  try {
    for (const row of iterateReportRows(reader, job.id)) {
      if (!row.sourceRow) continue
      const values = cols.map((c) => c.value(row))
      const target = ws.getRow(row.sourceRow)
      cols.forEach((c, i) => {
        const v = cellFor(values[i], c.kind)
        if (v === null) return
        const cell = target.getCell(firstColumn + i)
        cell.value = v
        const fmt = numberFormatOf(c.kind, L.lang)
        if (fmt) cell.numFmt = fmt
      })
      rows++
    }
  } finally {
    reader.close()
  }
  const partial = opts.out + '.partial'
  try {
    await wb.xlsx.writeFile(partial)
    renameSync(partial, opts.out)
  } catch (err) {
    rmSync(partial, { force: true })
    throw diskFullAt(err, opts.out)
  }
  return { out: opts.out, rows, sheet: ws.name, firstColumn }
}
