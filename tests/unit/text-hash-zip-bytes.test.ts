/**
 * Text encoded piece by piece into reused buffers (the report digest, the store fingerprint and
 * the xlsx zip entries): the bytes must be exactly those of the joined text, whatever the piece
 * sizes and characters (ASCII, 2-, 3- and 4-byte UTF-8, pieces larger than a buffer).
 */
import { describe, expect, it } from 'vitest'
import { createHash } from 'node:crypto'
import { join } from 'node:path'
import { TextHash } from '../../src-main/core/text-hash'
import { ZipEntryWriter, ZipFileWriter } from '../../src-main/core/reports/xlsx/zip-writer'
import { inflateRawSync } from 'node:zlib'
import { ZipDirectory } from '../../src-main/core/importers/zip-directory'
import { makeTempDir } from '../helpers/temp-dir'

function pieces(): string[] {
  const out: string[] = []
  const samples = ['<row r="1">', 'Nasabah ', 'é', 'Ñoño', '€uro', '😀', 'x'.repeat(70_000), '𝄞'.repeat(30_000), '\n', '']
  for (let i = 0; i < 1_000; i++) out.push(samples[(i * 7) % samples.length] + i)
  return out
}

describe('text encoded piece by piece', () => {
  it('TextHash gives the SHA-256 of the joined text, also when read in the middle', () => {
    const list = pieces()
    const h = new TextHash()
    const half = Math.floor(list.length / 2)
    list.slice(0, half).forEach((p) => h.add(p))
    expect(h.peek()).toBe(createHash('sha256').update(list.slice(0, half).join('')).digest('hex'))
    list.slice(half).forEach((p) => h.add(p))
    expect(h.digest()).toBe(createHash('sha256').update(list.join('')).digest('hex'))
  })

  it('a zip entry written a piece at a time holds exactly the joined text', async () => {
    const tmp = makeTempDir()
    try {
      const list = pieces()
      const file = join(tmp.dir, 'a.zip')
      const zip = new ZipFileWriter(file)
      const entry = zip.entry('big.xml')
      for (const p of list) {
        entry.write(p)
        if (entry.busy) await entry.drain()
      }
      await entry.end()
      await zip.add('small.xml', '<a>ü</a>')
      await zip.finish()
      const back = await ZipDirectory.open(file)
      expect(await back.readText('big.xml')).toBe(list.join(''))
      expect(await back.readText('small.xml')).toBe('<a>ü</a>')
    } finally {
      tmp.cleanup()
    }
  })
})

describe('a zip entry deflated on its own thread (the zip thread) or on the pool', () => {
  it('gives the same bytes, CRC and sizes either way', async () => {
    const list = pieces()
    const written = async (deflateHere: boolean) => {
      const bytes: Buffer[] = []
      let sizes: number[] = []
      const entry = new ZipEntryWriter('part', (buf) => bytes.push(Buffer.from(buf)), (crc, compressed, uncompressed) => (sizes = [crc, compressed, uncompressed]), deflateHere)
      for (const p of list) {
        entry.write(p)
        if (entry.busy) await entry.drain()
      }
      await entry.end()
      return { bytes: Buffer.concat(bytes), sizes }
    }
    const pool = await written(false)
    const here = await written(true)
    // many chunks, so their order and the reuse of their buffers are tested too
    expect(pool.sizes[2]).toBeGreaterThan(4 << 20)
    expect(here.sizes).toEqual(pool.sizes)
    expect(here.bytes.equals(pool.bytes)).toBe(true)
    expect(inflateRawSync(here.bytes).toString('utf8')).toBe(list.join(''))
  })
})
