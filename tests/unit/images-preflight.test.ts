import { createHash, randomBytes } from 'node:crypto'
import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ImageConversionError, makeCompliantJpeg, preflightImage } from '../../src-main/core/images'

const FACES = fileURLToPath(new URL('../../../shared/fixtures/faces/', import.meta.url))
const MB = 1024 * 1024
let dir: string
const at = (name: string) => path.join(dir, name)
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex')
const codes = (r: { problems: Array<{ code: string }> }) => r.problems.map((p) => p.code)

/** A solid 64x64 picture in the given format, made by sharp. */
const small = (format: 'gif' | 'webp' | 'tiff' | 'avif' | 'png' | 'jpeg') =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: '#a05030' } })[format]().toBuffer()

/** A 2x2 24-bit BMP, written byte by byte (sharp cannot write BMP). */
function tinyBmp(): Buffer {
  const rowBytes = 8 // 2 pixels * 3 bytes, padded to 4
  const header = Buffer.alloc(54)
  header.write('BM', 0, 'latin1')
  header.writeUInt32LE(54 + rowBytes * 2, 2)
  header.writeUInt32LE(54, 10)
  header.writeUInt32LE(40, 14)
  header.writeInt32LE(2, 18)
  header.writeInt32LE(2, 22)
  header.writeUInt16LE(1, 26)
  header.writeUInt16LE(24, 28)
  return Buffer.concat([header, Buffer.alloc(rowBytes * 2, 0x7f)])
}

/** The start of an iPhone HEIC file: an ISO-BMFF ftyp box with HEIF brands, then a meta box stub. */
function heicHeader(): Buffer {
  return Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypheic', 'latin1'),
    Buffer.from([0, 0, 0, 0]),
    Buffer.from('mif1heic', 'latin1'),
    Buffer.from([0, 0, 0, 0x0c]),
    Buffer.from('meta', 'latin1'),
    Buffer.alloc(200),
  ])
}

const tinyPdf = () => Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1')

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'rekap-preflight-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('preflightImage on good photos', () => {
  it('passes a real JPEG and reports type, size, pixels and content hash', async () => {
    const file = path.join(FACES, 'obama_2.jpg')
    const data = await readFile(file)
    const meta = await sharp(data).metadata()
    const r = await preflightImage({ path: file })
    expect(r).toMatchObject({ ok: true, problems: [], type: 'jpeg', bytes: data.length, decodable: true, fixable: false })
    expect([r.width, r.height]).toEqual([meta.width, meta.height])
    expect(r.sha256).toBe(sha256(data))
  })

  it('passes an RGBA PNG', async () => {
    const r = await preflightImage({ path: path.join(FACES, 'rgba_32bit.png') })
    expect(r).toMatchObject({ ok: true, type: 'png', decodable: true })
  })

  it('gives the same hash to the same picture under another name, from disk or from memory', async () => {
    const data = await readFile(path.join(FACES, 'biden_1.jpg'))
    await writeFile(at('copy-of-biden.jpg'), data)
    const [fromDisk, fromMemory] = await Promise.all([
      preflightImage({ path: at('copy-of-biden.jpg') }),
      preflightImage({ data, label: 'upload 7' }),
    ])
    expect(fromDisk.sha256).toBe(fromMemory.sha256)
    expect(fromMemory.label).toBe('upload 7')
    expect(fromMemory.ok).toBe(true)
  })

  it('warns, without blocking, when a .jpg is really a PNG', async () => {
    await writeFile(at('really-png.jpg'), await small('png'))
    const r = await preflightImage({ path: at('really-png.jpg') })
    expect(r.ok).toBe(true)
    expect(r.type).toBe('png')
    expect(r.warnings.map((w) => w.code)).toContain('extension-mismatch')
  })
})

describe('preflightImage catches every file the service would refuse', () => {
  it.each([
    ['gif', () => small('gif'), 'GIF', true],
    ['webp', () => small('webp'), 'WebP', true],
    ['tiff', () => small('tiff'), 'TIFF', true],
    ['avif', () => small('avif'), 'AVIF', true],
    ['heic', async () => heicHeader(), 'HEIC', false],
    ['pdf', async () => tinyPdf(), 'PDF', false],
    ['bmp', async () => tinyBmp(), 'BMP', false],
    ['unknown', async () => Buffer.from('name,nik\nBudi,3171\n'), 'not a recognised image format', false],
  ] as const)('a .jpg that is really %s', async (kind, make, named, fixable) => {
    const file = at(`ktp-${kind}.jpg`)
    await writeFile(file, await make())
    const r = await preflightImage({ path: file })
    expect(r.ok).toBe(false)
    expect(r.type).toBe(kind)
    expect(codes(r)).toEqual(['wrong-type'])
    expect(r.problems[0].message).toContain(named)
    expect(r.problems[0].message).toContain(file)
    expect(r.fixable).toBe(fixable)
  })

  it('an empty file', async () => {
    await writeFile(at('empty.jpg'), Buffer.alloc(0))
    const r = await preflightImage({ path: at('empty.jpg') })
    expect(r).toMatchObject({ ok: false, type: 'empty', bytes: 0 })
    expect(codes(r)).toEqual(['empty'])
  })

  it('a missing file', async () => {
    const r = await preflightImage({ path: at('nope/selfie.jpg') })
    expect(r).toMatchObject({ ok: false, type: null, sha256: null })
    expect(codes(r)).toEqual(['not-found'])
    expect(r.problems[0].message).toContain('selfie.jpg')
  })

  it('a folder where a file was expected', async () => {
    const r = await preflightImage({ path: dir })
    expect(codes(r)).toEqual(['not-a-file'])
  })

  it('a file that exists but cannot be read', async () => {
    // Mode bits do not stop root (CI runs as root); /proc/self/mem refuses a plain read to everyone.
    const r = await preflightImage({ path: '/proc/self/mem' })
    expect(codes(r)).toEqual(['unreadable'])
    expect(r.problems[0].message).toMatch(/cannot be read/)
  })

  it('a truncated JPEG (interrupted copy), even when most of it is there', async () => {
    const data = await readFile(path.join(FACES, 'obama_2.jpg'))
    await writeFile(at('cut.jpg'), data.subarray(0, Math.floor(data.length * 0.9)))
    const r = await preflightImage({ path: at('cut.jpg') })
    expect(r).toMatchObject({ ok: false, type: 'jpeg', decodable: false, fixable: false })
    expect(codes(r)).toEqual(['undecodable'])
    // the header survives, so the pixel size is still known
    expect(r.width).toBeGreaterThan(0)
  })

  it('a truncated PNG', async () => {
    const data = await readFile(path.join(FACES, 'alex_lacamoire_2.png'))
    const r = await preflightImage({ data: data.subarray(0, Math.floor(data.length * 0.7)), label: 'selfie.png' })
    expect(codes(r)).toEqual(['undecodable'])
  })

  it('a JPEG over 5 MB, which a compliant copy fixes', async () => {
    const big = await noisyJpeg(3000, 2200)
    expect(big.length).toBeGreaterThan(5 * MB)
    await writeFile(at('huge.jpg'), big)
    const r = await preflightImage({ path: at('huge.jpg') })
    expect(r).toMatchObject({ ok: false, type: 'jpeg', bytes: big.length, width: 3000, height: 2200, decodable: true, fixable: true })
    expect(codes(r)).toEqual(['too-large'])
    expect(r.problems[0].message).toMatch(/5\.0 MB/)
  })

  it('a 100-megapixel picture gets a clear message instead of being decoded', async () => {
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#808080' } }).jpeg().toBuffer()
    expect(bomb.length).toBeLessThan(5 * MB)
    const r = await preflightImage({ data: bomb, label: 'bomb.jpg' })
    expect(r).toMatchObject({ ok: false, width: 10_000, height: 10_000, decodable: false, fixable: false })
    expect(codes(r)).toEqual(['too-many-pixels'])
    expect(r.problems[0].message).toContain('100 megapixels')
    await expect(makeCompliantJpeg({ data: bomb, label: 'bomb.jpg' })).rejects.toMatchObject({ code: 'too-many-pixels' })
  })
})

describe('makeCompliantJpeg', () => {
  it('shrinks an oversize photo under 5 MB with a bounded side and leaves the original alone', async () => {
    const file = at('huge-original.jpg')
    await writeFile(file, await noisyJpeg(3000, 2200))
    const before = await stat(file)
    const beforeHash = sha256(await readFile(file))
    const copy = await makeCompliantJpeg({ path: file }, { maxSide: 1600 })
    const meta = await sharp(copy).metadata()
    expect(copy.length).toBeLessThanOrEqual(5 * MB)
    expect(meta.format).toBe('jpeg')
    expect(Math.max(meta.width!, meta.height!)).toBe(1600)
    const check = await preflightImage({ data: copy, label: 'copy' })
    expect(check.ok).toBe(true)
    expect(sha256(await readFile(file))).toBe(beforeHash)
    expect((await stat(file)).mtimeMs).toBe(before.mtimeMs)
  })

  it('lowers quality, then size, to meet a tight byte limit', async () => {
    const copy = await makeCompliantJpeg({ data: await noisyJpeg(1200, 900), label: 'noise' }, { maxBytes: 150_000 })
    expect(copy.length).toBeLessThanOrEqual(150_000)
  })

  it('turns a WebP into an upright JPEG with the orientation already applied', async () => {
    // stored sideways with EXIF orientation 6 (as phones do): 80 wide, 40 high on disk
    const sideways = await sharp({ create: { width: 80, height: 40, channels: 3, background: '#30a050' } })
      .webp()
      .withMetadata({ orientation: 6 })
      .toBuffer()
    const copy = await makeCompliantJpeg({ data: sideways, label: 'chat.webp' })
    const meta = await sharp(copy).metadata()
    expect(meta).toMatchObject({ format: 'jpeg', width: 40, height: 80 })
    expect(meta.orientation ?? 1).toBe(1)
  })

  it('flattens transparency onto white', async () => {
    const clear = await sharp({ create: { width: 32, height: 32, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer()
    const copy = await makeCompliantJpeg({ data: clear, label: 'clear.png' })
    const { channels } = await sharp(copy).stats()
    expect(channels.map((c) => Math.round(c.mean))).toEqual([255, 255, 255])
  })

  it('refuses what it cannot decode, naming the file', async () => {
    await expect(makeCompliantJpeg({ data: heicHeader(), label: 'IMG_0001.HEIC' })).rejects.toThrow(/IMG_0001\.HEIC/)
    await expect(makeCompliantJpeg({ path: at('missing.jpg') })).rejects.toBeInstanceOf(ImageConversionError)
  })
})

/** Random noise compresses badly, so it makes big JPEGs from few pixels. */
function noisyJpeg(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 98 })
    .toBuffer()
}
