/**
 * One verdict rule: for a job with a review band, the label the app shows for every row (the row
 * view's verdict through the renderer's own messages) is the label the report writes for it (read
 * back with exceljs), in both languages; and the app's results filter selects rows by that same
 * verdict. Real sandbox process, real SQLite file, real xlsx.
 */
import { describe, expect, it } from 'vitest'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createI18n } from 'vue-i18n'
import { SHARED_DIR } from '../helpers/sandbox-process'
import { useSandboxEngine } from '../helpers/sandbox-engine'
import { writeJobReport } from '../../src-main/core/export'
import { labelsFor } from '../../src-main/core/reports'
import { id } from '../../src-renderer/src/i18n/id'
import { en } from '../../src-renderer/src/i18n/en'
import { verdictKey } from '../../src-renderer/src/rows/row-text'
import { kindViews } from '../../src-main/core/kinds/registry'
import { rowFilterSchema, type RowView } from '../../src-main/contract/ipc'
import { readBook } from './reports-fixtures'

const face = (f: string): string => join(SHARED_DIR, 'fixtures/faces', f)

const rig = useSandboxEngine({ sandbox: { args: ['--balance', '1000000'] } })

/** The label in the report's results sheet for each row (by its row id column). */
async function reportLabels(file: string, lang: 'id' | 'en'): Promise<Map<number, string>> {
  const L = labelsFor(lang)
  const ws = (await readBook(file)).getWorksheet(L.sheets.results)!
  const headers = (ws.getRow(1).values as unknown[]).map((v) => String(v ?? ''))
  const resultCol = headers.indexOf(L.face.result)
  const rowIdCol = headers.indexOf(L.face.rowId)
  expect(resultCol).toBeGreaterThan(0)
  const out = new Map<number, string>()
  for (let r = 2; r <= ws.rowCount; r++) {
    const row = ws.getRow(r)
    out.set(Number(row.getCell(rowIdCol).value), String(row.getCell(resultCol).text))
  }
  return out
}

/** A face job whose matches all fall inside the band [0.5, 1] (planned and run once for the tests below). */
let faceJob: Promise<{ jobId: string; rows: RowView[] }> | undefined
function bandedFaceJob(): Promise<{ jobId: string; rows: RowView[] }> {
  faceJob ??= (async () => {
    const file = join(rig.dir, 'kyc.csv')
    writeFileSync(
      file,
      [
        'NIK,Nama,Foto KTP,Foto Selfie',
        `3273010101010001,Same person,${face('obama_1.jpg')},${face('obama_2.jpg')}`,
        `3273010101010002,Different people,${face('obama_1.jpg')},${face('biden_1.jpg')}`,
        `3273010101010003,Missing photo,${face('does-not-exist.jpg')},${face('biden_1.jpg')}`,
        `3273010101010004,Same person (2),${face('biden_1.jpg')},${face('biden_2.jpg')}`,
        `3273010101010005,Duplicate of row 1,${face('obama_1.jpg')},${face('obama_2.jpg')}`,
      ].join('\n'),
    )
    // Every match scores above 0.5: a band [0.5, 1] sends them all to review; the no-match stays.
    const plan = await rig.harness.engine.plan({ file, kind: 'face-match', settings: rig.harness.settings({ concurrency: 2, reviewBand: [0.5, 1] }) })
    await rig.harness.engine.start(plan.jobId)
    expect((await rig.harness.engine.settled(plan.jobId)).state).toBe('done')
    return { jobId: plan.jobId, rows: rig.harness.engine.rows(plan.jobId, 0, 100).rows }
  })()
  return faceJob
}

describe('the app and the report give every row the same label', () => {
  it('with a review band, in Indonesian and English', async () => {
    const { jobId, rows } = await bandedFaceJob()
    expect(rows).toHaveLength(5)

    for (const [lang, messages] of [['id', id], ['en', en]] as const) {
      const i18n = createI18n({ legacy: false, locale: lang, messages: { [lang]: messages } })
      const shown = new Map(rows.map((r) => [r.rowNo, i18n.global.t(verdictKey(r))]))
      const out = join(rig.dir, `report-${lang}.xlsx`)
      await writeJobReport(rig.harness.store, jobId, { out, lang })
      const written = await reportLabels(out, lang)
      expect(Object.fromEntries(shown)).toEqual(Object.fromEntries(written))
      const L = labelsFor(lang)
      // the band matters: matches are under review, the no-match and the missing photo are not
      expect(shown.get(1)).toBe(L.outcomes.review)
      expect(shown.get(2)).toBe(L.outcomes['no-match'])
      expect(shown.get(3)).toBe(L.outcomes.failed)
      expect(shown.get(4)).toBe(L.outcomes.review)
    }
  })

  it('the results filter selects by that same verdict: its count = the rows it lists = the report rows with that label', async () => {
    const { jobId, rows } = await bandedFaceJob()
    // the choices the app's filter lists (app.info's KindView): the band's own verdict among them
    const choices = kindViews().find((k) => k.kind === 'face-match')!.verdictFilters
    expect(choices).toContain('review')
    const out = join(rig.dir, 'report-filter-en.xlsx')
    await writeJobReport(rig.harness.store, jobId, { out, lang: 'en' })
    const written = await reportLabels(out, 'en')
    const L = labelsFor('en')
    for (const verdict of choices) {
      // what the renderer sends (ResultsTable), through the command's own schema, to the query behind jobs.rows
      const filter = rowFilterSchema.parse({ verdict })
      const page = rig.harness.engine.rows(jobId, 0, 100, filter)
      const listed = page.rows.map((r) => r.rowNo)
      expect(page.total, verdict).toBe(listed.length)
      expect(listed, verdict).toEqual(rows.filter((r) => r.verdict === verdict).map((r) => r.rowNo))
      expect(listed, verdict).toEqual([...written].filter(([, label]) => label === L.outcomes[verdict]).map(([rowNo]) => rowNo))
    }
    // inside the band nothing is a plain match: "match" finds none, "review" finds the three matches
    expect(rig.harness.engine.rows(jobId, 0, 100, rowFilterSchema.parse({ verdict: 'match' })).total).toBe(0)
    expect(rig.harness.engine.rows(jobId, 0, 100, rowFilterSchema.parse({ verdict: 'review' })).total).toBe(3)
  })
})
