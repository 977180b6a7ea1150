/**
 * Issue 23 item 15: an Indonesian report says Indonesian words and writes numbers the Indonesian
 * way. One report of every kind (tests/helpers/every-report.ts: the real CLI in `--lang id` against
 * the real sandbox process) plus a job the quota stopped (a reason in its *Riwayat status*); every
 * text cell is read with exceljs and checked against a list of English words and for decimal points.
 * Left out on purpose: the *Pesan Asli* column (the service's or importer's own words, kept as they
 * were said, by design) and the error-code column (codes are identifiers).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { makeTempDir } from '../helpers/temp-dir'
import { makeEveryReport, rekap, type EveryReport } from '../helpers/every-report'
import { readWithExceljs } from '../helpers/report-readers'
import type { SandboxProcess } from '../helpers/sandbox-process'

/** English words that have no business in an Indonesian report (none is an Indonesian word). */
const ENGLISH =
  /\b(the|and|of|for|by|user|rows?|failed|done|paused|blocked|error|hits|quota|unlimited|reopened|found|charged|sent|hospitals|schools|regional|face-match|rate-limited|balance|used up|per product)\b/i
/** 0.45, 3.5, 0.993 (not 3.000, Indonesian thousands, nor 0.1.0 or 127.0.0.1, a version and an address) */
const DECIMAL_POINT = /(^|[^\d.])(0\.\d+|\d+\.(\d{1,2}|\d{4,}))(?![\d.])/
/** Duration units in English after a number ("22 s", "1 m 05 s") */
const ENGLISH_UNITS = /\b\d+ (h|m|s)\b/
const EXEMPT_HEADERS = new Set(['Pesan Asli', 'Kode Galat'])

let tmp: ReturnType<typeof makeTempDir>
let made: EveryReport & { sandbox: SandboxProcess }
let blockedReport: string

beforeAll(async () => {
  tmp = makeTempDir('rekap-id-reports-')
  made = await makeEveryReport(tmp.dir)
  // a job the monthly quota stops: its state history carries a reason
  const codes = join(tmp.dir, 'kode.csv')
  writeFileSync(codes, ['Kode RS', ...Array.from({ length: 8 }, (_, i) => `31${String(71000 + i).padStart(5, '0')}`)].join('\n') + '\n')
  const env = { REKAP_API_KEY: made.sandbox.key, REKAP_TZ: '' }
  const run = await rekap(['run', codes, '--kind', 'hospital-lookup', '--hits-used', 'hospitals=2996', '--db', made.db, '--base-url', made.sandbox.url, '--yes', '--json'], env)
  const jobId = (JSON.parse(run.out.trim().split('\n').filter((l) => l.startsWith('{')).at(-1)!) as { jobId: string }).jobId
  blockedReport = join(tmp.dir, 'blocked.xlsx')
  const exp = await rekap(['export', jobId, '--out', blockedReport, '--db', made.db], env)
  expect(exp.code, exp.out).toBe(0)
}, 600_000)

afterAll(async () => {
  await made?.sandbox.stop()
  tmp?.cleanup()
})

/** Every text cell of a workbook that is not in an exempt column, as "Sheet!A1: text". */
async function textCells(file: string): Promise<string[]> {
  const book = await readWithExceljs(file)
  const out: string[] = []
  for (const [name, sheet] of Object.entries(book.sheets)) {
    const exempt = new Set<string>()
    for (const [addr, c] of Object.entries(sheet.cells)) {
      const m = /^([A-Z]+)1$/.exec(addr)
      if (m && typeof c.v === 'string' && EXEMPT_HEADERS.has(c.v)) exempt.add(m[1])
    }
    for (const [addr, c] of Object.entries(sheet.cells)) {
      if (typeof c.v !== 'string' || exempt.has(/^[A-Z]+/.exec(addr)![0])) continue
      out.push(`${name}!${addr}: ${c.v}`)
    }
  }
  return out
}

const offending = (cells: string[]): string[] =>
  cells.filter((l) => {
    const text = l.slice(l.indexOf(': ') + 2)
    return ENGLISH.test(text.replace(/--[\w-]+ [\w-]+/g, '')) || DECIMAL_POINT.test(text) || ENGLISH_UNITS.test(text)
  })

describe('Indonesian reports say Indonesian words and Indonesian numbers', () => {
  it('every xlsx report kind: no English word, no decimal point, no English unit outside the original-words column', async () => {
    const bad: string[] = []
    for (const [name, file] of Object.entries(made.files)) {
      if (!file.endsWith('.xlsx')) continue
      for (const l of offending(await textCells(file))) bad.push(`${name} ${l}`)
    }
    expect(bad).toEqual([])
  })

  it('the state history of a job the quota stopped gives the reason in Indonesian', async () => {
    const cells = await textCells(blockedReport)
    expect(offending(cells)).toEqual([])
    expect(cells.join('\n')).toMatch(/Riwayat status/)
    expect(cells.join('\n')).toMatch(/kuota bulanan habis/)
  })

  it('the settings lines name the products in Indonesian and group thousands with dots', async () => {
    const cells = (await textCells(made.files.face)).join('\n')
    expect(cells).toMatch(/rumah sakit 3\.000/)
    expect(cells).toMatch(/pencocokan wajah 5/)
  })

  it('CSV reports too (the same cells, written as text)', () => {
    for (const name of ['faceCsv', 'hospitalLookupCsv'] as const) {
      const lines = readFileSync(made.files[name], 'utf8').split(/\r?\n/)
      const header = lines[0].split(/[;,]/).map((h) => h.replace(/^"|"$/g, ''))
      const exempt = header.map((h, i) => (EXEMPT_HEADERS.has(h) ? i : -1)).filter((i) => i >= 0)
      const bad = lines
        .slice(1)
        .map((l) => l.split(/[;,](?=(?:[^"]*"[^"]*")*[^"]*$)/).filter((_, i) => !exempt.includes(i)).join(' | '))
        .filter((l) => ENGLISH.test(l) || ENGLISH_UNITS.test(l))
      expect(bad, name).toEqual([])
    }
  })
})
