import { describe, expect, it } from 'vitest'
import { guessKind } from '../../src-main/core/engine'

describe('guessKind', () => {
  it('a KYC sheet whose selfie column has an unusual name is still face-match (not a hospital query because of "Nama")', () => {
    expect(guessKind(['No', 'NIK', 'Nama', 'Foto KTP', 'Foto Kedua'])).toBe('face-match')
    expect(guessKind(['No', 'NIK', 'Nama', 'Foto KTP', 'Foto Selfie'])).toBe('face-match')
  })
  it('a name column alone is no hospital directory query', () => {
    expect(guessKind(['No', 'Nama', 'Alamat'])).toBeNull()
  })
  it('hospital directory filters are still recognised, with or without a name', () => {
    expect(guessKind(['Kode Provinsi', 'Kelas'])).toBe('hospital-directory')
    expect(guessKind(['Kelas', 'Nama RS'])).toBe('hospital-directory')
  })
})
