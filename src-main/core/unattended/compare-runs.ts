import { coreText, TextError, textOfError } from '../texts/core-text'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { excel } from '../exceljs-lazy'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Store } from '../store'
import { writeJobReport } from '../export/job-report'
import { labelsFor, type ReportLabels, type ReportLang } from '../reports/labels'
import { checkWholeWorkbook } from '../importers/whole-workbook-check'
import { asImportError } from '../importers/reader-refusal'

/** One changed cell of a row both runs have. */
export interface CellChange {
  key: string
  column: string
  a: string
  b: string
}

export interface Comparison {
  /** job ids, or report files */
  jobA: string
  jobB: string
  kind: string | null
  /** the columns that identify a row (its key), as the results sheet names them */
  keyColumns: string[]
  columns: string[]
  added: string[][]
  removed: string[][]
  changed: CellChange[]
  unchanged: number
}

/** A comparison that cannot be made; its words in both languages (core/texts). */
export class CompareError extends TextError {}

interface ResultsTable {
  headers: string[]
  rows: string[][]
}

/**
 * The job's results as its report states them: its xlsx report (unsigned: a copy to read), read
 * back as a report file is, so a job and a report file of it compare the same way (a CSV differs
 * from the xlsx: codes carry an invisible guard, dates are texts, scores keep 17 digits).
 */
async function resultsOf(store: Store, jobId: string, lang: ReportLang, dir: string): Promise<ResultsTable> {
  const out = join(dir, `${jobId}.xlsx`)
  await writeJobReport(store, jobId, { out, format: 'xlsx', lang, signer: null })
  return resultsOfFile(out)
}

/** A report file's results sheet(s) ("Hasil", "Hasil (2)", ... or "Results"), read back as text. */
async function resultsOfFile(file: string): Promise<ResultsTable> {
  // exceljs unpacks every part whole before checking its size: the zip guard goes first (issue 24 item 7)
  // the refusal's own text (its words in the user's language), not its English message
  await checkWholeWorkbook(file).catch((err: Error) => {
    throw new CompareError(textOfError(err) ?? err.message)
  })
  const book = new (excel().Workbook)()
  await book.xlsx.readFile(file).catch((err: Error) => {
    const refusal = asImportError(file, err)
    throw new CompareError(textOfError(refusal) ?? refusal.message)
  })
  const names = [labelsFor('id').sheets.results, labelsFor('en').sheets.results]
  const sheets = book.worksheets.filter((w) => names.some((n) => w.name === n || w.name.startsWith(`${n} (`)))
  if (!sheets.length) throw new CompareError(coreText('compare.noResultsSheet', { file, sheets: names.join(' / ') }))
  let headers: string[] = []
  const rows: string[][] = []
  for (const ws of sheets) {
    ws.eachRow((row, n) => {
      const values = (row.values as unknown[]).slice(1).map(cellText)
      if (n === 1) headers = values
      else rows.push(values)
    })
  }
  return { headers, rows }
}

function cellText(v: unknown): string {
  if (v === null || v === undefined) return ''
  // a date cell holds the wall-clock time of the report's zone (named in its header): shown as the report shows it, not as UTC
  if (v instanceof Date) return v.toISOString().slice(0, 19).replace('T', ' ')
  if (typeof v === 'object' && v && 'richText' in v) return (v as { richText: Array<{ text: string }> }).richText.map((t) => t.text).join('')
  if (typeof v === 'object' && v && 'text' in v) return String((v as { text: unknown }).text)
  if (typeof v === 'object' && v && 'result' in v) return String((v as { result: unknown }).result ?? '')
  return String(v)
}

/**
 * Columns that identify a row, by what the results sheet holds: the columns the user named, else a
 * directory record's code (the service's column: the last one of that name), else the job's mapped
 * input columns (NIK and both photos; a hospital code; an NPSN; a province code), else NIK.
 */
function keyColumns(headers: string[], mapped: string[], L: ReportLabels, named: string[] = []): number[] {
  if (named.length) {
    const missing = named.filter((h) => !headers.includes(h))
    if (missing.length) throw new CompareError(coreText('compare.noColumn', { columns: missing.map((h) => `"${h}"`).join(', '), headers: headers.join(', ') }))
    return named.map((h) => headers.lastIndexOf(h))
  }
  for (const code of [L.hospital.code, L.school.npsn, L.region.code]) {
    const at = headers.lastIndexOf(code)
    if (at >= 0 && !mapped.includes(code)) return [at]
  }
  const inputs = mapped.map((h) => headers.indexOf(h)).filter((i) => i >= 0)
  if (inputs.length) return inputs
  if (headers.includes('NIK')) return [headers.indexOf('NIK')]
  throw new CompareError(coreText('compare.noKeyColumn', { headers: headers.join(', ') }))
}

/** The labels of the language a report's headers are in. */
function guessLabels(headers: string[]): ReportLabels {
  const en = labelsFor('en')
  return headers.includes(en.hospital.code) || headers.includes(en.lookup.result) || headers.includes(en.face.result) ? en : labelsFor('id')
}

/** Columns that differ between any two runs (when, which row number, what it cost): not a change of data. */
function volatile(L: ReportLabels): (header: string) => boolean {
  const prefixes = [L.face.time, L.lookup.time, L.face.rowId, L.lookup.rowId, L.face.charged, L.face.cost, L.review.decidedAt, L.review.attempts, L.review.rateLimited]
  return (h) => prefixes.some((p) => h === p || h.startsWith(`${p} (`))
}

/**
 * Each row with its key: the key columns' values, and for a key that repeats (a duplicate row of
 * the same sheet, the same customer twice) which of them it is ("… #2"), so the n-th row of a key
 * in one run is matched with the n-th in the other and every row is counted once.
 */
function rowsByKey(rows: string[][], idx: number[]): Array<[string, string[]]> {
  const seen = new Map<string, number>()
  return rows.map((row) => {
    const key = idx.map((i) => row[i] ?? '').join(' | ')
    const n = (seen.get(key) ?? 0) + 1
    seen.set(key, n)
    return [n > 1 ? `${key} #${n}` : key, row]
  })
}

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * A note that only says where a row's result came from (an earlier job's verified pair, a duplicate
 * row of the same sheet): how it was paid, not what it is. A re-run of the same sheet takes most
 * pairs from the first run, so without this every such row would count as changed.
 */
function provenance(L: ReportLabels): (note: string) => boolean {
  const JOB = 'J0B-HOLE'
  const ROW = 919 // under 1000: no digit grouping in either language
  const shape = (text: string): RegExp => new RegExp(`^${escapeRe(text).replace(JOB, '\\S+').replace(String(ROW), '\\d+')}$`)
  const shapes = [shape(L.notes.reused(JOB, ROW)), shape(L.notes.duplicate(ROW))]
  return (note) => shapes.some((re) => re.test(note))
}

/**
 * Two runs of the same kind, row by row, matched by the kind's key: rows added, removed and
 * changed (each changed column with both values). Reads both jobs' results exactly as their
 * reports state them, so the comparison says what an auditor sees in the two reports.
 */
export async function compareJobs(store: Store | null, idA: string, idB: string, lang: ReportLang = 'id', named: string[] = []): Promise<Comparison> {
  const isFile = (x: string): boolean => /\.xlsx$/i.test(x) && existsSync(x)
  const jobOf = (x: string) => {
    if (isFile(x)) return null
    const job = store?.jobs.get(store.jobs.resolveId(x) ?? x)
    if (!job) throw new CompareError(coreText('compare.noJob', { id: x }))
    return job
  }
  const a = jobOf(idA)
  const b = jobOf(idB)
  if (a && b && a.kind !== b.kind) throw new CompareError(coreText('compare.kindsDiffer', { a: a.id, kindA: a.kind, b: b.id, kindB: b.kind }))
  const L = labelsFor(lang)
  const dir = mkdtempSync(join(tmpdir(), 'rekap-compare-'))
  try {
    const ta = a ? await resultsOf(store!, a.id, lang, dir) : await resultsOfFile(idA)
    const tb = b ? await resultsOf(store!, b.id, lang, dir) : await resultsOfFile(idB)
    const mapped = [...new Set([...Object.values(a?.mapping ?? {}), ...Object.values(b?.mapping ?? {})])]
    // a report file is in the language it was written in: its key labels are looked up in both
    const La = a ? L : guessLabels(ta.headers)
    const Lb = b ? L : guessLabels(tb.headers)
    const keyA = keyColumns(ta.headers, mapped, La, named)
    const keyB = keyColumns(tb.headers, mapped, Lb, named)
    const keyedA = rowsByKey(ta.rows, keyA)
    const keyedB = rowsByKey(tb.rows, keyB)
    const byKeyA = new Map(keyedA)
    const byKeyB = new Map(keyedB)
    const volatileA = volatile(La)
    const volatileB = volatile(Lb)
    const isVolatile = (h: string): boolean => volatileA(h) || volatileB(h)
    const shared = ta.headers.filter((h, i) => tb.headers.includes(h) && !isVolatile(h) && !keyA.includes(i))
    const [provA, provB] = [provenance(La), provenance(Lb)]
    const notes = new Set([La.face.note, La.lookup.note, Lb.face.note, Lb.lookup.note])
    // a note that only names where the result came from compares as no note
    const cell = (h: string, v: string, prov: (n: string) => boolean): string => (notes.has(h) && prov(v) ? '' : v)
    const changed: CellChange[] = []
    let unchanged = 0
    for (const [key, ra] of byKeyA) {
      const rb = byKeyB.get(key)
      if (!rb) continue
      let same = true
      for (const h of shared) {
        const va = cell(h, ra[ta.headers.lastIndexOf(h)] ?? '', provA)
        const vb = cell(h, rb[tb.headers.lastIndexOf(h)] ?? '', provB)
        if (va !== vb) {
          same = false
          changed.push({ key, column: h, a: va, b: vb })
        }
      }
      if (same) unchanged++
    }
    return {
      jobA: a?.id ?? idA,
      jobB: b?.id ?? idB,
      kind: a?.kind ?? b?.kind ?? null,
      keyColumns: keyA.map((i) => ta.headers[i]),
      columns: tb.headers,
      added: keyedB.filter(([key]) => !byKeyA.has(key)).map(([, r]) => r),
      removed: keyedA.filter(([key]) => !byKeyB.has(key)).map(([, r]) => r),
      changed,
      unchanged,
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
