import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import { makeTempDir, REPO_ROOT } from '../helpers/temp-dir'
import { LOST_NIK, OVERLONG_NAME, ROUNDED_NIK, writeNikWorkbook } from '../helpers/doubted-nik-workbook'

interface Run {
  code: number | null
  out: string
  err: string
}

/** The real `rekap` binary; the language comes only from what each test passes. */
function rekap(args: string[], env: Record<string, string | undefined> = {}): Promise<Run> {
  const base: NodeJS.ProcessEnv = { ...process.env, REKAP_API_KEY: '', REKAP_LANG: undefined, LC_ALL: undefined, LC_MESSAGES: undefined, LANG: 'C.UTF-8' }
  const merged = { ...base, ...env }
  for (const k of Object.keys(merged)) if (merged[k] === undefined) delete merged[k]
  const child = spawn(process.execPath, ['bin/rekap.mjs', ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: merged })
  let out = ''
  let err = ''
  child.stdout.on('data', (d) => (out += d))
  child.stderr.on('data', (d) => (err += d))
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, out, err })))
}

const KYC = join(REPO_ROOT, 'examples/kyc/kyc-sample.xlsx')
const { dir, cleanup } = makeTempDir('rekap-cli-messages-')
const db = (name: string): string => join(dir, name, 'rekap.db')
let twoSheets = ''
let blankFirst = ''
let roundedNik = ''
let lostNikLongName = ''
let shortNik = ''

beforeAll(async () => {
  // First sheet: notes a person keeps beside the data; the second is a hospital code list.
  const wb = new ExcelJS.Workbook()
  const notes = wb.addWorksheet('Catatan')
  notes.addRow(['Tanggal', 'Keterangan'])
  notes.addRow(['2026-01-02', 'dikirim ke auditor'])
  const codes = wb.addWorksheet('Daftar RS')
  codes.addRow(['Kode RS', 'Nama'])
  codes.addRow(['3171015', 'RS Satu'])
  codes.addRow(['3171026', 'RS Dua'])
  twoSheets = join(dir, 'two-sheets.xlsx')
  await wb.xlsx.writeFile(twoSheets)
  // Excel's blank first sheet left in front of the data (a new workbook's Sheet1, the data pasted in Sheet2)
  const blank = new ExcelJS.Workbook()
  blank.addWorksheet('Sheet1')
  const list = blank.addWorksheet('Daftar RS')
  list.addRow(['Kode RS', 'Nama'])
  list.addRow(['3171015', 'RS Satu'])
  blankFirst = join(dir, 'blank-first.xlsx')
  await blank.xlsx.writeFile(blankFirst)
  // NIKs typed into a number-formatted column: Excel kept 15 digits, 3273015708920003 became ...0000
  roundedNik = await writeNikWorkbook(join(dir, 'rounded-nik.xlsx'), [
    [ROUNDED_NIK, 'Ayu Lestari'],
    ['3171024112950001', 'Siti Rahmawati'],
  ])
  // a 17-digit NIK kept as a number (digits gone for good) and a name pasted past Excel's 32,767 characters
  lostNikLongName = await writeNikWorkbook(join(dir, 'lost-nik-long-name.xlsx'), [
    [LOST_NIK, 'Ayu Lestari'],
    ['3171024112950001', OVERLONG_NAME],
  ])
  // NIKs typed as text with a digit too few, one too many, and a letter O for a zero: not sent, so not a failed row
  shortNik = await writeNikWorkbook(join(dir, 'short-nik.xlsx'), [
    ['327301570892000', 'Ayu Lestari'],
    ['32730157089200031', 'Budi Santoso'],
    ['3273O15708920003', 'Citra Dewi'],
    ['3171024112950001', 'Siti Rahmawati'],
  ])
  mkdirSync(join(dir, 'out.xlsx'), { recursive: true }) // a folder where a report file should go
})
afterAll(() => cleanup())

describe('usage errors exit 2 with one line and a hint (not 1 with the whole help)', () => {
  const cases: Array<[string, string[], RegExp]> = [
    ['an unknown option', ['run', KYC, '--frob'], /unknown option --frob/],
    ['a bad choice', ['run', KYC, '--kind', 'pets'], /--kind "pets" is not one of: face-match, /],
    ['--budget abc', ['run', KYC, '--budget', 'abc'], /--budget: "abc" is not an amount in Rupiah/],
    ['a bad --review-band', ['run', KYC, '--review-band', '0.9,0.1'], /--review-band: "0\.9,0\.1" must be two scores/],
    ['an unknown command', ['frobnicate'], /unknown command "frobnicate"/],
    ['a missing argument', ['run'], /missing argument <file>/],
    ['a missing required option', ['export', 'j123'], /required option --out is missing/],
  ]
  for (const [what, args, reason] of cases) {
    it(what, async () => {
      const r = await rekap([...args, '--lang', 'en'])
      expect(r.code).toBe(2)
      const lines = r.err.trim().split('\n')
      expect(lines).toHaveLength(2)
      expect(lines[0]).toMatch(/^rekap: /)
      expect(lines[0]).toMatch(reason)
      expect(lines[1]).toMatch(/^see: rekap( \w[\w-]*)? --help$/)
      expect(r.err).not.toContain('Usage:')
      expect(r.out).toBe('')
    })
  }
  it('in Indonesian by default', async () => {
    const r = await rekap(['run', KYC, '--budget', 'abc'])
    expect(r.code).toBe(2)
    expect(r.err.trim().split('\n')).toEqual(['rekap: --budget: "abc" bukan jumlah Rupiah (contoh: 150000 atau 150.000)', 'lihat: rekap run --help'])
  })
})

describe('language: --lang, then REKAP_LANG, then the system locale, then Indonesian', () => {
  const args = (name: string) => ['jobs', '--db', db(name)]
  it('Indonesian when nothing says otherwise (LANG=C)', async () => {
    expect((await rekap(args('l1'))).out).toMatch(/^belum ada pekerjaan/)
  })
  it('the system locale', async () => {
    expect((await rekap(args('l2'), { LANG: 'en_US.UTF-8' })).out).toMatch(/^no jobs yet/)
    expect((await rekap(args('l3'), { LANG: 'en_US.UTF-8', LC_ALL: 'id_ID.UTF-8' })).out).toMatch(/^belum ada pekerjaan/)
  })
  it('REKAP_LANG over the locale', async () => {
    expect((await rekap(args('l4'), { LANG: 'en_US.UTF-8', REKAP_LANG: 'id' })).out).toMatch(/^belum ada pekerjaan/)
    expect((await rekap(args('l5'), { LANG: 'id_ID.UTF-8', REKAP_LANG: 'en' })).out).toMatch(/^no jobs yet/)
  })
  it('--lang over everything, before or after the command', async () => {
    expect((await rekap([...args('l6'), '--lang', 'en'], { REKAP_LANG: 'id', LANG: 'id_ID.UTF-8' })).out).toMatch(/^no jobs yet/)
    expect((await rekap(['--lang', 'id', ...args('l7')], { REKAP_LANG: 'en' })).out).toMatch(/^belum ada pekerjaan/)
  })
})

describe('rekap run says what it guessed; machine-read output is the same in every language', () => {
  it('prints the job kind and the column mapping before the plan, with Rp formatted per language', async () => {
    const idRun = await rekap(['run', KYC, '--dry-run', '--db', db('g1')])
    const enRun = await rekap(['run', KYC, '--dry-run', '--db', db('g1'), '--lang', 'en'])
    for (const r of [idRun, enRun]) {
      expect(r.code).toBe(0)
      expect(r.out.split('\n')[0]).toMatch(/^job j[0-9a-f]+$/)
    }
    const guess = enRun.out.indexOf('job kind (guessed from the columns of sheet "Data KYC"): face-match; override with --kind')
    const mapping = enRun.out.indexOf('columns: image1 ← "Foto KTP", image2 ← "Foto Selfie"')
    const plan = enRun.out.indexOf('plan: ')
    expect(guess).toBeGreaterThan(0)
    expect(mapping).toBeGreaterThan(guess)
    expect(plan).toBeGreaterThan(mapping)
    expect(idRun.out).toContain('jenis pekerjaan (tebakan dari kolom lembar "Data KYC"): face-match')
    expect(enRun.out).toContain('cost at most Rp3,200')
    expect(idRun.out).toContain('biaya paling banyak Rp3.200')
    // pre-flight problems name file, sheet, row and column once; Indonesian gives its reason and the path (issue 23 item 15)
    expect(enRun.out).toContain('  kyc-sample.xlsx, sheet "Data KYC", row 10, column "Foto KTP": file not found: photos/ktp-06.jpg')
    expect(idRun.out).toContain(
      '  kyc-sample.xlsx, lembar "Data KYC", baris 10, kolom "Foto KTP": Berkas foto tidak ditemukan (tidak dikirim, tidak ditagih) — photos/ktp-06.jpg',
    )
  })
  it('--json is the same document in both languages', async () => {
    const a = await rekap(['run', KYC, '--dry-run', '--json', '--db', db('g2')])
    const b = await rekap(['run', KYC, '--dry-run', '--json', '--db', db('g2'), '--lang', 'en'])
    const shape = (s: string) => {
      const j = JSON.parse(s.trim())
      return { keys: Object.keys(j), planKeys: Object.keys(j.plan), state: j.state, problems: j.plan.problems }
    }
    expect(shape(a.out)).toEqual(shape(b.out))
  })
  it('when the first sheet does not fit, names the sheets that would (--sheet)', async () => {
    const r = await rekap(['run', twoSheets, '--dry-run', '--db', db('s1'), '--lang', 'en'])
    expect(r.code).toBe(2)
    expect(r.err).toContain('sheet "Catatan"')
    expect(r.err).toContain('sheets that would fit: "Daftar RS" (hospital-lookup); choose one with --sheet "NAME"')
    const ok = await rekap(['run', twoSheets, '--sheet', 'Daftar RS', '--dry-run', '--db', db('s1'), '--lang', 'en'])
    expect(ok.code).toBe(0)
    expect(ok.out).toContain('hospital-lookup')
  })
  it('an empty first sheet (Excel\'s blank Sheet1 before the data) names the sheets that would fit, in both languages', async () => {
    const en = await rekap(['run', blankFirst, '--dry-run', '--db', db('s3'), '--lang', 'en'])
    expect(en.code).toBe(2)
    expect(en.err).toContain('sheet "Sheet1": the sheet is empty')
    expect(en.err).toContain('sheets that would fit: "Daftar RS" (hospital-lookup); choose one with --sheet "NAME"')
    const id = await rekap(['run', blankFirst, '--kind', 'hospital-lookup', '--dry-run', '--db', db('s3'), '--lang', 'id'])
    expect(id.code).toBe(2)
    expect(id.err).toContain('lembar ini kosong')
    expect(id.err).toContain('lembar lain yang cocok: "Daftar RS" (hospital-lookup); pilih dengan --sheet "NAMA"')
  })
  it('a NIK stored as a number that Excel may have rounded (16 digits ending in 0) is said in the plan, in both languages, not kept silent', async () => {
    const en = await rekap(['run', roundedNik, '--dry-run', '--db', db('n1'), '--lang', 'en'])
    expect(en.code, en.out + en.err).toBe(0)
    expect(en.out).toContain('pre-flight: 2 rows, 2 OK')
    expect(en.out).toMatch(/1 cell\(s\) to check before paying/)
    expect(en.out).toContain('row 2, column "NIK": NIK stored as a number ends in 0 (3273015708920000); Excel keeps only 15 significant digits')
    const id = await rekap(['run', roundedNik, '--dry-run', '--db', db('n2'), '--lang', 'id'])
    expect(id.code, id.out + id.err).toBe(0)
    expect(id.out).toMatch(/1 sel perlu diperiksa sebelum membayar/)
    expect(id.out).toContain('baris 2, kolom "NIK": NIK tersimpan sebagai angka dan berakhir 0')
    // the Indonesian line names the NIK, without the importer's English
    expect(id.out).toContain('NIK tersimpan sebagai angka dan berakhir 0 (3273015708920000)')
    expect(id.out).not.toContain('Excel keeps')
    const json = await rekap(['run', roundedNik, '--dry-run', '--json', '--db', db('n3')])
    expect(JSON.parse(json.out).plan.cellWarnings).toEqual([expect.objectContaining({ row: 2, column: 'NIK', code: 'nik-maybe-truncated' })])
  })
  it('a NIK that lost its digits (17 digits kept as a number) is said wholly in Indonesian, the English run keeps the importer\'s words', async () => {
    const id = await rekap(['run', lostNikLongName, '--dry-run', '--db', db('l1'), '--lang', 'id'])
    expect(id.code, id.out + id.err).toBe(0)
    const line = id.out.split('\n').find((l) => l.includes('kolom "NIK"')) ?? ''
    expect(line).toContain('baris 2, kolom "NIK": NIK tersimpan sebagai angka dan kehilangan digit (3.27302E+16)')
    expect(line).toContain('ketik ulang NIK-nya')
    expect(line).not.toMatch(/stored as a number|format the column|type the NIK/)
    const en = await rekap(['run', lostNikLongName, '--dry-run', '--db', db('l2'), '--lang', 'en'])
    expect(en.out).toContain('row 2, column "NIK": NIK stored as a number lost digits (3.27302E+16); format the column as text and type the NIK again')
  })
  it('a NIK that is not 16 digits (15, 17, a letter in it) is a cell to check, naming file, sheet, row, column and the value, in both languages', async () => {
    const id = await rekap(['run', shortNik, '--dry-run', '--db', db('k1'), '--lang', 'id'])
    expect(id.code, id.out + id.err).toBe(0)
    expect(id.out).toContain('pra-periksa: 4 baris, 4 siap, 0 gagal')
    expect(id.out).toMatch(/3 sel perlu diperiksa sebelum membayar/)
    expect(id.out).toContain(`short-nik.xlsx, lembar "Data KYC", baris 2, kolom "NIK": NIK bukan 16 digit (327301570892000): isinya 15 digit; periksa dengan KTP-nya`)
    expect(id.out).toContain('baris 3, kolom "NIK": NIK bukan 16 digit (32730157089200031): isinya 17 digit')
    expect(id.out).toContain('baris 4, kolom "NIK": NIK bukan 16 digit (3273O15708920003): isinya bukan hanya angka')
    expect(id.out).not.toMatch(/not 16 digits|check it against/)
    const en = await rekap(['run', shortNik, '--dry-run', '--db', db('k2'), '--lang', 'en'])
    expect(en.out).toMatch(/3 cell\(s\) to check before paying/)
    expect(en.out).toContain(`short-nik.xlsx, sheet "Data KYC", row 2, column "NIK": NIK is not 16 digits (327301570892000): it has 15 digits; check it against the KTP`)
    expect(en.out).toContain('row 4, column "NIK": NIK is not 16 digits (3273O15708920003): it holds characters other than digits')
    const json = await rekap(['run', shortNik, '--dry-run', '--json', '--db', db('k3')])
    expect(JSON.parse(json.out).plan.cellWarnings).toEqual([2, 3, 4].map((row) => expect.objectContaining({ row, column: 'NIK', code: 'nik-not-16-digits' })))
  })
  it('a cell cut at Excel\'s 32,767 characters is a cell to check, said in Indonesian in an Indonesian run', async () => {
    const id = await rekap(['run', lostNikLongName, '--dry-run', '--db', db('l3'), '--lang', 'id'])
    expect(id.out).toMatch(/1 sel perlu diperiksa sebelum membayar/)
    const line = id.out.split('\n').find((l) => l.includes('kolom "Nama"')) ?? ''
    expect(line).toContain('baris 3, kolom "Nama": sel berisi 40.000 karakter; hanya 32.767 karakter pertama (batas Excel) yang dipakai')
    expect(line).not.toMatch(/the cell holds|Excel's limit|were kept/)
    const en = await rekap(['run', lostNikLongName, '--dry-run', '--db', db('l4'), '--lang', 'en'])
    expect(en.out).toContain('row 3, column "Nama": the cell holds 40000 characters; only the first 32767 (Excel\'s limit) were kept')
  })
  it('with --kind given, a first sheet without its columns also names the sheet that has them', async () => {
    const r = await rekap(['run', twoSheets, '--kind', 'hospital-lookup', '--dry-run', '--db', db('s2'), '--lang', 'id'])
    expect(r.code).toBe(2)
    expect(r.err).toContain('lembar lain yang cocok: "Daftar RS" (hospital-lookup); pilih dengan --sheet "NAMA"')
  })
})

describe('every documented exit code', () => {
  it('0: help, version, a dry run', async () => {
    expect((await rekap(['--version'])).code).toBe(0)
    expect((await rekap(['run', '--help'])).code).toBe(0)
  })
  it('3: blocked (budget reached) and resumable, with the way out; failure lines name the row once', async () => {
    const r = await rekap(['run', KYC, '--budget', '400', '--db', db('b1'), '--lang', 'en'])
    expect(r.code).toBe(3)
    expect(r.out).toMatch(/BLOCKED \(needs-top-up\): The budget of Rp400 is reached/)
    const jobId = /^job (\S+)/.exec(r.out)![1]
    // the embedded sandbox needs no key: the way out says nothing about one
    expect(r.out).toContain(`resume with: rekap resume ${jobId}\n`)
    expect(r.out).not.toMatch(/--key|REKAP_API_KEY/)
    for (const line of r.out.split('\n').filter((l) => /^ {2}row \d+/.test(l))) expect(line.match(/\brow \d+/g)).toHaveLength(1)
    expect(r.out).toMatch(/^ {2}row 10, column "Foto KTP": file not found: photos\/ktp-06\.jpg$/m)
  })
  it('3: a real-service job resumed without a key says to give one', async () => {
    const planned = await rekap(['run', KYC, '--base-url', 'http://127.0.0.1:9', '--key', 'k-test-1234', '--dry-run', '--db', db('k1'), '--lang', 'en'])
    expect(planned.code).toBe(0)
    const jobId = /^job (\S+)/.exec(planned.out)![1]
    const r = await rekap(['resume', jobId, '--db', db('k1'), '--lang', 'en'])
    expect(r.code).toBe(3)
    expect(r.err).toContain('needs an API key: pass --key or set REKAP_API_KEY')
  })
  it('2: bad input (a file that is not there)', async () => {
    const r = await rekap(['run', join(dir, 'nope.xlsx'), '--db', db('e2'), '--lang', 'en'])
    expect(r.code).toBe(2)
  })
  // exit 1 (a disk error) is asserted on a real full disk in cli-disk-full-report.test.ts
  it('2, not 1: a report path that is a folder is bad input, named', async () => {
    const planned = await rekap(['run', KYC, '--dry-run', '--db', db('u1')])
    const jobId = /^job (\S+)/.exec(planned.out)![1]
    const r = await rekap(['export', jobId, '--db', db('u1'), '--out', join(dir, 'out.xlsx'), '--lang', 'en'])
    expect(r.code).toBe(2)
    expect(r.err).toContain(`cannot write ${join(dir, 'out.xlsx')}: it is a folder`)
    expect(r.err).not.toMatch(/unexpected error/)
  })
})
