/**
 * `rekap verify`: is this xlsx the report rekap wrote? First the content digest the summary
 * states is recomputed from the cells (works with the file alone). When it differs and the
 * store that wrote the report is at hand, the report is made again from the store as it was
 * at the report's time and the two are compared cell by cell, so the answer names the sheet,
 * the row and the column that changed.
 */
import { closeSync, mkdtempSync, openSync, readSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type ExcelJS from 'exceljs'
import { excel } from '../exceljs-lazy'
import type { HospitalQuery, SchoolQuery, Store } from '../store'
import { writeDirectoryReport } from './directory-report'
import { EN } from '../reports/labels/en'
import { ID } from '../reports/labels/id'
import type { ReportLabels } from '../reports/labels'
import { canonicalRow, ContentDigest, parseSheetDigests, SHEET_DIGEST_CHARS, type CanonicalCell } from '../reports/report-digest'
import { writeJobReport } from './job-report'
import { digestSkipLabels } from '../reports/summary-sheet'
import { fingerprintOf, localPublicKey, signatureHolds, type ReportSignature } from '../reports/report-signing'
import { partName } from '../reports/xlsx/sheet-parts'
import { checkWholeWorkbook } from '../importers/whole-workbook-check'
import { exceljsReason } from '../importers/reader-refusal'
import { coreText, TextError, type CoreText } from '../texts/core-text'
import { diffSheets, type LogicalSheet, type SheetRow } from './verify-diff'
import { TEAM_REPORT_LABELS } from '../team/team-report-labels'
import { uncoveredChanges } from './verify-uncovered'
import { presentationChanges } from './verify-presentation'

export class VerifyError extends TextError {}

export interface VerifyResult {
  unchanged: boolean
  /** 'store': compared with the report made again from the store; 'digest': the file alone */
  mode: 'store' | 'digest'
  /** the job whose report it is; null for a directory report (no job) */
  jobId: string | null
  /** a directory report: which directory (its query is on the summary) */
  directory: DirectoryProduct | null
  /** a team's monthly report: its month (checked by its digest: the team store is not at hand) */
  team: string | null
  /** where the report differs: sheet, row and column where known (texts: the CLI says them in its language) */
  changes: CoreText[]
  notes: CoreText[]
  /** the digest's Ed25519 signature: whether it holds, and whose key it is */
  signature: SignatureCheck
}

export interface SignatureCheck {
  /** 'none': the report states no signature (older rekap, or no key) */
  state: 'valid' | 'invalid' | 'none'
  fingerprint: string | null
  /** 'this-data-file': the key beside the data file verify was given; 'unknown': any other key */
  signer: 'this-data-file' | 'unknown' | null
}

/** What the summary says about the report. */
type DirectoryProduct = 'hospitals' | 'schools'

interface ReportFacts {
  L: ReportLabels
  jobId: string | null
  /** a directory report: the directory and the query it was written for */
  directory: { product: DirectoryProduct; query: Record<string, unknown> } | null
  team: string | null
  digest: string
  sheetDigests: Map<string, string>
  madeAt: number
  storeId: string | null
  fingerprint: string | null
  timeZone: string | null
  signature: ReportSignature | null
}

export async function verifyReport(file: string, opts: { store?: Store | null } = {}): Promise<VerifyResult> {
  const book = await readWorkbook(file)
  const sheets = logicalSheets(book)
  const facts = summaryFacts(file, sheets)
  const skip = digestSkipLabels(facts.L)

  const digest = new ContentDigest(skip)
  for (const s of sheets) {
    digest.startSheet(s.name)
    for (const r of s.rows) digest.row(r.cells)
  }
  const actual = digest.result()
  const store = opts.store ?? null
  const signature = checkSignature(facts, store)
  const about = { jobId: facts.jobId, directory: facts.directory?.product ?? null, team: facts.team, signature }
  // what the digest cannot see: rows it leaves out where rekap does not write them, formats, hidden rows
  const uncovered = [...uncoveredChanges(sheets, facts.L), ...presentationChanges(book)]
  if (actual.digest === facts.digest) {
    // a digest anyone can recompute over an edited file: only a signature that holds settles it
    // the digest held: what found the changes was the checks beside it, and the note says so
    // (not "the digest alone", which read as if nothing else had been looked at)
    const notes = uncovered.length ? [coreText('verify.digestHeld', {})] : []
    if (signature.state === 'invalid') {
      return { unchanged: false, mode: 'digest', ...about, changes: [coreText('verify.signatureInvalid', { fingerprint: signature.fingerprint ?? '-' }), ...uncovered], notes }
    }
    if (uncovered.length) return { unchanged: false, mode: 'digest', ...about, changes: uncovered, notes }
    return { unchanged: true, ...unchangedAgainst(store, facts), ...about, changes: [] }
  }

  const notes: CoreText[] = []
  const bySheet = [...sheetLevelChanges(actual.sheets, facts.sheetDigests), ...uncovered]
  // without the job's data, the note says what was checked: the checks beside the digest too when they found something
  const beside = uncovered.length > 0
  const checked = coreText('verify.checked', { beside })
  if (facts.team) return { unchanged: false, mode: 'digest', ...about, changes: bySheet, notes: beside ? [checked] : notes }
  if (!store) {
    notes.push(coreText('verify.noStore', { beside }))
    return { unchanged: false, mode: 'digest', ...about, changes: bySheet, notes }
  }
  const storeId = store.meta.storeId()
  if (facts.storeId && facts.storeId !== storeId) {
    notes.push(coreText('verify.otherStore', { file: store.file, storeId, reportStoreId: facts.storeId, checked }))
    return { unchanged: false, mode: 'digest', ...about, changes: bySheet, notes }
  }
  if (facts.directory) {
    // the query is run again on the cache as it is now: a later sync shows as changed records
    if (cacheNewest(store, facts.directory.product) > facts.madeAt) notes.push(coreText('verify.cacheChangedSince', { product: facts.directory.product }))
    const expected = await remakeDirectory(store, facts, facts.directory)
    const changes = diffSheets(expected, sheets, facts.L)
    return { unchanged: false, mode: 'store', ...about, changes: changes.length ? changes : bySheet, notes }
  }
  if (!facts.jobId) throw new VerifyError(coreText('verify.incomplete', { file }))
  if (!store.jobs.get(facts.jobId)) {
    notes.push(coreText('verify.noJobInStore', { file: store.file, job: facts.jobId, checked }))
    return { unchanged: false, mode: 'digest', ...about, changes: bySheet, notes }
  }
  if (facts.fingerprint && store.meta.jobFingerprint(facts.jobId, { asOf: facts.madeAt }) !== facts.fingerprint) {
    notes.push(coreText('verify.jobChangedSince', { job: facts.jobId }))
  }

  // a report split at a smaller row limit than Excel's (tests, or a writer setting) is re-made the same way
  const splits = sheets.map((x) => x.splitAt).filter((x): x is number => x !== undefined)
  const expected = await remake(store, facts, facts.jobId, splits.length ? Math.min(...splits) : undefined)
  const changes = diffSheets(expected, sheets, facts.L)
  return { unchanged: false, mode: 'store', ...about, changes: changes.length ? changes : bySheet, notes }
}

/** The signature the summary states, checked over the digest it states; whose key it is. */
function checkSignature(facts: ReportFacts, store: Store | null): SignatureCheck {
  const s = facts.signature
  if (!s) return { state: 'none', fingerprint: null, signer: null }
  if (!signatureHolds(facts.digest, s)) return { state: 'invalid', fingerprint: s.fingerprint, signer: null }
  const mine = store ? localPublicKey(store.file) : null
  return { state: 'valid', fingerprint: s.fingerprint, signer: mine === s.publicKey ? 'this-data-file' : 'unknown' }
}

/**
 * An unchanged report, checked against the data file when it is at hand: the job's data
 * fingerprint as it stood when the report was made ('store'); else the digest alone ('digest').
 */
function unchangedAgainst(store: Store | null, facts: ReportFacts): { mode: 'store' | 'digest'; notes: CoreText[] } {
  if (!store || !facts.jobId || !facts.fingerprint || (facts.storeId && facts.storeId !== store.meta.storeId()) || !store.jobs.get(facts.jobId)) {
    return { mode: 'digest', notes: [] }
  }
  const same = store.meta.jobFingerprint(facts.jobId, { asOf: facts.madeAt }) === facts.fingerprint
  return { mode: 'store', notes: same ? [] : [coreText('verify.jobChangedSince', { job: facts.jobId })] }
}

/** A CSV (or any text) has no zip header: say what CSV reports are, not the zip reader's error. */
function refuseNonZip(file: string): void {
  const head = Buffer.alloc(4)
  const fd = openSync(file, 'r')
  let n: number
  try {
    n = readSync(fd, head, 0, 4, 0)
  } finally {
    closeSync(fd)
  }
  if (n === 4 && head.readUInt32LE(0) === 0x04034b50) return
  const bom = n >= 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf
  if (/\.(csv|txt)$/i.test(file) || bom) throw new VerifyError(coreText('verify.csv', { file }))
}

async function readWorkbook(file: string): Promise<ExcelJS.Workbook> {
  refuseNonZip(file)
  const book = new (excel()).Workbook()
  try {
    // exceljs unpacks every part whole before checking its size: the zip guard goes first
    await checkWholeWorkbook(file)
    await book.xlsx.readFile(file)
  } catch (err) {
    throw new VerifyError(coreText('verify.notXlsx', { file, reason: exceljsReason(err) }))
  }
  return book
}

/** Sheets as rekap wrote them: a sheet split at Excel's row limit is one sheet again (its parts repeat the header). */
function logicalSheets(book: ExcelJS.Workbook): LogicalSheet[] {
  const out: LogicalSheet[] = []
  for (const ws of book.worksheets) {
    const rows: SheetRow[] = []
    ws.eachRow({ includeEmpty: false }, (row, rowNumber) => {
      const values = Array.isArray(row.values) ? (row.values as unknown[]).slice(1) : []
      const cells = canonicalRow(Array.from({ length: values.length }, (_, i) => values[i]))
      if (cells) rows.push({ sheet: ws.name, row: rowNumber, cells })
    })
    const prev = out[out.length - 1]
    const n = prev ? partNumber(prev, ws.name) : null
    if (prev && n !== null) {
      prev.splitAt ??= book.getWorksheet(prev.name)?.rowCount
      prev.rows.push(...rows.slice(1))
    } else out.push({ name: ws.name, rows })
  }
  return out
}

/** 2, 3, … when `name` is the next part of `prev`; else null. */
function partNumber(prev: LogicalSheet, name: string): number | null {
  const parts = new Set(prev.rows.map((r) => r.sheet))
  const n = parts.size + 1
  return partName(prev.name, n) === name ? n : null
}

function summaryFacts(file: string, sheets: LogicalSheet[]): ReportFacts {
  const summary = sheets[0]
  const values = new Map<string, CanonicalCell>()
  for (const r of summary?.rows ?? []) {
    const label = r.cells[0]
    if (typeof label === 'string' && !values.has(label)) values.set(label, r.cells[1] ?? null)
  }
  const L = [ID, EN].find((l) => values.has(l.audit.digest))
  if (!L) throw new VerifyError(coreText('verify.noDigest', { file }))
  const text = (label: string): string | null => {
    const v = values.get(label)
    return v === null || v === undefined ? null : String(v)
  }
  const jobId = text(L.summary.jobId)
  const kind = text(L.summary.kind)
  const product: DirectoryProduct | null = kind === L.kinds['hospitals-offline'] ? 'hospitals' : kind === L.kinds['schools-offline'] ? 'schools' : null
  const made = Date.parse(text(L.audit.madeUtc) ?? '')
  const T = TEAM_REPORT_LABELS[L === EN ? 'en' : 'id']
  const team = kind === T.kind ? text(T.month) : null
  if ((!jobId && !product && !team) || Number.isNaN(made)) throw new VerifyError(coreText('verify.incomplete', { file }))
  let directory: ReportFacts['directory'] = null
  if (!jobId && product) {
    try {
      // reports before the readable Filter line carried the query there
      directory = { product, query: JSON.parse(text(L.audit.query) ?? text(L.summary.query) ?? '{}') as Record<string, unknown> }
    } catch {
      throw new VerifyError(coreText('verify.incomplete', { file }))
    }
  }
  const zone = /(?:^|, )([A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+|UTC)\s*\(/.exec(text(L.summary.timeZone) ?? '')
  return {
    L,
    jobId,
    directory,
    team,
    digest: text(L.audit.digest) ?? '',
    sheetDigests: parseSheetDigests(text(L.audit.sheetDigests) ?? ''),
    madeAt: made,
    storeId: text(L.audit.storeId),
    fingerprint: text(L.audit.storeFingerprint),
    timeZone: zone?.[1] ?? null,
    signature: signatureOf(text(L.audit.signerKey), text(L.audit.signature)),
  }
}

function signatureOf(publicKey: string | null, signature: string | null): ReportSignature | null {
  if (!publicKey || publicKey === '-' || !signature || signature === '-') return null
  return { publicKey, signature, fingerprint: fingerprintOf(publicKey) }
}

/** Sheets whose digest differs from the one the summary states, or that are missing or extra. */
function sheetLevelChanges(actual: Array<{ name: string; digest: string }>, stated: Map<string, string>): CoreText[] {
  const out: CoreText[] = []
  const seen = new Set<string>()
  for (const s of actual) {
    seen.add(s.name)
    const want = stated.get(s.name)
    if (want === undefined) out.push(coreText('verify.sheetAdded', { sheet: s.name }))
    else if (s.digest.slice(0, SHEET_DIGEST_CHARS) !== want) out.push(coreText('verify.sheetChanged', { sheet: s.name }))
  }
  for (const name of stated.keys()) if (!seen.has(name)) out.push(coreText('verify.sheetRemoved', { sheet: name }))
  if (out.length) return out
  // every sheet as written, in another order (the digest covers the order: the summary states it)
  const order = actual.map((s) => s.name)
  const written = [...stated.keys()]
  if (order.join('\n') !== written.join('\n')) return [coreText('verify.sheetsReordered', { order: quoted(order), written: quoted(written) })]
  // only the summary's digest lines themselves were touched
  return [coreText('verify.digestLinesChanged', {})]
}

const quoted = (names: string[]): string => names.map((n) => `"${n}"`).join(', ')

/** The report made again from the store, at the report's time, in its language and zone. */
async function remake(store: Store, facts: ReportFacts, jobId: string, maxRowsPerSheet: number | undefined): Promise<LogicalSheet[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'rekap-verify-'))
  try {
    const out = path.join(dir, 'expected.xlsx')
    await writeJobReport(store, jobId, {
      out,
      lang: facts.L.lang as 'id' | 'en',
      now: facts.madeAt,
      asOf: facts.madeAt,
      timeZone: facts.timeZone ?? undefined,
      maxRowsPerSheet,
      signer: null,
    })
    return logicalSheets(await readWorkbook(out))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** The directory report made again from the cache, at the report's time, in its language. */
async function remakeDirectory(store: Store, facts: ReportFacts, d: NonNullable<ReportFacts['directory']>): Promise<LogicalSheet[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'rekap-verify-'))
  try {
    const out = path.join(dir, 'expected.xlsx')
    const lang = facts.L.lang as 'id' | 'en'
    // the zone the summary names (default WIB)
    const timeZone = facts.timeZone ?? undefined
    if (d.product === 'hospitals') await writeDirectoryReport(store, { product: 'hospitals', query: d.query as HospitalQuery, out, lang, now: facts.madeAt, signer: null, timeZone })
    else await writeDirectoryReport(store, { product: 'schools', query: d.query as SchoolQuery, out, lang, now: facts.madeAt, signer: null, timeZone })
    return logicalSheets(await readWorkbook(out))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** When the directory's cache last took in records (0 when empty). */
function cacheNewest(store: Store, product: DirectoryProduct): number {
  return store.cache.stats(product).newest ?? 0
}
