/**
 * Issue 23 items 9 and 10, through the real CLI: a face report re-saved unchanged by LibreOffice
 * (15 significant digits) still verifies, an edited score in it still fails naming the cell;
 * verify says what it checked ("digest only" without the data file), names the signer of the
 * Ed25519-signed digest (this machine's key or an unknown one) and whether the signature holds;
 * `rekap verify x.csv` explains that CSV reports carry no digest.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { copyFileSync, mkdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { openStore } from '../../src-main/core/store'
import { REPO_ROOT } from '../helpers/sandbox-process'
import { makeTempDir } from '../helpers/temp-dir'
import { cellAt, leakySettings, readBook, summaryMap, T0 } from './reports-fixtures'

let tmp: ReturnType<typeof makeTempDir>
let db: string
let jobId: string
let report: string
let resaved: string
// what the face engine gives: 17 significant digits
const SCORES = [0.13908009916989525, 0.5012345678901234, 0.9876543210987654, 0.47000000000000003, 0.6543210987654321, 0.3333333333333333, 0.7071067811865476]

function rekap(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, ['bin/rekap.mjs', ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, REKAP_API_KEY: '', REKAP_LANG: 'id', ...env } })
  let out = ''
  let err = ''
  child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s))
  child.stderr.setEncoding('utf8').on('data', (s: string) => (err += s))
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, out, err })))
}

/** LibreOffice Calc opens the file and saves it again as xlsx, nothing touched. */
function libreOfficeResave(file: string, outDir: string): Promise<void> {
  mkdirSync(outDir, { recursive: true })
  const profile = `file:///tmp/lo-audit-truth-${process.pid}-${Date.now()}`
  const child = spawn('soffice', ['--headless', `-env:UserInstallation=${profile}`, '--convert-to', 'xlsx:Calc MS Excel 2007 XML', '--outdir', outDir, file], { stdio: 'ignore' })
  return new Promise((resolve, reject) => child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`soffice exit ${code}`)))))
}

beforeAll(async () => {
  tmp = makeTempDir()
  mkdirSync(join(tmp.dir, 'data'))
  db = join(tmp.dir, 'data', 'rekap.db')
  const store = openStore(db)
  const job = store.jobs.create(
    {
      kind: 'face-match',
      inputFile: '/data/kyc/kyc.xlsx',
      inputName: 'kyc.xlsx',
      inputFingerprint: 'sha256:resave',
      sheet: 'Data',
      headerRow: 1,
      headers: ['NIK', 'Foto KTP', 'Selfie'],
      mapping: { image1: 'Foto KTP', image2: 'Selfie', nik: 'NIK' },
      settings: leakySettings(),
    },
    T0,
  )
  jobId = job.id
  store.rows.insertMany(jobId, SCORES.map((_, i) => ({ rowNo: i + 1, sourceRow: i + 2, unitKey: `pair-${i}`, input: { NIK: `32730101010100${10 + i}`, 'Foto KTP': `k${i}.jpg`, Selfie: `s${i}.jpg` } })), T0)
  store.jobs.transition(jobId, 'ready', T0 + 1000)
  store.jobs.transition(jobId, 'running', T0 + 2000)
  SCORES.forEach((confidence, i) => {
    store.rows.markInFlight(jobId, i + 1, T0 + 3000)
    store.rows.complete(jobId, i + 1, { outcome: confidence >= 0.5 ? 'match' : 'no-match', match: confidence >= 0.5, confidence }, T0 + 3100 + i, { product: 'face-match', chargePoints: 400 })
  })
  store.jobs.transition(jobId, 'done', T0 + 9000)
  store.close()
  report = join(tmp.dir, 'laporan.xlsx')
  const r = await rekap(['export', jobId, '--out', report, '--db', db])
  expect(r.code, r.out + r.err).toBe(0)
  await libreOfficeResave(report, join(tmp.dir, 'lo'))
  resaved = join(tmp.dir, 'lo', 'laporan.xlsx')
}, 120_000)

afterAll(() => tmp?.cleanup())

describe('a report re-saved unchanged by LibreOffice still verifies (issue 23 item 9)', () => {
  it('with the data file: unchanged, exit 0', async () => {
    const r = await rekap(['verify', resaved, '--db', db])
    expect(r.out + r.err).toMatch(/^tidak berubah/)
    expect(r.code).toBe(0)
  }, 60_000)

  it('without the data file: unchanged, exit 0, and it says only the digest was checked', async () => {
    const r = await rekap(['verify', resaved], { REKAP_DB: join(tmp.dir, 'elsewhere.db') })
    expect(r.out + r.err).toMatch(/^tidak berubah/)
    expect(r.out).toMatch(/hanya digest yang diperiksa/)
    expect(r.code).toBe(0)
    const en = await rekap(['verify', resaved, '--lang', 'en'], { REKAP_DB: join(tmp.dir, 'elsewhere.db') })
    expect(en.out).toMatch(/digest only/)
  }, 60_000)

  it('an edited score in the re-saved file still fails, naming the cell', async () => {
    const file = join(tmp.dir, 'edited.xlsx')
    copyFileSync(resaved, file)
    const wb = await readBook(file)
    cellAt(wb.getWorksheet('Hasil')!, 3, 'Skor').value = 0.99
    await wb.xlsx.writeFile(file)
    const r = await rekap(['verify', file, '--db', db])
    expect(r.code, r.out).toBe(1)
    expect(r.out).toMatch(/lembar "Hasil", baris 3 \(ID Baris 2\), kolom \w+ "Skor": di laporan 0\.99, menurut berkas data 0\.50123456789012/)
    expect(r.out.split('\n').filter((l) => l.includes('"Skor"'))).toHaveLength(1)
  }, 60_000)
})

describe('verify says what it checked and who signed (issue 23 item 10)', () => {
  it("the report carries the signer's fingerprint and public key; the private key is a 0600 file beside the data file", async () => {
    const s = summaryMap((await readBook(report)).getWorksheet('Ringkasan')!)
    expect(String(s.get('Penanda tangan (sidik jari kunci Ed25519)'))).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/)
    expect(String(s.get('Kunci publik penanda tangan (Ed25519)'))).toMatch(/^[A-Za-z0-9+/]{43}=$/)
    expect(String(s.get('Tanda tangan digest (Ed25519)'))).toMatch(/^[A-Za-z0-9+/]{86}==$/)
    expect(statSync(join(tmp.dir, 'data', 'report-signing-key.pem')).mode & 0o777).toBe(0o600)
  }, 60_000)

  it("names this machine's key with the data file, an unknown key without it, and a broken signature as such", async () => {
    const mine = await rekap(['verify', report, '--db', db])
    expect(mine.code).toBe(0)
    expect(mine.out).toMatch(/tanda tangan sah: kunci komputer ini \(SHA256:[A-Za-z0-9+/]{43}\)/)
    const other = await rekap(['verify', report], { REKAP_DB: join(tmp.dir, 'elsewhere.db') })
    expect(other.out).toMatch(/tanda tangan sah, tetapi oleh kunci yang tidak dikenal komputer ini \(SHA256:/)

    const forged = join(tmp.dir, 'forged.xlsx')
    copyFileSync(report, forged)
    const wb = await readBook(forged)
    const ws = wb.getWorksheet('Ringkasan')!
    ws.eachRow((row) => {
      if (row.getCell(1).value === 'Tanda tangan digest (Ed25519)') row.getCell(2).value = 'A'.repeat(86) + '=='
    })
    await wb.xlsx.writeFile(forged)
    const r = await rekap(['verify', forged, '--db', db])
    expect(r.out).toMatch(/tanda tangan TIDAK SAH/)
    expect(r.code).toBe(1)
  }, 60_000)

  it('a CSV report: says CSV carries no digest and what to do, exit 2', async () => {
    const csv = join(tmp.dir, 'laporan.csv')
    expect((await rekap(['export', jobId, '--out', csv, '--db', db])).code).toBe(0)
    const r = await rekap(['verify', csv, '--db', db])
    expect(r.code).toBe(2)
    expect(r.err).toMatch(/laporan CSV tidak membawa digest/)
    expect(r.err).toMatch(/rekap export \S+ --out laporan\.xlsx/)
    expect(r.err).not.toMatch(/zip|central directory/i)
  }, 60_000)
})
