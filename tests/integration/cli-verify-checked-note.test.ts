/**
 * `rekap verify` on a report whose values are as rekap wrote them (the digest holds) but whose
 * row is hidden: the change is found by the checks beside the digest (how cells are shown), and
 * the closing note used to say "only the digest was checked" under that very finding. The note
 * now says what was checked. Real sandbox run, the edit made by openpyxl (another writer).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { EXIT } from '../../src-main/cli/exit-codes'
import { rekap } from '../helpers/rekap-process'
import { makeTempDir, REPO_ROOT } from '../helpers/temp-dir'

let tmp: ReturnType<typeof makeTempDir>
let db: string
let hidden: string

beforeAll(async () => {
  tmp = makeTempDir('rekap-verify-note-')
  db = join(tmp.dir, 'rekap.db')
  const report = join(tmp.dir, 'laporan.xlsx')
  const run = await rekap(['run', join(REPO_ROOT, 'examples/hospitals/hospital-codes.xlsx'), '--out', report, '--db', db], { REKAP_LANG: 'id' })
  expect(run.code, run.out + run.err).toBe(EXIT.ok)
  hidden = join(tmp.dir, 'baris-tersembunyi.xlsx')
  const py = `import sys, openpyxl\nwb = openpyxl.load_workbook(sys.argv[1])\nwb['Hasil'].row_dimensions[3].hidden = True\nwb.save(sys.argv[2])\n`
  execFileSync('/usr/bin/python3', ['-c', py, report, hidden])
}, 120_000)

afterAll(() => tmp?.cleanup())

describe('verify: the closing note says what was checked', () => {
  it('with and without the data file, in both languages: the hidden row, then a note naming the checks beside the digest', async () => {
    for (const withDb of [true, false]) {
      const args = ['verify', hidden, ...(withDb ? ['--db', db] : [])]
      const env = withDb ? {} : { REKAP_DB: join(tmp.dir, 'tidak-ada.db') }
      const id = await rekap(args, { ...env, REKAP_LANG: 'id' })
      expect(id.code, id.out + id.err).toBe(EXIT.unexpected)
      expect(id.out).toMatch(/lembar "Hasil", baris 3 disembunyikan/)
      expect(id.out).toContain('catatan: digest cocok: nilai setiap sel seperti yang ditulis rekap; perubahan di atas ditemukan oleh pemeriksaan di luar digest')
      expect(id.out).not.toContain('hanya digest yang diperiksa')
      const en = await rekap(args, { ...env, REKAP_LANG: 'en' })
      expect(en.code, en.out + en.err).toBe(EXIT.unexpected)
      expect(en.out).toContain('sheet "Hasil", row 3 is hidden')
      expect(en.out).toContain("note: the digest matches: every cell's value is as rekap wrote it; the changes above were found by the checks beside the digest")
      expect(en.out).not.toContain('checked the digest alone')
    }
  }, 60_000)
})
