/**
 * Hostile-input audit, CSV: a quote opened and never closed swallowed every following row into one
 * cell without a word (49 data rows became 1: work lost in silence); a UTF-16 big-endian file (its
 * byte-order mark FE FF) was read as UTF-8, so every header held NUL bytes and nothing matched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { makeTempDir } from '../helpers/temp-dir'
import { rekap } from './helpers'

let tmp: ReturnType<typeof makeTempDir>
beforeAll(() => (tmp = makeTempDir('rekap-sec-csv-')))
afterAll(() => tmp.cleanup())

const HEADER = 'Kode RS,Nama,Catatan\n'
const rows = (from: number, to: number): string => Array.from({ length: to - from + 1 }, (_, i) => `${3201000 + from + i},RS ${from + i},ok\n`).join('')

describe('a CSV from someone else', () => {
  it('a quote never closed: refused naming the file, the row and the column where it opened (id and en)', async () => {
    const file = join(tmp.dir, 'kutip.csv')
    writeFileSync(file, HEADER + rows(1, 3) + '3201004,"RS Empat,ok\n' + rows(5, 49))
    for (const [lang, words] of [
      ['id', /kutip\.csv.*baris 5.*kolom B/s],
      ['en', /kutip\.csv.*row 5.*column B/s],
    ] as const) {
      const r = await rekap(['run', file, '--kind', 'hospital-lookup', '--dry-run', '--lang', lang, '--db', join(tmp.dir, `k-${lang}.db`)], { timeoutMs: 60_000 })
      expect(r.code, r.out).toBe(2)
      expect(r.out).toMatch(words)
      expect(r.out).not.toMatch(/unexpected error|\n\s+at /)
    }
  }, 120_000)

  it('a quote closed before the end still reads every row', async () => {
    const file = join(tmp.dir, 'kutip-ok.csv')
    writeFileSync(file, HEADER + rows(1, 3) + '3201004,"RS ""Empat""\nlantai 2",ok\n' + rows(5, 9))
    const r = await rekap(['run', file, '--kind', 'hospital-lookup', '--dry-run', '--lang', 'en', '--db', join(tmp.dir, 'ok.db')], { timeoutMs: 60_000 })
    expect(r.code, r.out).toBe(0)
    expect(r.out).toMatch(/pre-flight: 9 rows/)
  }, 120_000)

  it('UTF-16 big-endian (FE FF) reads like UTF-16 little-endian', async () => {
    const text = HEADER + rows(1, 3)
    const le = join(tmp.dir, 'le.csv')
    const be = join(tmp.dir, 'be.csv')
    writeFileSync(le, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]))
    writeFileSync(be, Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]))
    for (const file of [le, be]) {
      const r = await rekap(['run', file, '--kind', 'hospital-lookup', '--dry-run', '--lang', 'en', '--db', join(tmp.dir, 'u16.db')], { timeoutMs: 60_000 })
      expect(r.code, r.out).toBe(0)
      expect(r.out).toMatch(/pre-flight: 3 rows, 3 OK/)
      expect(r.out).not.toMatch(/\\x00/)
    }
  }, 120_000)
})
