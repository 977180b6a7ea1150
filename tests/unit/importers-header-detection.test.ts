import { describe, expect, it } from 'vitest'

import { buildHeaderLayout, detectHeaderRow, makeUnique, type RawRow } from '../../src-main/core/importers/header-detection'

const row = (rowNumber: number, ...cells: Array<string | number | Date | null | undefined>): RawRow => ({
  rowNumber,
  cells: cells.map((c) => (c === undefined ? null : c)),
})

describe('header row detection', () => {
  it('skips a merged title and a "printed on" line above the table', () => {
    const rows = [
      row(1, 'Daftar Verifikasi KYC - Cabang Bandung'),
      row(2, 'Dicetak:', new Date('2024-05-01')),
      row(4, 'No', 'NIK', 'Nama', 'Foto KTP', 'Selfie'),
      row(5, 1, '3201234567890123', 'Budi', 'a.jpg', 'b.jpg'),
    ]
    expect(detectHeaderRow(rows)).toBe(4)
  })

  it('skips a two-cell title line above a much wider table', () => {
    const rows = [
      row(1, 'Laporan', 'Januari 2024'),
      row(2, 'NIK', 'Nama', 'Foto KTP', 'Selfie', 'Cabang', 'Petugas'),
      row(3, '3201', 'Budi', 'a.jpg', 'b.jpg', 'BDG', 'Ani'),
    ]
    expect(detectHeaderRow(rows)).toBe(2)
  })

  it('accepts a one-column list of codes with a title', () => {
    expect(detectHeaderRow([row(1, 'Kode RS'), row(2, '3171015'), row(3, '3171026')])).toBe(1)
  })

  it('finds nothing in a sheet of numbers only', () => {
    expect(detectHeaderRow([row(1, 1, 2, 3), row(2, 4, 5, 6)])).toBeNull()
  })
})

describe('header layout', () => {
  it('names blank headers after their column letter and makes duplicates unique', () => {
    const layout = buildHeaderLayout(
      [row(1, 'Nama', 'NIK', null, 'nama', 'NAMA'), row(2, 'Budi', '3201', 'catatan', 'x', 'y')],
      1,
      true,
    )
    expect(layout.headers).toEqual(['Nama', 'NIK', 'Kolom C', 'nama (2)', 'NAMA (3)'])
    expect(layout.firstDataRow).toBe(2)
  })

  it('widens the table to data under a blank header beyond the last title', () => {
    const layout = buildHeaderLayout([row(1, 'Kode RS', 'Nama'), row(2, '3171015', 'RS A', 'tanpa judul')], 1, true)
    expect(layout.headers).toEqual(['Kode RS', 'Nama', 'Kolom C'])
  })

  it('combines a merged group title with the sub-titles below it', () => {
    const layout = buildHeaderLayout(
      [
        row(2, 'No', 'NIK', 'Nama', 'Foto', null),
        row(3, null, null, null, 'KTP', 'Selfie'),
        row(4, 1, '3201', 'Budi', 'ktp.jpg', 'selfie.jpg'),
      ],
      2,
      true,
    )
    expect(layout.headers).toEqual(['No', 'NIK', 'Nama', 'Foto KTP', 'Foto Selfie'])
    expect(layout.headerRow).toBe(2)
    expect(layout.firstDataRow).toBe(4)
  })

  it('does not take a first data row for a sub-header', () => {
    const layout = buildHeaderLayout(
      [row(1, 'NIK', 'Foto KTP', 'Selfie'), row(2, '3201', 'ktp.jpg', 'selfie.jpg')],
      1,
      true,
    )
    expect(layout.headers).toEqual(['NIK', 'Foto KTP', 'Selfie'])
    expect(layout.firstDataRow).toBe(2)
  })

  it('makeUnique skips suffixes already taken', () => {
    expect(makeUnique(['Nama', 'Nama (2)', 'Nama'])).toEqual(['Nama', 'Nama (2)', 'Nama (3)'])
  })
})
