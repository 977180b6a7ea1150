/**
 * A printed report has no text printed over other text. A wrapped cell's row height was counted in
 * characters (the text's length over the characters a line holds), not in the words that wrap: the
 * summary's "Ambang keputusan" / "Decision threshold" note needs three lines, was given two, and
 * LibreOffice printed its first line over the "Pita tinjauan" row above it. Through the real parts:
 * a sandbox run of the KYC example, its report in both languages, printed by LibreOffice, every
 * word's box read back with pdftotext -bbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { rekap } from '../helpers/rekap-process'
import { pdfOverprints, pdfWords, sofficeConvert } from '../helpers/libreoffice'
import { makeTempDir, REPO_ROOT } from '../helpers/temp-dir'

let tmp: ReturnType<typeof makeTempDir>
let db: string
let jobId: string

beforeAll(async () => {
  tmp = makeTempDir()
  db = join(tmp.dir, 'rekap.db')
  const run = await rekap(['run', join(REPO_ROOT, 'examples/kyc/kyc-sample.xlsx'), '--yes', '--db', db, '--out', join(tmp.dir, 'run.xlsx')])
  expect(run.code, run.out + run.err).toBe(0)
  jobId = /^job (\S+)/.exec(run.out)![1]
}, 180_000)

afterAll(() => tmp?.cleanup())

describe('printed reports: no text over other text', () => {
  it.each([
    ['id', 'Ambang'],
    ['en', 'threshold'],
  ])('the %s report printed by LibreOffice: no word overprints another; the threshold note is printed whole', async (lang, word) => {
    const xlsx = join(tmp.dir, `laporan-${lang}.xlsx`)
    const r = await rekap(['export', jobId, '--out', xlsx, '--lang', lang, '--db', db])
    expect(r.code, r.out + r.err).toBe(0)
    const [pdf] = sofficeConvert([xlsx], join(tmp.dir, `pdf-${lang}`), 'pdf')
    const overprints = pdfOverprints(pdf).map(([a, b]) => `page ${a.page}: "${a.text}" and "${b.text}"`)
    expect(overprints).toEqual([])
    expect(pdfWords(pdf).some((w) => w.text === word)).toBe(true)
  }, 180_000)
})
