/**
 * Sentences core makes (a refused action, `rekap verify` findings and notes) printed by the real
 * `rekap` process: Indonesian by default, English with REKAP_LANG=en. Core gives a code and its
 * parameters; the CLI says them through the same message tables as its own words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import { openStore } from '../../src-main/core/store'
import { REPO_ROOT } from '../helpers/sandbox-process'
import { makeTempDir } from '../helpers/temp-dir'
import { buildFaceJob, cellAt, readBook } from './reports-fixtures'

interface Run {
  code: number | null
  out: string
  err: string
}

/** The real binary. No language set anywhere means Indonesian; `en` sets REKAP_LANG=en. */
function rekap(args: string[], lang: 'id' | 'en', env: NodeJS.ProcessEnv = {}): Promise<Run> {
  const merged: NodeJS.ProcessEnv = { ...process.env, REKAP_API_KEY: '', LANG: 'C.UTF-8', ...env }
  delete merged.LC_ALL
  delete merged.LC_MESSAGES
  if (lang === 'en') merged.REKAP_LANG = 'en'
  else delete merged.REKAP_LANG
  const child = spawn(process.execPath, ['bin/rekap.mjs', ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: merged })
  let out = ''
  let err = ''
  child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s))
  child.stderr.setEncoding('utf8').on('data', (s: string) => (err += s))
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, out, err })))
}

/** Words no Indonesian sentence of rekap has (command names and "sheet" are shared by both). */
const ENGLISH = /\b(the|is|was|has|not|been|possible|nothing|report|data file|changed|added|deleted|missing)\b/i
/** Lines a person reads: the first line `job <id>` is machine-read and the same in every language. */
const said = (r: Run): string =>
  (r.out + r.err)
    .split('\n')
    .filter((l) => l && !/^job j[0-9a-f]+$/.test(l))
    .join('\n')

let tmp: ReturnType<typeof makeTempDir>
const stores: Record<string, { db: string; job: string }> = {}

beforeAll(() => {
  tmp = makeTempDir('rekap-teks-')
  for (const name of ['id', 'en', 'report']) {
    const db = join(tmp.dir, `${name}.db`)
    const store = openStore(db)
    stores[name] = { db, job: buildFaceJob(store) }
    store.close()
  }
}, 60_000)
afterAll(() => tmp?.cleanup())

describe('a refused action says why, and what is possible, in the user language', () => {
  it('Indonesian by default: pausing a paused job, resuming a cancelled one', async () => {
    const { db, job } = stores.id
    const pause = await rekap(['pause', job, '--db', db], 'id')
    expect(pause.code, said(pause)).toBe(2)
    expect(said(pause)).toBe(
      `rekap: pause tidak bisa dilakukan pada pekerjaan berstatus dijeda (yang bisa dilakukan sekarang: resume, cancel, retry-failed, resume --resend-uncertain, export)`,
    )
    expect((await rekap(['cancel', job, '--db', db], 'id')).code).toBe(0)
    const resume = await rekap(['resume', job, '--db', db], 'id')
    expect(resume.code, said(resume)).toBe(2)
    expect(said(resume)).toMatch(/^rekap: pekerjaan j[0-9a-f]+ sudah dibatalkan; .*\(yang bisa dilakukan sekarang: export\)$/)
    for (const r of [pause, resume]) expect(said(r)).not.toMatch(ENGLISH)
  }, 60_000)

  it('English with REKAP_LANG=en', async () => {
    const { db, job } = stores.en
    const pause = await rekap(['pause', job, '--db', db], 'en')
    expect(pause.code).toBe(2)
    expect(said(pause)).toBe(
      `rekap: pause is not possible for a job that is paused (possible now: resume, cancel, retry-failed, resume --resend-uncertain, export)`,
    )
    await rekap(['cancel', job, '--db', db], 'en')
    const resume = await rekap(['resume', job, '--db', db], 'en')
    expect(said(resume)).toMatch(/^rekap: job j[0-9a-f]+ was cancelled; what was done is kept \(export it\), .*\(possible now: export\)$/)
  }, 60_000)
})

describe('rekap verify: findings, notes and refusals in the user language', () => {
  let report = ''
  let changed = ''
  beforeAll(async () => {
    const { db, job } = stores.report
    report = join(tmp.dir, 'laporan.xlsx')
    const exp = await rekap(['export', job, '--out', report, '--db', db], 'id')
    expect(exp.code, said(exp)).toBe(0)
    changed = join(tmp.dir, 'diubah.xlsx')
    copyFileSync(report, changed)
    const wb = await readBook(changed)
    const ws = wb.getWorksheet('Hasil')!
    cellAt(ws, 4, 'Skor').value = 0.99
    ws.spliceRows(6, 1)
    await wb.xlsx.writeFile(changed)
  }, 60_000)

  it('Indonesian: the changed cell and the deleted row, with the data file', async () => {
    const r = await rekap(['verify', changed, '--db', stores.report.db], 'id')
    expect(r.code, said(r)).toBe(1)
    expect(said(r)).toMatch(/lembar "Hasil", baris 4 \(ID Baris 3\), kolom \w+ "Skor": di laporan 0\.99, menurut berkas data 0\.5/)
    expect(said(r)).toMatch(/lembar "Hasil": baris dengan ID Baris 5 \(baris 6 saat ditulis\) hilang \(dihapus\)/)
    expect(said(r)).not.toMatch(ENGLISH)
  }, 60_000)

  it('Indonesian: without the data file, the sheet and the note', async () => {
    const r = await rekap(['verify', changed], 'id', { REKAP_DB: join(tmp.dir, 'elsewhere.db') })
    expect(r.code, said(r)).toBe(1)
    expect(said(r)).toContain('lembar "Hasil" berubah')
    expect(said(r)).toMatch(/catatan: tidak ada berkas data rekap: hanya digest yang diperiksa/)
    expect(said(r)).not.toMatch(ENGLISH)
  }, 60_000)

  it('English: the same findings in English words; --json is the same in both languages', async () => {
    const r = await rekap(['verify', changed, '--db', stores.report.db], 'en')
    expect(r.code).toBe(1)
    expect(said(r)).toMatch(/sheet "Hasil", row 4 \(ID Baris 3\), column \w+ "Skor": the report has 0\.99, the data file says 0\.5/)
    const jsonId = await rekap(['verify', changed, '--db', stores.report.db, '--json'], 'id')
    const jsonEn = await rekap(['verify', changed, '--db', stores.report.db, '--json'], 'en')
    expect(jsonId.out).toBe(jsonEn.out)
    const doc = JSON.parse(jsonId.out)
    expect(doc.findings.changes[0]).toMatchObject({ code: 'verify.cell', params: { sheet: 'Hasil', row: 4, report: '0.99', store: '0.5' } })
  }, 60_000)

  it('a workbook that is not a rekap report is refused (exit 2) in the user language', async () => {
    const other = join(tmp.dir, 'lain.xlsx')
    const wb = new ExcelJS.Workbook()
    wb.addWorksheet('Data').addRow(['NIK', 'Nama'])
    await wb.xlsx.writeFile(other)
    const id = await rekap(['verify', other], 'id', { REKAP_DB: join(tmp.dir, 'elsewhere.db') })
    expect(id.code).toBe(2)
    expect(said(id)).toMatch(/tidak memuat digest laporan rekap di lembar pertamanya/)
    expect(said(id)).not.toMatch(ENGLISH)
    const en = await rekap(['verify', other], 'en', { REKAP_DB: join(tmp.dir, 'elsewhere.db') })
    expect(said(en)).toMatch(/carries no rekap report digest on its first sheet/)
  }, 60_000)
})

describe('refusals of a workbook, --map, --base-url, a review and a report, in the user language', () => {
  const KYC = join(REPO_ROOT, 'examples/kyc/kyc-sample.xlsx')
  const cases = (): Array<[string, string[], RegExp, RegExp]> => {
    const { db, job } = stores.report
    return [
      ['an empty file', ['run', join(tmp.dir, 'kosong.xlsx')], /^rekap: kosong\.xlsx: berkas kosong \(0 byte\)$/, /^rekap: kosong\.xlsx: the file is empty \(0 bytes\)$/],
      ['a sheet that is not there', ['run', KYC, '--sheet', 'Nope', '--dry-run'], /tidak ada lembar bernama "Nope"; lembar yang ada: "Data KYC"$/, /there is no sheet named "Nope"; the sheets are "Data KYC"$/],
      ['an unknown --map field', ['run', KYC, '--map', 'foo=Bar', '--dry-run'], /--map "foo=Bar": bidang "foo" tidak dikenal untuk face-match/, /--map "foo=Bar": unknown field "foo" for face-match/],
      ['a --base-url that is not https', ['run', KYC, '--base-url', 'ftp://x', '--key-file', join(tmp.dir, 'key.txt'), '--dry-run'], /--base-url ftp:\/\/x: hanya alamat https:\/\/ yang didukung, bukan ftp:$/, /--base-url ftp:\/\/x: only https:\/\/ addresses are supported, got ftp:$/],
      ['a review of a row the job does not have', ['review', job, '--row', '99', '--decision', 'approve', '--by', 'Ani', '--db', db], /pekerjaan j[0-9a-f]+ tidak punya baris 99/, /job j[0-9a-f]+ has no row 99/],
      ['a time zone rekap does not know', ['export', job, '--out', join(tmp.dir, 'zona.xlsx'), '--tz', 'Jakarta', '--db', db], /--tz: "Jakarta" bukan zona waktu yang dikenal rekap/, /--tz: "Jakarta" is not a time zone rekap knows/],
      ['rekap ui on a port that cannot be', ['ui', '--port', '99999', '--no-open'], /^rekap: --port harus bilangan bulat 0 sampai 65535$/, /^rekap: --port must be an integer from 0 to 65535$/],
      ['a directory filter that is too long', ['directory', 'export', '--kind', 'hospitals', '--out', join(tmp.dir, 'd.xlsx'), '--class', 'A'.repeat(30), '--db', db], /^rekap: --class: paling banyak 20 \(karakter atau kode\)$/, /^rekap: --class: at most 20 \(characters or codes\)$/],
      ['an annotated copy whose workbook is gone', ['export', job, '--out', join(tmp.dir, 'salinan.xlsx'), '--annotated', '--db', db], /buku kerja masukan pekerjaan tidak ada lagi di \/data\/kyc\/kyc\.xlsx/, /the job's input workbook is no longer at \/data\/kyc\/kyc\.xlsx/],
    ]
  }
  beforeAll(() => {
    writeFileSync(join(tmp.dir, 'kosong.xlsx'), '')
    writeFileSync(join(tmp.dir, 'key.txt'), 'kunci-uji\n')
  })
  it('each says its reason in Indonesian by default (exit 2) and in English with REKAP_LANG=en', async () => {
    for (const [what, args, idWords, enWords] of cases()) {
      const id = await rekap(args, 'id', { REKAP_DB: join(tmp.dir, 'elsewhere.db') })
      expect(id.code, `${what}: ${said(id)}`).toBe(2)
      expect(said(id), what).toMatch(idWords)
      expect(said(id), what).not.toMatch(ENGLISH)
      const en = await rekap(args, 'en', { REKAP_DB: join(tmp.dir, 'elsewhere.db') })
      expect(said(en), what).toMatch(enWords)
    }
  }, 120_000)
})

describe("a job rekap stops itself (budget reached): the reason in the user's language, on screen and in the report", () => {
  it('Indonesian by default, English with REKAP_LANG=en; the report says it in its language', async () => {
    const db = join(tmp.dir, 'budget.db')
    const KYC = join(REPO_ROOT, 'examples/kyc/kyc-sample.xlsx')
    const run = await rekap(['run', KYC, '--budget', '400', '--yes', '--db', db], 'id')
    expect(run.code, said(run)).toBe(3)
    expect(said(run)).toContain('TERHENTI (needs-top-up): Batas biaya Rp400 tercapai; naikkan untuk melanjutkan.')
    const job = /^job (j[0-9a-f]+)$/m.exec(run.out)![1]
    const en = await rekap(['resume', job, '--db', db], 'en')
    expect(said(en)).toContain('BLOCKED (needs-top-up): The budget of Rp400 is reached; raise it to continue.')

    const out = join(tmp.dir, 'terhenti.xlsx')
    expect((await rekap(['export', job, '--out', out, '--db', db], 'id')).code).toBe(0)
    const lines = new Map<string, unknown>()
    ;(await readBook(out)).worksheets[0].eachRow((row) => lines.set(String(row.getCell(1).value), row.getCell(2).value))
    expect(lines.get('Keterangan status')).toBe('Batas biaya Rp400 tercapai; naikkan untuk melanjutkan.')
    // the report still verifies against the data file it came from
    expect((await rekap(['verify', out, '--db', db], 'id')).code).toBe(0)
  }, 120_000)
})

describe('photo paths outside the workbook folder (allowed): each line says why in the user language', () => {
  it('Indonesian reason first, the original words after it (as every row line)', async () => {
    const folder = join(tmp.dir, 'luar')
    mkdirSync(folder, { recursive: true })
    const photos = join(REPO_ROOT, 'examples/kyc/photos')
    const book = new ExcelJS.Workbook()
    const ws = book.addWorksheet('Data')
    ws.addRow(['NIK', 'Nama', 'Foto KTP', 'Foto Selfie'])
    ws.addRow(['3273010101010001', 'Siti', join(photos, 'ktp-01.jpg'), join(photos, 'selfie-01.jpg')])
    const file = join(folder, 'kyc.xlsx')
    await book.xlsx.writeFile(file)
    const args = ['run', file, '--allow-outside-paths', '--dry-run', '--db', join(tmp.dir, 'luar.db')]
    const id = await rekap(args, 'id')
    expect(id.code, said(id)).toBe(0)
    expect(said(id)).toMatch(/kyc\.xlsx, lembar "Data", baris 2, kolom "Foto KTP": Lokasi foto di luar folder buku kerja, dibaca karena diizinkan \(--allow-outside-paths\) — reads /)
    const en = await rekap(args, 'en')
    expect(said(en)).toMatch(/kyc\.xlsx, sheet "Data", row 2, column "Foto KTP": reads .*ktp-01\.jpg, outside the workbook's folder \(allowed\)/)
  }, 60_000)
})
