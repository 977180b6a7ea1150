/**
 * `rekap verify` on edits the content digest cannot see, through the real CLI on a report of a
 * real sandbox run (the KYC example), each edit made by openpyxl (a second, independent writer):
 * - a row added anywhere whose first cell is one of the summary's digest or signature labels
 *   (the digest leaves such rows out) used to verify as unchanged, exit 0;
 * - the summary's signer line (the fingerprint, not signed) changed to another key's fingerprint
 *   used to verify as unchanged, the report stating a signer that did not sign it;
 * - sheets moved into another order used to be reported as "the digest lines were changed";
 * - a number format that prints other words than the cell holds (`;;;"COCOK"` on a TIDAK COCOK
 *   cell prints COCOK, LibreOffice's PDF shows it) and a hidden row (not printed) used to verify
 *   as unchanged: the digest covers values, not how they are shown.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { rekap } from '../helpers/rekap-process'
import { pdfPages, sofficeConvert } from '../helpers/libreoffice'
import { makeTempDir, REPO_ROOT } from '../helpers/temp-dir'

let tmp: ReturnType<typeof makeTempDir>
let db: string
let report: string

/** A copy of the report with `edit` (python, `wb` open) applied by openpyxl. */
function editedWithOpenpyxl(name: string, edit: string): string {
  const out = join(tmp.dir, name)
  const py = `import sys, openpyxl\nwb = openpyxl.load_workbook(sys.argv[1])\n${edit}\nwb.save(sys.argv[2])\n`
  execFileSync('/usr/bin/python3', ['-c', py, report, out])
  return out
}

beforeAll(async () => {
  tmp = makeTempDir()
  db = join(tmp.dir, 'rekap.db')
  report = join(tmp.dir, 'laporan.xlsx')
  const run = await rekap(['run', join(REPO_ROOT, 'examples/kyc/kyc-sample.xlsx'), '--out', report, '--yes', '--db', db], { REKAP_LANG: 'id' })
  expect(run.code, run.out + run.err).toBe(0)
}, 180_000)

afterAll(() => tmp?.cleanup())

describe('verify: edits the digest leaves out are changes', () => {
  it('the report as written, and re-saved by openpyxl untouched, is unchanged (exit 0)', async () => {
    for (const file of [report, editedWithOpenpyxl('untouched.xlsx', '')]) {
      const r = await rekap(['verify', file, '--db', db], { REKAP_LANG: 'id' })
      expect(r.out, r.err).toMatch(/^tidak berubah/)
      expect(r.code).toBe(0)
    }
  }, 60_000)

  it('a row labelled like the signature line added to the results: changed, naming sheet and row (exit 1)', async () => {
    const file = editedWithOpenpyxl('added-row.xlsx', `wb['Hasil'].append(['Tanda tangan digest (Ed25519)', 'disetujui auditor', 'COCOK'])`)
    const r = await rekap(['verify', file, '--db', db], { REKAP_LANG: 'id' })
    expect(r.out).toMatch(/^BERUBAH/)
    expect(r.out).toMatch(/lembar "Hasil", baris 14: baris berlabel "Tanda tangan digest \(Ed25519\)" yang tidak ditulis rekap di sana/)
    expect(r.code).toBe(1)
    const en = await rekap(['verify', file, '--db', db, '--lang', 'en'])
    expect(en.out).toMatch(/sheet "Hasil", row 14: a row labelled "Tanda tangan digest \(Ed25519\)" that rekap does not write there/)
    expect(en.code).toBe(1)
  }, 60_000)

  it('a cell written beside the digest line on the summary: changed (exit 1)', async () => {
    const edit = `ws = wb['Ringkasan']\nfor row in ws.iter_rows():\n    if row[0].value == 'Digest isi laporan (SHA-256)': ws.cell(row[0].row, 3).value = 'diperiksa: semua baris COCOK'`
    const r = await rekap(['verify', editedWithOpenpyxl('beside-digest.xlsx', edit), '--db', db], { REKAP_LANG: 'id' })
    expect(r.out).toMatch(/lembar "Ringkasan", baris \d+: baris berlabel "Digest isi laporan \(SHA-256\)"/)
    expect(r.code).toBe(1)
  }, 60_000)

  it("the signer line changed to another fingerprint: changed, stating both (exit 1)", async () => {
    const fake = 'SHA256:' + 'A'.repeat(43)
    const edit = `ws = wb['Ringkasan']\nfor row in ws.iter_rows():\n    if row[0].value == 'Penanda tangan (sidik jari kunci Ed25519)': row[1].value = '${fake}'`
    const file = editedWithOpenpyxl('signer-line.xlsx', edit)
    const r = await rekap(['verify', file, '--db', db], { REKAP_LANG: 'id' })
    expect(r.out).toMatch(new RegExp(`baris penanda tangan di ringkasan menyebut ${fake}, tetapi sidik jari kunci publik di bawahnya adalah SHA256:[A-Za-z0-9+/]{43}`))
    expect(r.code).toBe(1)
    const en = await rekap(['verify', file, '--lang', 'en'], { REKAP_DB: join(tmp.dir, 'elsewhere.db') })
    expect(en.out).toMatch(new RegExp(`the summary's signer line states ${fake}, but the public key below it has the fingerprint SHA256:`))
    expect(en.code).toBe(1)
  }, 60_000)

  it('sheets put in another order: says so with both orders, not that the digest lines changed (exit 1)', async () => {
    const file = editedWithOpenpyxl('reordered.xlsx', `wb.move_sheet('Tinjauan', offset=-1)`)
    for (const args of [['--db', db], []]) {
      const r = await rekap(['verify', file, ...args], { REKAP_LANG: 'id', REKAP_DB: join(tmp.dir, 'elsewhere.db') })
      expect(r.out).toMatch(/urutan lembar berubah: sekarang "Ringkasan", "Hasil", "Tinjauan", "Galat", ditulis rekap sebagai "Ringkasan", "Hasil", "Galat", "Tinjauan"/)
      expect(r.out).not.toMatch(/baris digest laporan di lembar ringkasan diubah/)
      expect(r.code).toBe(1)
    }
  }, 60_000)

  it('a format that prints NO MATCH as MATCH, and a hidden row: changed, naming the cells and the row (exit 1)', async () => {
    // row 4 of the results is ID Baris 3, TIDAK COCOK; row 6 is ID Baris 5
    const edit = `ws = wb['Hasil']\nassert ws.cell(4, 7).value == 'TIDAK COCOK'\nws.cell(4, 7).number_format = ';;;"COCOK"'\nws.row_dimensions[6].hidden = True`
    const file = editedWithOpenpyxl('shown-otherwise.xlsx', edit)
    // what a printed copy shows: COCOK where the cell holds TIDAK COCOK, and no row for ID Baris 5
    const [pdf] = sofficeConvert([file], join(tmp.dir, 'pdf'), 'pdf')
    const printed = pdfPages(pdf).join('\n')
    // the first part of the row across pages: its input columns, then Hasil
    const shown = printed.split('\n').find((l) => l.includes('Ni Made Sari') && l.includes('Denpasar'))
    expect(shown).toMatch(/Denpasar\s+COCOK\s/)
    expect(printed).not.toMatch(/Nurul Hidayah/)
    const r = await rekap(['verify', file, '--db', db], { REKAP_LANG: 'id' })
    expect(r.out).toMatch(/^BERUBAH/)
    expect(r.out).toContain('lembar "Hasil", baris 4, kolom G: format angka ";;;\\"COCOK\\"" bukan format yang ditulis rekap')
    expect(r.out).toContain('lembar "Hasil", baris 6 disembunyikan')
    expect(r.code).toBe(1)
    const en = await rekap(['verify', file, '--lang', 'en'], { REKAP_DB: join(tmp.dir, 'elsewhere.db') })
    expect(en.out).toContain('sheet "Hasil", row 6 is hidden (not shown, not printed; rekap hides nothing)')
    expect(en.code).toBe(1)
  }, 120_000)

  it('the report re-saved by LibreOffice, untouched (its own spelling of the date format): unchanged (exit 0)', async () => {
    const [resaved] = sofficeConvert([report], join(tmp.dir, 'lo'), 'xlsx:Calc MS Excel 2007 XML')
    const r = await rekap(['verify', resaved, '--db', db], { REKAP_LANG: 'id' })
    expect(r.out, r.err).toMatch(/^tidak berubah/)
    expect(r.code).toBe(0)
  }, 120_000)
})
