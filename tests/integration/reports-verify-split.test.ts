/**
 * `verifyReport` on a report whose results are split over several sheets at the row limit:
 * the parts are one sheet again for the digest, and a change is named on the part it is on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copyFileSync } from 'node:fs'
import { join } from 'node:path'
import { openStore, type Store } from '../../src-main/core/store'
import { writeJobReport } from '../../src-main/core/export'
import { verifyReport as verifyTexts } from '../../src-main/core/export/verify-report'
import { renderCoreText } from '../../src-main/core/texts/core-text'
import { makeTempDir } from '../helpers/temp-dir'
import { buildFaceJob, readBook, T0 } from './reports-fixtures'

/** the verifier's findings and notes in English words (it gives codes and parameters) */
async function verifyReport(...args: Parameters<typeof verifyTexts>) {
  const r = await verifyTexts(...args)
  return { ...r, changes: r.changes.map((c) => renderCoreText(c, 'en')), notes: r.notes.map((n) => renderCoreText(n, 'en')) }
}

let tmp: ReturnType<typeof makeTempDir>
let store: Store
let jobId: string
let report: string

beforeAll(async () => {
  tmp = makeTempDir()
  store = openStore(join(tmp.dir, 'rekap.db'))
  jobId = buildFaceJob(store)
  report = join(tmp.dir, 'split.xlsx')
  const r = await writeJobReport(store, jobId, { out: report, lang: 'en', now: T0 + 3_600_000, maxRowsPerSheet: 4 })
  // every sheet is split at 4 rows here, the summary too
  expect(r.sheets).toEqual(expect.arrayContaining(['Summary', 'Summary (2)', 'Results', 'Results (2)', 'Results (3)', 'Errors', 'Review']))
})
afterAll(() => {
  store?.close()
  tmp?.cleanup()
})

describe('verify a split report', () => {
  it('is unchanged, with and without the store', async () => {
    expect(await verifyReport(report, { store })).toMatchObject({ unchanged: true, jobId })
    expect(await verifyReport(report)).toMatchObject({ unchanged: true })
  })

  it('names the part, row and column of a changed cell', async () => {
    const file = join(tmp.dir, 'split-edited.xlsx')
    copyFileSync(report, file)
    const wb = await readBook(file)
    const ws = wb.getWorksheet('Results (2)')!
    const col = (ws.getRow(1).values as unknown[]).indexOf('Score')
    ws.getRow(2).getCell(col).value = 0.01
    await wb.xlsx.writeFile(file)
    const alone = await verifyReport(file)
    expect(alone).toMatchObject({ unchanged: false, mode: 'digest', changes: ['sheet "Results" changed'] })
    const r = await verifyReport(file, { store })
    expect(r).toMatchObject({ unchanged: false, mode: 'store' })
    expect(r.changes).toHaveLength(1)
    expect(r.changes[0]).toMatch(/^sheet "Results \(2\)", row 2 \(Row ID 4\), column \w+ "Score": the report has 0\.01, the data file says \(empty\)$/)
  })

  it('names an edited summary line by its label', async () => {
    const file = join(tmp.dir, 'summary-edited.xlsx')
    copyFileSync(report, file)
    const wb = await readBook(file)
    let edited = false
    for (const ws of wb.worksheets.filter((w) => w.name.startsWith('Summary'))) {
      ws.eachRow((row) => {
        if (row.getCell(1).value === 'Rows') {
          row.getCell(2).value = 8
          edited = true
        }
      })
    }
    expect(edited).toBe(true)
    await wb.xlsx.writeFile(file)
    const r = await verifyReport(file, { store })
    expect(r.changes).toHaveLength(1)
    expect(r.changes[0]).toMatch(/^sheet "Summary(?: \(\d+\))?", row \d+ \(line Rows\), column B "Value": the report has 8, the data file says 9$/)
  })
})
