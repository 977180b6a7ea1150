/**
 * Hostile-input audit, a .zip of a workbook and its photos (the watched folder, the browser upload):
 * two entries landing on the same place once unpacked were not refused as such. A duplicate name kept
 * only its last copy in silence (another program shows the first: a workbook other than the one the
 * desk looked at would run); `photos//a.jpg` beside `photos/a.jpg`, or a file that is also a folder,
 * ended in Node's raw "EEXIST: file already exists, open '/…/proses/….zip.isi/…'" in English.
 * Each is now refused before anything is written, naming both entries, in the user's language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { makeTempDir } from '../helpers/temp-dir'
import { writeZip } from '../fixtures/builders/zip-writer'
import { extractZipArchive, ZipArchiveError } from '../../src-main/core/importers/zip-archive'
import { renderCoreText } from '../../src-main/core/texts/core-text'
import { rekap } from './helpers'

let tmp: ReturnType<typeof makeTempDir>
beforeAll(() => (tmp = makeTempDir('rekap-sec-zipnames-')))
afterAll(() => tmp.cleanup())

const CSV = 'NIK,Nama,Foto KTP,Foto Selfie\n3273015708920003,Ayu,photos/a.jpg,photos/b.jpg\n'

async function refusal(name: string, entries: Array<{ name: string; content: string }>): Promise<{ err: unknown; dest: string }> {
  const file = join(tmp.dir, `${name}.zip`)
  await writeZip(file, entries)
  const dest = join(tmp.dir, `${name}-isi`)
  const err = await extractZipArchive(file, dest, 10 * 1024 * 1024).then(
    () => null,
    (e: unknown) => e,
  )
  return { err, dest }
}

describe('entries of a .zip that land on the same place', () => {
  const cases: Array<[string, Array<{ name: string; content: string }>, RegExp]> = [
    ['duplicate', [{ name: 'kyc.csv', content: CSV }, { name: 'photos/a.jpg', content: 'a' }, { name: 'kyc.csv', content: 'NIK\n1\n' }], /"kyc\.csv" (?:and|dan) "kyc\.csv"/],
    ['double slash', [{ name: 'kyc.csv', content: CSV }, { name: 'photos/a.jpg', content: 'a' }, { name: 'photos//a.jpg', content: 'b' }], /"photos\/\/a\.jpg" (?:and|dan) "photos\/a\.jpg"/],
    ['file and folder', [{ name: 'kyc.csv', content: CSV }, { name: 'photos/a.jpg', content: 'a' }, { name: 'photos/a.jpg/x', content: 'b' }], /"photos\/a\.jpg\/x" (?:and|dan) "photos\/a\.jpg"/],
    ['case only', [{ name: 'kyc.csv', content: CSV }, { name: 'photos/a.jpg', content: 'a' }, { name: 'Photos/A.jpg', content: 'b' }], /"Photos\/A\.jpg" (?:and|dan) "photos\/a\.jpg"/],
  ]
  for (const [label, entries, names] of cases) {
    it(`${label}: refused naming both entries, nothing written`, async () => {
      const { err, dest } = await refusal(label.replace(/ /g, '-'), entries)
      expect(err).toBeInstanceOf(ZipArchiveError)
      const text = (err as ZipArchiveError).text!
      expect(renderCoreText(text, 'en')).toMatch(names)
      expect(renderCoreText(text, 'id')).toMatch(names)
      expect(renderCoreText(text, 'id')).not.toMatch(/EEXIST|ENOTDIR/)
      expect(existsSync(dest) ? readdirSync(dest) : []).toEqual([])
    })
  }

  it('a name too long for the file system: refused as the archive, naming the entry (not a raw ENAMETOOLONG)', async () => {
    const long = `photos/${'a'.repeat(300)}.jpg`
    const { err } = await refusal('long-name', [{ name: 'kyc.csv', content: CSV }, { name: long, content: 'a' }])
    expect(err).toBeInstanceOf(ZipArchiveError)
    const words = renderCoreText((err as ZipArchiveError).text!, 'id')
    expect(words).toMatch(/entri "photos\/a{20}/)
    expect(words).toMatch(/ENAMETOOLONG/)
    expect(words.length).toBeLessThan(400)
  })

  it('distinct names still unpack (a folder entry beside its files too)', async () => {
    const file = join(tmp.dir, 'ok.zip')
    await writeZip(file, [
      { name: 'kyc.csv', content: CSV },
      { name: 'photos/', content: '' },
      { name: 'photos/a.jpg', content: 'a' },
      { name: 'photos/ab.jpg', content: 'b' },
      { name: 'photos/sub/a.jpg', content: 'c' },
    ])
    const written = await extractZipArchive(file, join(tmp.dir, 'ok-isi'), 10 * 1024 * 1024)
    expect(written.sort()).toEqual(['kyc.csv', 'photos/a.jpg', 'photos/ab.jpg', 'photos/sub/a.jpg'])
  })

  it('rekap watch: the reason in gagal/ names the entries in Indonesian, never a raw EEXIST', async () => {
    const dir = join(tmp.dir, 'masuk')
    mkdirSync(dir)
    const db = join(tmp.dir, 'watch.db')
    const saved = await rekap(['preset', 'save', 'kyc', '--kind', 'face-match', '--db', db])
    expect(saved.code, saved.out).toBe(0)
    await writeZip(join(dir, 'ganda.zip'), [
      { name: 'kyc.csv', content: CSV },
      { name: 'photos/a.jpg', content: 'a' },
      { name: 'photos//a.jpg', content: 'b' },
    ])
    const run = await rekap(['watch', dir, '--preset', 'kyc', '--db', db, '--once', '--settle-ms', '100'], { env: { REKAP_LANG: 'id' }, timeoutMs: 90_000 })
    expect(run.code, run.out).toBe(0)
    const reason = readFileSync(join(dir, 'gagal', 'ganda.zip.alasan.txt'), 'utf8')
    expect(reason).toMatch(/entri "photos\/\/a\.jpg" dan "photos\/a\.jpg"/)
    expect(reason).not.toMatch(/EEXIST/)
  }, 120_000)
})
