/**
 * A printed report writes every number in the report's language, whatever locale the reader's
 * LibreOffice is set to. The review band and the summary's notes are text rekap writes in the
 * report's notation (0,45 - 0,55 in Indonesian); scores, amounts and counts are numbers, shown by
 * the program's locale: an Indonesian report printed on an English-locale LibreOffice showed
 * "0.9926" beside "0,45 - 0,55" and "Rp2,800" below "biaya paling banyak Rp3.200" (and an English
 * report on an Indonesian one the mirror). Through the real parts: a sandbox run of the KYC example
 * with a review band, its report in both languages printed by LibreOffice set to the other
 * language's locale, the words read back with pdftotext; verify after LibreOffice saves it again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { rekap } from '../helpers/rekap-process'
import { pdfPages, sofficeConvert } from '../helpers/libreoffice'
import { makeTempDir, REPO_ROOT } from '../helpers/temp-dir'
import { entryText, readRawZip, withPart, writeRawZip } from '../fixtures/builders/zip-surgery'

let tmp: ReturnType<typeof makeTempDir>
let db: string
let jobId: string

beforeAll(async () => {
  tmp = makeTempDir()
  db = join(tmp.dir, 'rekap.db')
  const run = await rekap(['run', join(REPO_ROOT, 'examples/kyc/kyc-sample.xlsx'), '--yes', '--review-band', '0.45,0.55', '--db', db, '--out', join(tmp.dir, 'run.xlsx')])
  expect(run.code, run.out + run.err).toBe(0)
  jobId = /^job (\S+)/.exec(run.out)![1]
}, 180_000)

afterAll(() => tmp?.cleanup())

/** The printed words that are a score (four decimals) or a Rupiah amount of four digits or more. */
function printedNumbers(text: string): { scores: string[]; amounts: string[] } {
  return {
    scores: [...text.matchAll(/(?<![\d.,])\d[.,]\d{4}(?![\d.,])/g)].map((m) => m[0]),
    amounts: [...text.matchAll(/Rp\d{1,3}(?:[.,]\d{3})+(?![\d.,])/g)].map((m) => m[0]),
  }
}

describe('a printed report shows numbers in its own language, whatever the reader LibreOffice locale', () => {
  it.each([
    // report language, LibreOffice's locale, the report's decimal mark and grouping mark, the band as its text says it
    ['id', 'en-US', ',', '.', '0,45 - 0,55'],
    ['en', 'id-ID', '.', ',', '0.45 - 0.55'],
  ])('the %s report printed by a %s LibreOffice: scores and amounts use the band text notation', async (lang, locale, decimal, grouping, band) => {
    const xlsx = join(tmp.dir, `laporan-${lang}.xlsx`)
    const r = await rekap(['export', jobId, '--out', xlsx, '--lang', lang, '--db', db])
    expect(r.code, r.out + r.err).toBe(0)
    const [pdf] = sofficeConvert([xlsx], join(tmp.dir, `pdf-${lang}`), 'pdf', undefined, locale)
    const text = pdfPages(pdf).join('\n')
    expect(text).toContain(band)
    const { scores, amounts } = printedNumbers(text)
    // the sample has 7 scored rows and costs of Rp2,800 on the summary
    expect(scores.length).toBeGreaterThanOrEqual(7)
    expect(amounts.length).toBeGreaterThanOrEqual(2)
    expect(scores.filter((s) => s[1] !== decimal)).toEqual([])
    expect(amounts.filter((a) => !a.includes(grouping))).toEqual([])
  }, 180_000)

  it('a report LibreOffice saved again, untouched, still verifies (its number formats are the ones rekap writes)', async () => {
    const xlsx = join(tmp.dir, 'laporan-resave.xlsx')
    const r = await rekap(['export', jobId, '--out', xlsx, '--lang', 'id', '--db', db])
    expect(r.code, r.out + r.err).toBe(0)
    const [resaved] = sofficeConvert([xlsx], join(tmp.dir, 'lo'), 'xlsx:Calc MS Excel 2007 XML', undefined, 'en-US')
    const v = await rekap(['verify', resaved, '--db', db])
    expect(v.code, v.out + v.err).toBe(0)
    expect(v.out).toContain('unchanged')
  }, 180_000)

  it('a report written before the tags (its formats untagged, "0.0000") still verifies: the auditor keeps last month reports', async () => {
    const xlsx = join(tmp.dir, 'laporan-untagged.xlsx')
    const r = await rekap(['export', jobId, '--out', xlsx, '--lang', 'id', '--db', db])
    expect(r.code, r.out + r.err).toBe(0)
    // the formats as the rekap before wrote them; values, digest and signature untouched
    const entries = readRawZip(readFileSync(xlsx))
    const styles = entryText(entries.find((e) => e.name === 'xl/styles.xml')!)
    expect(styles).toContain('[$-421]0.0000')
    writeFileSync(xlsx, writeRawZip(withPart(entries, 'xl/styles.xml', styles.replaceAll('[$-421]', ''))))
    const v = await rekap(['verify', xlsx, '--db', db])
    expect(v.code, v.out + v.err).toBe(0)
    expect(v.out).toContain('unchanged')
  }, 180_000)
})
