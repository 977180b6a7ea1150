/**
 * `rekap verify` on a report whose cell was edited and whose row was hidden, checked without the
 * data that wrote it (no data file at hand, or another data file): the hidden row is found by the
 * checks beside the digest, yet the closing note said "only the digest was checked" under that
 * very finding. The note now says what was checked. (The digest-holds case: cli-verify-checked-note.)
 * Real sandbox run; the edits made by openpyxl (another writer).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { EXIT } from '../../src-main/cli/exit-codes'
import { rekap } from '../helpers/rekap-process'
import { makeTempDir, REPO_ROOT } from '../helpers/temp-dir'

let tmp: ReturnType<typeof makeTempDir>
let edited: string
let otherDb: string

beforeAll(async () => {
  tmp = makeTempDir('rekap-verify-note-no-data-')
  const report = join(tmp.dir, 'laporan.xlsx')
  const run = await rekap(['run', join(REPO_ROOT, 'examples/hospitals/hospital-codes.xlsx'), '--out', report, '--db', join(tmp.dir, 'rekap.db')], { REKAP_LANG: 'id' })
  expect(run.code, run.out + run.err).toBe(EXIT.ok)
  // another data file: one this report was not written from
  otherDb = join(tmp.dir, 'lain.db')
  expect((await rekap(['run', join(REPO_ROOT, 'examples/hospitals/hospital-codes.xlsx'), '--dry-run', '--db', otherDb])).code).toBe(EXIT.ok)
  edited = join(tmp.dir, 'diubah.xlsx')
  const py = `import sys, openpyxl\nwb = openpyxl.load_workbook(sys.argv[1])\nws = wb['Hasil']\nws.row_dimensions[3].hidden = True\nws['B4'].value = 'diubah'\nwb.save(sys.argv[2])\n`
  execFileSync('/usr/bin/python3', ['-c', py, report, edited])
}, 120_000)

afterAll(() => tmp?.cleanup())

const BESIDE_ID = 'cara sel ditampilkan (format angka; baris, kolom dan lembar yang disembunyikan) serta baris ringkasan yang tidak dicakup digest'
const BESIDE_EN = 'how cells are shown (number formats; hidden rows, columns and sheets) and the summary lines the digest leaves out'

describe('verify without the data behind a report: the closing note says what was checked', () => {
  it('no data file at hand', async () => {
    const env = { REKAP_DB: join(tmp.dir, 'tidak-ada.db') }
    const id = await rekap(['verify', edited], { ...env, REKAP_LANG: 'id' })
    expect(id.code, id.out + id.err).toBe(EXIT.unexpected)
    expect(id.out).toMatch(/lembar "Hasil", baris 3 disembunyikan/)
    expect(id.out).toContain(
      `catatan: tidak ada berkas data rekap: yang diperiksa adalah digest, yang menyebut lembar tetapi bukan barisnya (beri --db BERKAS untuk menemukan baris dan kolomnya), dan di luar digest, ${BESIDE_ID}`,
    )
    expect(id.out).not.toContain('hanya digest yang diperiksa')
    const en = await rekap(['verify', edited], { ...env, REKAP_LANG: 'en' })
    expect(en.out).toContain('sheet "Hasil", row 3 is hidden')
    expect(en.out).toContain(
      `note: no rekap data file at hand: checked the digest, which names the sheet but not the row (pass --db FILE to find the row and column), and beside it ${BESIDE_EN}`,
    )
    expect(en.out).not.toContain('checked the digest alone')
  }, 60_000)

  it('another data file', async () => {
    const id = await rekap(['verify', edited, '--db', otherDb], { REKAP_LANG: 'id' })
    expect(id.code, id.out + id.err).toBe(EXIT.unexpected)
    expect(id.out).toMatch(/lembar "Hasil", baris 3 disembunyikan/)
    expect(id.out).toMatch(new RegExp(`bukan yang menulis laporan ini \\([^)]*\\): yang diperiksa adalah digest, dan di luar digest, ${BESIDE_ID.replace(/[()]/g, '\\$&')}`))
    expect(id.out).not.toContain('hanya digest yang diperiksa')
    const en = await rekap(['verify', edited, '--db', otherDb], { REKAP_LANG: 'en' })
    expect(en.out).toMatch(new RegExp(`is not the one that wrote this report \\([^)]*\\): checked the digest and, beside it, ${BESIDE_EN.replace(/[()]/g, '\\$&')}`))
    expect(en.out).not.toContain('checked the digest alone')
  }, 60_000)
})
