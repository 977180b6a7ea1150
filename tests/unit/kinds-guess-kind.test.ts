import { describe, expect, it } from 'vitest'
import { guessKind } from '../../src-main/core/kinds/registry'

// The New job screen and `rekap run` start from this guess; a KYC sheet must never be taken for a
// hospital directory query just because it has a "Nama" column.
describe('guessKind', () => {
  it('does not guess a directory query from a name column alone', () => {
    expect(guessKind(['No', 'NIK', 'Nama', 'Foto KTP', 'Foto Kedua'])).not.toBe('hospital-directory')
    expect(guessKind(['Nama'])).toBeNull()
  })

  it('still guesses each kind from its own columns', () => {
    expect(guessKind(['No', 'NIK', 'Nama', 'Foto KTP', 'Foto Selfie'])).toBe('face-match')
    expect(guessKind(['Kode RS', 'Nama'])).toBe('hospital-lookup')
    expect(guessKind(['NPSN'])).toBe('school-lookup')
    expect(guessKind(['Kode Provinsi', 'Kelas'])).toBe('hospital-directory')
  })
})
