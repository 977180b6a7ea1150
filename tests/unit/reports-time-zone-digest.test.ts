import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { checkTimeZone, reportZone } from '../../src-main/core/reports/time-zone'
import { canonicalCell, canonicalRow, ContentDigest, formatSheetDigests, parseSheetDigests } from '../../src-main/core/reports/report-digest'

const T = Date.UTC(2026, 10, 23, 2, 0, 3, 456) // 23 Nov 2026 02:00:03.456 UTC

describe('report time zone', () => {
  it('shows an instant as the wall clock of WIB, WITA, WIT, to the whole second', () => {
    expect(reportZone().wall(T).toISOString()).toBe('2026-11-23T09:00:03.000Z')
    expect(reportZone('Asia/Makassar').wall(T).toISOString()).toBe('2026-11-23T10:00:03.000Z')
    expect(reportZone('Asia/Jayapura').wall(T).toISOString()).toBe('2026-11-23T11:00:03.000Z')
    expect(reportZone('Asia/Jakarta')).toMatchObject({ label: 'WIB', fullName: 'WIB, Asia/Jakarta' })
    expect(reportZone('Asia/Jakarta').offsetLabel(T)).toBe('UTC+07:00')
  })

  it('follows daylight saving where a zone has it, and names zones without a short name by IANA id', () => {
    const berlin = reportZone('Europe/Berlin')
    expect(berlin.label).toBe('Europe/Berlin')
    expect(berlin.offsetLabel(Date.UTC(2026, 0, 15))).toBe('UTC+01:00')
    expect(berlin.offsetLabel(Date.UTC(2026, 6, 15))).toBe('UTC+02:00')
    expect(reportZone('America/St_Johns').offsetLabel(Date.UTC(2026, 0, 15))).toBe('UTC-03:30')
  })

  it('refuses an unknown zone with the names to use', () => {
    expect(() => checkTimeZone('Jakarta')).toThrow(/not a time zone rekap knows .*Asia\/Jakarta/)
  })
})

describe('report digest', () => {
  it('canonicalises a written cell and its exceljs read-back alike', () => {
    expect(canonicalCell(new Date('2026-11-23T09:00:03.000Z'))).toBe('D:2026-11-23T09:00:03')
    // a date read back from its day fraction can be a hair off the second
    expect(canonicalCell(new Date('2026-11-23T09:00:02.9995Z'))).toBe('D:2026-11-23T09:00:03')
    expect(canonicalCell({ richText: [{ text: 'CO' }, { text: 'COK' }] })).toBe('COCOK')
    expect(canonicalCell({ formula: 'SUM(A1:A2)', result: 3 })).toBe('F:SUM(A1:A2)')
    expect(canonicalCell('a\r\nb')).toBe('a\nb')
    expect(canonicalCell('')).toBeNull()
    expect(canonicalRow(['x', null, '', undefined])).toEqual(['x'])
    expect(canonicalRow([null, ''])).toBeNull()
  })

  it('hashes exactly JSON.stringify(canonicalRow(row)) per row, however the rows are fed', () => {
    // the definition `rekap verify` re-computes from an exceljs read-back: written reports must keep it
    const rows: unknown[][] = [
      ['NIK', 'Nama', 'Skor'],
      ['0012345678901234', 'a "quoted" \\ back\u2028slash', 0.5],
      [null, '', 'x', null, undefined, ''],
      ['', null],
      ['line\r\nbreak\rcr', -0, 1e21, 1.5e-7, Number.NaN, true, false],
      [new Date('2026-11-23T09:00:02.9995Z'), new Date(Number.NaN), new Date('1990-05-17T00:00:00Z')],
      [{ richText: [{ text: 'CO' }, { text: 'COK' }] }, { formula: 'SUM(A1:A2)' }, { error: '#N/A' }, { text: '' }],
      ['Skip me', 'digest'],
      ['Ñoño é 😀', 7n as unknown, null, 'end'],
      ['tab\there', 'lone \ud800 surrogate', 'del \u007f', '\u0001', 'plain text, no escapes'],
      // empty cells before, between and after others; more of them than any table of ready texts holds
      [null, null, 'x', null, 5, '', new Date('2026-01-02T03:04:05Z'), null],
      [undefined, new Date('2026-01-02T03:04:05Z'), null, null, null, true],
      [...Array.from({ length: 70 }, () => null), 'far', ...Array.from({ length: 70 }, () => ''), 1],
      // a label read back as rich text is still a label
      [{ richText: [{ text: 'Skip ' }, { text: 'me' }] }, 'digest'],
      [12, 'Skip me'],
    ]
    const d = new ContentDigest(new Set(['Skip me']))
    d.startSheet('Hasil')
    for (const r of rows) d.row(r)
    const expected = createHash('sha256').update(JSON.stringify('Hasil') + '\n')
    for (const r of rows) {
      const c = canonicalRow(r)
      if (c && !(typeof c[0] === 'string' && c[0] === 'Skip me')) expected.update(JSON.stringify(c) + '\n')
    }
    expect(d.result().sheets[0].digest).toBe(expected.digest('hex'))
  })

  it('changes with any cell, not with the summary lines that hold the digest', () => {
    const digest = (rows: unknown[][]) => {
      const d = new ContentDigest(new Set(['Digest']))
      d.startSheet('Ringkasan')
      for (const r of rows) d.row(r)
      d.startSheet('Hasil')
      d.row(['NIK', 'Skor'])
      d.row(['3273010101010001', 0.5])
      return d.result()
    }
    const a = digest([['ID pekerjaan', 'j1'], ['Digest', 'aaa']])
    const b = digest([['ID pekerjaan', 'j1'], ['Digest', 'bbb']])
    const c = digest([['ID pekerjaan', 'j2'], ['Digest', 'aaa']])
    expect(a.digest).toBe(b.digest)
    expect(a.digest).not.toBe(c.digest)
    expect(a.sheets[1].digest).toBe(c.sheets[1].digest)
    expect(parseSheetDigests(formatSheetDigests(a.sheets))).toEqual(new Map(a.sheets.map((s) => [s.name, s.digest.slice(0, 16)])))
  })
})
