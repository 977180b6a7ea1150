/**
 * Issue 26: a .zip of a workbook and its photos dropped into a watched folder is taken like a
 * workbook, through the real `rekap watch` (the embedded sandbox's real face engine, a real SQLite
 * file): unpacked with the same rules and caps as a browser upload (core/importers/zip-archive.ts),
 * its workbook planned and run, the report in selesai/ beside the .zip; a .zip whose entry climbs
 * out of the folder is refused to gagal/ with its reason, in the CLI's language, and writes nothing outside.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import JSZip from 'jszip'
import { REPO_ROOT, makeTempDir } from '../helpers/temp-dir'
import { rekap } from '../helpers/rekap-process'

const KYC_DIR = join(REPO_ROOT, 'examples', 'kyc')
let tmp: ReturnType<typeof makeTempDir>
beforeAll(() => {
  tmp = makeTempDir('rekap-watch-zip-')
})
afterAll(() => tmp?.cleanup())

/** examples/kyc zipped as a desk zips the folder: "kyc/kyc-sample.xlsx", "kyc/photos/…". */
async function zipOfExample(): Promise<Buffer> {
  const zip = new JSZip()
  zip.file('kyc/kyc-sample.xlsx', readFileSync(join(KYC_DIR, 'kyc-sample.xlsx')))
  for (const name of readdirSync(join(KYC_DIR, 'photos'))) zip.file(`kyc/photos/${name}`, readFileSync(join(KYC_DIR, 'photos', name)))
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' })
}

describe('rekap watch with a .zip', () => {
  it('runs the workbook inside a .zip with its photos; refuses a .zip that climbs out of the folder', async () => {
    const dir = join(tmp.dir, 'masuk')
    mkdirSync(dir)
    const db = join(tmp.dir, 'watch.db')
    // examples/kyc: 12 rows, 3 fail pre-flight on purpose (README), so the preset allows 30%
    const saved = await rekap(['preset', 'save', 'kyc', '--kind', 'face-match', '--max-failing', '30%', '--db', db])
    expect(saved.code, saved.err).toBe(0)
    writeFileSync(join(dir, 'kyc-cabang.zip'), await zipOfExample())
    const evil = new JSZip()
    evil.file('data/kyc.csv', 'NIK,Nama,Foto KTP,Foto Selfie\n')
    evil.file('../../keluar.txt', 'owned')
    writeFileSync(join(dir, 'nakal.zip'), await evil.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }))

    const run = await rekap(['watch', dir, '--preset', 'kyc', '--db', db, '--once', '--settle-ms', '200'], { REKAP_LANG: 'id' })
    expect(run.code, run.out + run.err).toBe(0)

    const done = readdirSync(join(dir, 'selesai'))
    expect(done).toContain('kyc-cabang.zip')
    const report = done.find((f) => /^kyc-cabang-j[0-9a-f]+\.xlsx$/.test(f))
    expect(report, done.join(', ')).toBeDefined()
    // the unpacked workbook and photos went along with the .zip (the job names that workbook)
    expect(existsSync(join(dir, 'selesai', 'kyc-cabang.zip.isi', 'kyc', 'kyc-sample.xlsx'))).toBe(true)
    const jobId = report!.replace(/^kyc-cabang-/, '').replace(/\.xlsx$/, '')
    const jobs = JSON.parse((await rekap(['jobs', '--json', '--db', db])).out) as Array<{ id: string; state: string; counts: { total: number; done: number; failed: number } }>
    const job = jobs.find((j) => j.id === jobId)!
    // the photos came with it: 12 rows, every one settled, at least the 8 pairs the README counts
    // were sent (with the photos missing, those 8 rows would fail pre-flight too)
    expect(job).toMatchObject({ state: 'done', counts: { total: 12 } })
    expect(job.counts.done + job.counts.failed).toBe(12)
    expect(job.counts.done).toBeGreaterThanOrEqual(8)

    expect(readdirSync(join(dir, 'gagal')).sort()).toEqual(['nakal.zip', 'nakal.zip.alasan.txt'])
    expect(readFileSync(join(dir, 'gagal', 'nakal.zip.alasan.txt'), 'utf8')).toMatch(/entri "\.\.\/\.\.\/keluar\.txt" menunjuk ke luar folder/)
    expect(existsSync(join(tmp.dir, 'keluar.txt'))).toBe(false)
    expect(existsSync(join(dir, 'keluar.txt'))).toBe(false)
    expect(readdirSync(join(dir, 'proses')).filter((f) => !f.startsWith('.'))).toEqual([])
  })
})
