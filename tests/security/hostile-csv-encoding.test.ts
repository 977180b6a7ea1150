/**
 * Hostile-input audit, CSV encodings: Excel's plain "CSV" on Windows writes the ANSI code page
 * (Windows-1252), not UTF-8. Such a file was decoded as UTF-8, so "José" and "–" became U+FFFD in
 * silence and the report echoed "Jos�": the name was lost without a word. A file whose first bytes
 * are not UTF-8 is now read as Windows-1252 (what Excel shows for it); one that turns invalid beyond
 * the first bytes read (the first chunk, 256 KB) is refused naming the row and column where it does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { makeTempDir } from '../helpers/temp-dir'
import { readCsvRecords } from '../../src-main/core/importers/csv-records'
import { rekap } from './helpers'

let tmp: ReturnType<typeof makeTempDir>
beforeAll(() => (tmp = makeTempDir('rekap-sec-csvenc-')))
afterAll(() => tmp.cleanup())

async function records(buf: Buffer, chunk = 7): Promise<string[][]> {
  const chunks = Array.from({ length: Math.ceil(buf.length / chunk) }, (_, i) => buf.subarray(i * chunk, (i + 1) * chunk))
  const out: string[][] = []
  for await (const r of readCsvRecords(Readable.from(chunks))) out.push(r.fields)
  return out
}

describe('CSV bytes that are not UTF-8', () => {
  it('a Windows-1252 file reads as Windows-1252: é, – and € come through', async () => {
    const ansi = Buffer.concat([Buffer.from('Kode RS,Nama\n3201001,RS Santo Jos'), Buffer.from([0xe9, 0x20, 0x96, 0x20, 0x80]), Buffer.from(' Cabang\n')])
    expect(await records(ansi)).toEqual([
      ['Kode RS', 'Nama'],
      ['3201001', 'RS Santo José – € Cabang'],
    ])
  })

  it('UTF-8 (with or without its mark) still reads as UTF-8, a character split across chunks too', async () => {
    const text = 'Kode RS,Nama\n3201001,RS Santo José – 😀\n'
    for (const buf of [Buffer.from(text), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)])]) {
      expect(await records(buf, 3)).toEqual([
        ['Kode RS', 'Nama'],
        ['3201001', 'RS Santo José – 😀'],
      ])
    }
  })

  it('UTF-8 that turns into another encoding after the first chunk read (256 KB): refused naming the row and column', async () => {
    const file = join(tmp.dir, 'campur.csv')
    const good = Array.from({ length: 9000 }, (_, i) => `${3201000 + i},RS Nomor ${i} di Kota Bandung,ok\n`).join('')
    writeFileSync(file, Buffer.concat([Buffer.from('Kode RS,Nama,Catatan\n' + good + '3209999,'), Buffer.from([0x4a, 0x6f, 0x73, 0xe9]), Buffer.from(',ok\n')]))
    const r = await rekap(['run', file, '--kind', 'hospital-lookup', '--dry-run', '--lang', 'en', '--db', join(tmp.dir, 'c.db')], { timeoutMs: 60_000 })
    expect(r.code, r.out).toBe(2)
    expect(r.out).toMatch(/campur\.csv.*row 9002, column B/s)
    const id = await rekap(['run', file, '--kind', 'hospital-lookup', '--dry-run', '--lang', 'id', '--db', join(tmp.dir, 'c.db')], { timeoutMs: 60_000 })
    expect(id.out).toMatch(/campur\.csv.*baris 9002, kolom B/s)
  }, 90_000)
})
