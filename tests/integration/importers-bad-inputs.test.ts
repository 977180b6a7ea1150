import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { preflightImage } from '../../src-main/core/images/preflight'
import { ImportError, openTable, resolveImageRef, type ImportedRow, type TableReader } from '../../src-main/core/importers'
import { KYC_PATH_ROWS, makeBadInputs, MILLION, type BadInputs } from '../../scripts/make-bad-inputs'

/**
 * The bad-input corpus of issue 10, generated into a temporary folder by scripts/make-bad-inputs.ts.
 * Each input must give its own clear message (naming file, sheet, row and column where there is one)
 * and every good row next to it must still come through. REKAP_LONG_TESTS=1 also streams the whole
 * 1,048,576-row sheet.
 */

let dir: string
let corpus: BadInputs
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'rekap-bad-inputs-'))
  corpus = await makeBadInputs(dir)
}, 120_000)
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

async function readAll(table: TableReader): Promise<ImportedRow[]> {
  const rows: ImportedRow[] = []
  for await (const r of table.rows()) rows.push(r)
  return rows
}

async function openError(file: string): Promise<ImportError> {
  try {
    const table = await openTable(file)
    await readAll(table)
  } catch (err) {
    expect(err).toBeInstanceOf(ImportError)
    return err as ImportError
  }
  throw new Error(`${file} opened without an error`)
}

describe('unreadable workbooks give one clear error', () => {
  it.each([
    ['emptySheet', 'empty-sheet', 'empty-sheet.xlsx, sheet "Data": the sheet is empty'],
    ['emptyWorkbook', 'empty-workbook', 'empty-workbook.xlsx: the workbook has no worksheets'],
    ['truncated', 'truncated', 'truncated.xlsx: the workbook is truncated or damaged (the zip directory at the end of the file is missing); copy it again or save it again from Excel'],
    ['passwordProtected', 'password-protected', 'password-protected.xlsx: the workbook is password-protected (encrypted); open it in Excel, remove the password (File > Info > Protect Workbook > Encrypt with Password, clear it), save and try again'],
    ['legacyXls', 'legacy-xls', 'legacy.xls: this is an old-format .xls workbook; open it in Excel and save it as .xlsx'],
    ['notAWorkbook', 'not-a-workbook', 'not-a-workbook.xlsx: is not an Excel .xlsx workbook (the content is not a zip file); save it again from Excel as .xlsx'],
  ] as const)('%s', async (key, code, message) => {
    const err = await openError(corpus[key])
    expect(err.code).toBe(code)
    expect(err.message).toBe(message)
  })

  it('refuses a zip bomb from its declared sizes, before inflating anything', async () => {
    const before = process.memoryUsage().rss
    const err = await openError(corpus.zipBomb)
    expect(err.code).toBe('zip-bomb')
    expect(err.message).toMatch(/^zip-bomb\.xlsx: refused: the part "xl\/worksheets\/sheet1\.xml" would inflate from \d+ bytes to 314573\d{3} bytes \(\d+x\); this looks like a zip bomb/)
    expect(process.memoryUsage().rss - before).toBeLessThan(50 * 1024 * 1024)
  })
})

describe('sheets that are readable but odd', () => {
  it('reports a header-only sheet without failing', async () => {
    const table = await openTable(corpus.headerOnly)
    expect(table.headers).toEqual(['NIK', 'Nama', 'Foto KTP', 'Selfie'])
    expect(await readAll(table)).toEqual([])
    expect(table.notes.map((n) => [n.code, n.message])).toEqual([
      ['no-data-rows', 'header-only.xlsx, sheet "Data": the sheet has a header row (row 1) but no data rows'],
    ])
  })

  it('combines merged two-row headers and reads every data row', async () => {
    const table = await openTable(corpus.mergedHeaders)
    expect(table.headers).toEqual(['No', 'NIK', 'Nama', 'Foto KTP', 'Foto Selfie'])
    const rows = await readAll(table)
    expect(rows.map((r) => [r.sourceRow, r.values['Foto KTP'], r.values['Foto Selfie']])).toEqual([
      [4, 'foto/ktp_1.jpg', 'foto/selfie_1.jpg'],
      [5, 'foto/ktp_2.jpg', 'foto/selfie_2.jpg'],
    ])
  })

  it('cuts a huge cell at 32,767 characters with a note, and keeps the other rows', async () => {
    const rows = await readAll(await openTable(corpus.hugeCell))
    expect(rows.map((r) => r.values['Kode RS'])).toEqual(['3171015', '3171026', '3171037'])
    expect((rows[1].values.Catatan as string).length).toBe(32_767)
    expect(rows[1].problems.map((p) => [p.code, p.severity, p.message])).toEqual([
      ['cell-truncated', 'warning', `huge-cell.xlsx, sheet "Data", row 3, column "Catatan": the cell holds 40000 characters; only the first 32767 (Excel's limit) were kept`],
    ])
    expect(rows[0].problems).toEqual([])
    expect(rows[2].problems).toEqual([])
  })

  it('names each wrong type in a code column, and keeps the good codes', async () => {
    const rows = await readAll(await openTable(corpus.wrongTypes))
    expect(rows.map((r) => r.values['Kode RS'])).toEqual(['3171015', '3171026', '2024-01-02', 'TRUE', '3171015.5', null, '3171048'])
    expect(rows.map((r) => r.problems.map((p) => p.code))).toEqual([[], [], ['code-wrong-type'], ['code-wrong-type'], ['code-not-integer'], ['cell-error'], []])
    expect(rows[2].problems[0].message).toBe(
      'wrong-types.xlsx, sheet "Kode", row 4, column "Kode RS": expected a code, found a date (2024-01-02); format the column as text and type the code again',
    )
    expect(rows[5].problems[0].message).toBe('wrong-types.xlsx, sheet "Kode", row 7, column "Kode RS": the cell shows the Excel error #N/A')
  })

  it('gives 16-digit NIKs stored as numbers back as exact digits, and names the ones that lost digits', async () => {
    const rows = await readAll(await openTable(corpus.nikAsNumber))
    expect(rows.map((r) => r.values.NIK)).toEqual(['3201234567890123', '3201234567890120', '9201234567890124', '0201234567890123'])
    expect(rows[0].problems).toEqual([])
    expect(rows[1].problems.map((p) => [p.code, p.severity])).toEqual([['nik-maybe-truncated', 'warning']])
    expect(rows[2].problems.map((p) => [p.code, p.severity, p.message])).toEqual([
      ['nik-digits-lost', 'error', 'nik-as-number.xlsx, sheet "KYC", row 4, column "NIK": NIK stored as a number lost digits (9.20123E+15); format the column as text and type the NIK again'],
    ])
    expect(rows[3].problems).toEqual([])

    const csv = await readAll(await openTable(corpus.nikAsNumberCsv))
    expect(csv[0].problems.map((p) => p.message)).toEqual([
      'nik-as-number.csv, sheet "nik-as-number", row 2, column "NIK": NIK stored as a number lost digits (3.20123E+15); format the column as text and type the NIK again',
    ])
    expect(csv[1]).toMatchObject({ sourceRow: 3, values: { NIK: '3201234567890123' }, problems: [] })
  })

  it('reads a csv with BOM, semicolons, doubled quotes and a newline inside quotes', async () => {
    const table = await openTable(corpus.bomSemicolonCsv)
    expect(table.headers).toEqual(['Kode RS', 'Nama RS', 'Alamat'])
    const rows = await readAll(table)
    expect(rows.map((r) => [r.sourceRow, ...Object.values(r.values)])).toEqual([
      [2, '3171015', 'RSUD "Tarakan"', 'Jl. Kyai Caringin No. 7; Jakarta'],
      [3, '3171026', 'RS "Medika" Permata', 'Jl. Raya\r\nBaris kedua'],
      [4, '3171037', 'RS Élite Ñusantara', 'Jl. Ütara'],
    ])
  })

  it('keeps duplicate rows (finding them is the pre-flight\'s job) with their own row numbers', async () => {
    const rows = await readAll(await openTable(corpus.duplicateRows))
    expect(rows.map((r) => [r.sourceRow, r.values.NIK])).toEqual([
      [2, '3201234567890001'],
      [3, '3201234567890001'],
      [4, '3201234567890002'],
      [5, '3201234567890001'],
    ])
  })
})

describe('a 1,048,576-row sheet', () => {
  it('is refused at once with maxRows, from the sheet\'s declared size', async () => {
    const started = Date.now()
    await expect(openTable(corpus.millionRows!, { maxRows: 100_000 })).rejects.toThrow(
      'million-rows.xlsx, sheet "Data": the sheet has more than 100,000 data rows (it goes down to row 1,048,576), the limit for one job; split it into smaller files',
    )
    expect(Date.now() - started).toBeLessThan(2_000)
  })

  it.runIf(process.env.REKAP_LONG_TESTS === '1')('streams to the last row in bounded memory', async () => {
    const table = await openTable(corpus.millionRows!)
    let count = 0
    let last = 0
    let peak = 0
    for await (const row of table.rows()) {
      count++
      last = row.sourceRow
      if (count % 50_000 === 0) peak = Math.max(peak, process.memoryUsage().rss)
    }
    expect(count).toBe(MILLION - 1)
    expect(last).toBe(MILLION)
    expect(peak).toBeLessThan(400 * 1024 * 1024)
  }, 300_000)
})

describe('picture references of a KYC workbook', () => {
  /** Each case's expected outcome: how the path resolves, then what the image pre-flight says. */
  const EXPECTED: Record<string, { ref?: string; preflight?: string }> = {
    'good relative path': {},
    gif: { preflight: 'wrong-type' },
    heic: { preflight: 'wrong-type' },
    pdf: { preflight: 'wrong-type' },
    empty: { preflight: 'empty' },
    truncated: { preflight: 'undecodable' },
    'over 5 MB': { preflight: 'too-large' },
    '100 megapixels': { preflight: 'too-many-pixels' },
    'dot-dot leaves folder': { ref: 'image-ref-outside' },
    'symlink leaves folder': { ref: 'image-ref-outside' },
    'windows backslashes': {},
    'missing file': { ref: 'image-ref-not-found' },
    'good again': {},
  }

  it('gives each bad reference or picture its own reason, and every row comes through', async () => {
    const table = await openTable(corpus.kycPaths)
    const rows = await readAll(table)
    expect(rows).toHaveLength(KYC_PATH_ROWS.length)
    const workbookDir = path.dirname(corpus.kycPaths)
    for (const row of rows) {
      const kase = row.values.Kasus as string
      const at = { file: corpus.kycPaths, sheet: table.sheet, row: row.sourceRow, column: 'Foto KTP' }
      const ref = await resolveImageRef(row.values['Foto KTP'], workbookDir, { at })
      const expected = EXPECTED[kase]
      if (expected.ref) {
        expect(ref, kase).toMatchObject({ ok: false, code: expected.ref })
        expect(!ref.ok && ref.problem?.message, kase).toMatch(new RegExp(`^kyc-paths\\.xlsx, sheet "Data", row ${row.sourceRow}, column "Foto KTP": `))
        continue
      }
      expect(ref, kase).toMatchObject({ ok: true })
      if (!ref.ok) continue
      const preflight = await preflightImage({ path: ref.path })
      expect(preflight.problems.map((p) => p.code), kase).toEqual(expected.preflight ? [expected.preflight] : [])
      // the selfie column of every row is a good picture: nothing else is lost
      const selfie = await resolveImageRef(row.values.Selfie, workbookDir)
      expect(selfie.ok && (await preflightImage({ path: selfie.path })).ok, kase).toBe(true)
    }
  }, 120_000)

  it('uses the linked and outside pictures when the user allows it', async () => {
    const workbookDir = path.dirname(corpus.kycPaths)
    expect(await resolveImageRef('../rahasia/secret.jpg', workbookDir, { allowOutside: true })).toEqual({ ok: true, path: path.join(dir, 'rahasia', 'secret.jpg'), outside: true })
    expect(await resolveImageRef('foto/tautan.jpg', workbookDir, { allowOutside: true })).toMatchObject({ ok: true })
  })
})
