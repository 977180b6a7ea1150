/**
 * Items 1 and 2: a workbook from someone else names the photos rekap uploads (and charges for) and
 * the photos a report or preview shows. Only files inside the workbook's folder are read unless the
 * user opts in; a refusal says nothing about whether the file exists; thumbnails and previews show
 * only what pre-flight checked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copyFileSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { deflateSync } from 'node:zlib'
import JSZip from 'jszip'
import { makeTempDir, REPO_ROOT } from '../helpers/temp-dir'
import { fakeRenderer, rekap, signIn, startUiChild } from './helpers'

let tmp: ReturnType<typeof makeTempDir>
let book: string // the workbook's folder
let outside: string // a folder the workbook has no business reading
const photo = (n: number): string => join(REPO_ROOT, 'examples', 'kyc', 'photos', `ktp-0${n}.jpg`)

/** A 1-bit grey PNG of 7,750 x 7,750 (60 megapixels, above the 50 MP limit) in a few hundred KB. */
function hugePng(): Buffer {
  const side = 7750
  const rowBytes = 1 + Math.ceil(side / 8)
  const raw = Buffer.alloc(rowBytes * side) // filter 0, all black
  const chunk = (type: string, data: Buffer): Buffer => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([len, body, crc])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(side, 0)
  ihdr.writeUInt32BE(side, 4)
  ihdr[8] = 1 // bit depth
  ihdr[9] = 0 // greyscale
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))])
}
function crc32(buf: Buffer): number {
  let c = ~0
  for (const b of buf) {
    c ^= b
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1
  }
  return ~c >>> 0
}

const csv = (rows: Array<[string, string]>, headers = 'Foto KTP,Foto Selfie'): string => [headers, ...rows.map(([a, b]) => `"${a}","${b}"`)].join('\n')

beforeAll(() => {
  tmp = makeTempDir('rekap-sec-photos-')
  book = join(tmp.dir, 'book')
  outside = join(tmp.dir, 'private')
  mkdirSync(join(book, 'photos'), { recursive: true })
  mkdirSync(outside, { recursive: true })
  copyFileSync(photo(1), join(book, 'photos', 'a.jpg'))
  copyFileSync(photo(2), join(book, 'photos', 'b.jpg'))
  copyFileSync(photo(3), join(outside, 'secret.jpg'))
  writeFileSync(join(outside, 'notes.txt'), 'not a photo')
  symlinkSync(join(outside, 'secret.jpg'), join(book, 'photos', 'link.jpg'))
  writeFileSync(join(book, 'photos', 'huge.png'), hugePng())
})
afterAll(() => tmp.cleanup())

interface Plan {
  jobId: string
  plan: { rowsOk: number; problems: Array<{ row: number; code: string; message: string }>; outsidePaths?: Array<{ row: number; message: string }> }
}
async function dryRun(file: string, db: string, extra: string[] = []): Promise<Plan> {
  const r = await rekap(['run', file, '--kind', 'face-match', '--db', db, '--dry-run', '--json', ...extra])
  expect(r.code, r.out).toBe(0)
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as Plan
}

describe('photo paths outside the workbook folder (item 2)', () => {
  it('refuses absolute, file:// and missing outside paths alike, naming --allow-outside-paths', async () => {
    const file = join(book, 'absolute.csv')
    writeFileSync(
      file,
      csv([
        [join(outside, 'secret.jpg'), 'photos/b.jpg'], // row 2: absolute, exists
        [pathToFileURL(join(outside, 'secret.jpg')).href, 'photos/b.jpg'], // row 3: file://
        [join(outside, 'missing.jpg'), 'photos/b.jpg'], // row 4: absolute, does not exist
        [join(outside, 'notes.txt'), 'photos/b.jpg'], // row 5: absolute, not a photo
        ['photos/a.jpg', 'photos/b.jpg'], // row 6: fine
      ]),
    )
    const { plan } = await dryRun(file, join(tmp.dir, 'abs.db'))
    expect(plan.rowsOk).toBe(1)
    const byRow = new Map(plan.problems.map((p) => [p.row, p]))
    for (const row of [2, 3, 4, 5]) {
      expect(byRow.get(row)?.code, `row ${row}`).toBe('image-ref-outside')
      expect(byRow.get(row)?.message).toMatch(/--allow-outside-paths/)
    }
    // the same words for a file that exists, one that does not and one that is no photo
    const words = (row: number): string => byRow.get(row)!.message.replace(/row \d+/, 'row N').replace(/ \S*(missing|secret|notes)\.\w+/, ' <path>')
    expect(words(4)).toBe(words(2))
    expect(words(5)).toBe(words(2))
    expect(plan.problems.map((p) => p.message).join('\n')).not.toMatch(/not found|JPG and PNG|no permission/)
  })

  it('with --allow-outside-paths reads them, and lists every one in the pre-flight', async () => {
    const file = join(book, 'allowed.csv')
    writeFileSync(file, csv([[join(outside, 'secret.jpg'), 'photos/b.jpg'], ['photos/a.jpg', 'photos/b.jpg']]))
    const { plan } = await dryRun(file, join(tmp.dir, 'allowed.db'), ['--allow-outside-paths'])
    expect(plan.rowsOk).toBe(2)
    expect(plan.outsidePaths?.map((o) => o.row)).toEqual([2])
    expect(plan.outsidePaths?.[0].message).toContain(join(outside, 'secret.jpg'))
  })
})

describe('report thumbnails and previews show only what pre-flight checked (item 1)', () => {
  const rows: Array<[string, string]> = [
    ['photos/a.jpg', 'photos/b.jpg'], // row 2: passes
    ['../private/secret.jpg', 'photos/b.jpg'], // row 3: ../ escape
    ['photos/link.jpg', 'photos/b.jpg'], // row 4: link out of the folder
    ['photos/huge.png', 'photos/b.jpg'], // row 5: 60 megapixels
  ]

  it('rekap export --thumbnails embeds the two photos of the one row that passed', async () => {
    const file = join(book, 'thumbs.csv')
    writeFileSync(file, csv(rows))
    const db = join(tmp.dir, 'thumbs.db')
    const { jobId, plan } = await dryRun(file, db)
    expect(plan.rowsOk).toBe(1)
    const out = join(tmp.dir, 'thumbs.xlsx')
    const r = await rekap(['export', jobId, '--db', db, '--out', out, '--thumbnails'])
    expect(r.code, r.out).toBe(0)
    const zip = await JSZip.loadAsync(readFileSync(out))
    const media = Object.keys(zip.files).filter((n) => n.startsWith('xl/media/') && !zip.files[n].dir)
    expect(media).toHaveLength(2)
  })

  it("the app's photo preview (browser mode) shows nothing for a row pre-flight refused", async () => {
    // headers named like the fields: the old preview looked the field name up in the raw cells too
    const file = join(book, 'preview.csv')
    writeFileSync(file, csv(rows, 'image1,image2'))
    const ui = await startUiChild(['--db', join(tmp.dir, 'ui', 'rekap.db')], { REKAP_RENDERER_DIR: fakeRenderer(join(tmp.dir, 'renderer')), REKAP_DATA_DIR: join(tmp.dir, 'ui') }, { cwd: book })
    try {
      const auth = await signIn(ui.url)
      const call = async (name: string, body: unknown): Promise<any> => {
        const res = await fetch(`${ui.origin}/api/${name}`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) })
        const json = await res.json()
        expect(res.status, JSON.stringify(json)).toBe(200)
        return json
      }
      const plan = await call('jobs.plan', { path: file, kind: 'face-match', mapping: { image1: 'image1', image2: 'image2' } })
      expect(plan.rowsOk).toBe(1)
      const ok = await call('jobs.photo', { jobId: plan.jobId, rowNo: 1, which: 'image1' })
      expect(ok.dataUrl).toMatch(/^data:image\/jpeg;base64,/)
      for (const rowNo of [2, 3, 4]) {
        const refused = await call('jobs.photo', { jobId: plan.jobId, rowNo, which: 'image1' })
        expect(refused.dataUrl, `row ${rowNo}`).toBeNull()
      }
    } finally {
      await ui.stop()
    }
  })
})
