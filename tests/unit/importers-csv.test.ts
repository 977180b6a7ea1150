import { Readable } from 'node:stream'

import { describe, expect, it } from 'vitest'

import { readCsvRecords, sniffDelimiter } from '../../src-main/core/importers/csv-records'

async function parse(chunks: Array<string | Buffer>): Promise<string[][]> {
  const out: string[][] = []
  for await (const r of readCsvRecords(Readable.from(chunks.map((c) => (typeof c === 'string' ? Buffer.from(c) : c))))) {
    out.push(r.fields)
  }
  return out
}

/** Splits a text into chunks of n bytes, to hit every chunk boundary. */
function everyBoundary(text: string, n: number): Buffer[] {
  const buf = Buffer.from(text)
  const parts: Buffer[] = []
  for (let i = 0; i < buf.length; i += n) parts.push(buf.subarray(i, i + n))
  return parts
}

describe('csv records', () => {
  const tricky = '\uFEFFKode;Nama;Alamat\r\n3171015;"RS ""Medika""";"Jl. A; No 1\r\nBaris 2"\r\n3171026;RS É;\r\n'
  const expected = [
    ['Kode', 'Nama', 'Alamat'],
    ['3171015', 'RS "Medika"', 'Jl. A; No 1\r\nBaris 2'],
    ['3171026', 'RS É', ''],
  ]

  it('handles BOM, semicolons, doubled quotes, embedded newlines and CRLF', async () => {
    expect(await parse([tricky])).toEqual(expected)
  })

  it('gives the same records whatever the chunk boundaries (quotes, CRLF and UTF-8 split)', async () => {
    for (const n of [1, 2, 3, 5, 7]) expect(await parse(everyBoundary(tricky, n))).toEqual(expected)
  })

  it('sniffs the delimiter from the first line that has one', () => {
    expect(sniffDelimiter('Laporan KYC\nNIK;Nama;Foto\n1,5;2;3')).toBe(';')
    expect(sniffDelimiter('"a;b",c,d\n')).toBe(',')
    expect(sniffDelimiter('a\tb\tc\n')).toBe('\t')
  })

  it('honours Excel\'s "sep=" hint line and keeps Excel\'s row numbers', async () => {
    const records = []
    for await (const r of readCsvRecords(Readable.from([Buffer.from('sep=,\nNIK;x,Nama\n1,Budi\n')]))) records.push(r)
    expect(records).toEqual([
      { recordNumber: 2, fields: ['NIK;x', 'Nama'] },
      { recordNumber: 3, fields: ['1', 'Budi'] },
    ])
  })

  it('reads UTF-16 text saved by Excel as "Unicode Text"', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('NIK\tNama\r\n1\tÉlise\r\n', 'utf16le')])
    expect(await parse([utf16])).toEqual([
      ['NIK', 'Nama'],
      ['1', 'Élise'],
    ])
  })

  it('keeps a last record without a newline and numbers records across embedded newlines', async () => {
    const records = []
    for await (const r of readCsvRecords(Readable.from([Buffer.from('a,b\n"x\ny",z\nlast,1')]))) records.push(r.recordNumber)
    expect(records).toEqual([1, 2, 3])
  })
})
