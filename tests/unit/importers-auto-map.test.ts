import { describe, expect, it } from 'vitest'

import { MapOverrideError } from '../../src-main/core/importers/auto-map'
import { applyMapOverrides, autoMap } from '../../src-main/core/kinds/registry'

describe('autoMap', () => {
  it.each([
    [['NIK', 'Nama', 'Foto KTP', 'Foto Selfie'], { image1: 'Foto KTP', image2: 'Foto Selfie', nik: 'NIK', name: 'Nama' }],
    [['nik', 'name', 'image1', 'image2'], { image1: 'image1', image2: 'image2', nik: 'nik', name: 'name' }],
    [['KTP', 'Selfie'], { image1: 'KTP', image2: 'Selfie' }],
    [['ktp_photo', 'selfie_photo', 'No. KTP'], { image1: 'ktp_photo', image2: 'selfie_photo', nik: 'No. KTP' }],
    [['FOTO-KTP (path)', 'URL Foto Selfie Nasabah'], { image1: 'FOTO-KTP (path)', image2: 'URL Foto Selfie Nasabah' }],
  ])('face-match maps %j', (headers, expected) => {
    const { mapping, missing } = autoMap('face-match', headers)
    expect(mapping).toEqual(expected)
    expect(missing).toEqual([])
  })

  it('does not take "No KTP" (a NIK) for the KTP picture', () => {
    const { mapping, missing } = autoMap('face-match', ['No KTP', 'Selfie'])
    expect(mapping.image1).toBeUndefined()
    expect(mapping.nik).toBe('No KTP')
    expect(missing).toEqual(['image1'])
  })

  it.each([
    ['hospital-lookup', ['Kode RS', 'Nama'], { code: 'Kode RS' }],
    ['hospital-lookup', ['Kode'], { code: 'Kode' }],
    ['hospital-lookup', ['hospital_code'], { code: 'hospital_code' }],
    ['school-lookup', ['No', 'NPSN', 'Nama Sekolah'], { npsn: 'NPSN' }],
    ['school-directory', ['Kode Kab/Kota', 'Jenjang', 'Status'], { regency_code: 'Kode Kab/Kota', grade: 'Jenjang', status: 'Status' }],
    ['school-directory', ['regency_code'], { regency_code: 'regency_code' }],
    ['school-directory', ['KODE KABUPATEN'], { regency_code: 'KODE KABUPATEN' }],
    ['hospital-directory', ['Kode Provinsi', 'Kelas', 'Jenis', 'Kepemilikan', 'Status BLU'], { province_code: 'Kode Provinsi', class: 'Kelas', type: 'Jenis', ownership: 'Kepemilikan', blu_status: 'Status BLU' }],
    ['regions', ['province_code'], { province_code: 'province_code' }],
  ] as const)('%s maps %j', (kind, headers, expected) => {
    expect(autoMap(kind, [...headers]).mapping).toEqual(expected)
  })

  it('reports required fields it could not find', () => {
    expect(autoMap('hospital-lookup', ['Nama RS', 'Alamat']).missing).toEqual(['code'])
    expect(autoMap('regions', []).missing).toEqual([])
  })
})

describe('applyMapOverrides', () => {
  const headers = ['NIK', 'Gambar 1', 'Gambar 2', 'Foto KTP']

  it('overrides and matches headers ignoring case and punctuation', () => {
    const { mapping } = autoMap('face-match', headers)
    expect(mapping.image1).toBe('Foto KTP')
    const out = applyMapOverrides(mapping, ['image1=gambar 1', 'image2="Gambar 2"'], headers, 'face-match')
    expect(out).toEqual({ image1: 'Gambar 1', image2: 'Gambar 2', nik: 'NIK' })
  })

  it('names the unknown header and lists the columns', () => {
    expect(() => applyMapOverrides({}, ['image1=Foto'], headers)).toThrowError(
      /--map "image1=Foto": there is no column "Foto"; the columns are "NIK", "Gambar 1", "Gambar 2", "Foto KTP"/,
    )
  })

  it('names the unknown field and lists the fields of the kind', () => {
    let error: unknown
    try {
      applyMapOverrides({}, ['foto=NIK'], headers, 'face-match')
    } catch (err) {
      error = err
    }
    expect(error).toBeInstanceOf(MapOverrideError)
    expect((error as MapOverrideError).code).toBe('unknown-field')
    expect((error as Error).message).toBe('--map "foto=NIK": unknown field "foto" for face-match; the fields are image1, image2, nik, name')
  })

  it('refuses a malformed override', () => {
    expect(() => applyMapOverrides({}, ['image1'], headers)).toThrowError(/expected field=Header/)
  })
})
