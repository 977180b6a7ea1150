import { describe, expect, it } from 'vitest'

import { normaliseCodeValue } from '../../src-main/core/importers/code-values'
import { isCodeHeader, isNikHeader } from '../../src-main/core/importers/header-names'
import { renderCoreText } from '../../src-main/core/texts/core-text'

describe('code values', () => {
  it('gives a NIK stored as an exact number back as its digits', () => {
    expect(normaliseCodeValue(3273011201900005, true)).toEqual({ value: '3273011201900005' })
  })

  it('flags a 16-digit NIK number ending in 0 (Excel keeps 15 significant digits) as a warning', () => {
    const out = normaliseCodeValue(3201234567890120, true)
    expect(out.value).toBe('3201234567890120')
    expect(out.issue).toMatchObject({ code: 'nik-maybe-truncated', severity: 'warning' })
  })

  it('refuses a NIK beyond 2^53 and a NIK in exponent form', () => {
    expect(normaliseCodeValue(9201234567890123, true).issue).toMatchObject({ code: 'nik-digits-lost', severity: 'error' })
    const reason = normaliseCodeValue('3.20123E+15', true).issue!.reason
    expect(renderCoreText(reason, 'en')).toBe('NIK stored as a number lost digits (3.20123E+15); format the column as text and type the NIK again')
    expect(renderCoreText(reason, 'id')).toBe('NIK tersimpan sebagai angka dan kehilangan digit (3.20123E+15); format kolom sebagai teks dan ketik ulang NIK-nya')
  })

  it('warns about a NIK that is not 16 digits (15 or 17 digits, a letter in it), text or number, in both languages', () => {
    for (const [cell, shown, digits] of [['327301570892000', '327301570892000', 15], ['32730157089200031', '32730157089200031', 17], [327301570892003, '327301570892003', 15]] as const) {
      const out = normaliseCodeValue(cell, true)
      expect(out.value).toBe(shown)
      expect(out.issue).toMatchObject({ code: 'nik-not-16-digits', severity: 'warning' })
      expect(renderCoreText(out.issue!.reason, 'en')).toBe(`NIK is not 16 digits (${shown}): it has ${digits} digits; check it against the KTP`)
      expect(renderCoreText(out.issue!.reason, 'id')).toBe(`NIK bukan 16 digit (${shown}): isinya ${digits} digit; periksa dengan KTP-nya`)
    }
    const letter = normaliseCodeValue('3273O15708920003', true)
    expect(letter.issue).toMatchObject({ code: 'nik-not-16-digits', severity: 'warning' })
    expect(renderCoreText(letter.issue!.reason, 'en')).toBe('NIK is not 16 digits (3273O15708920003): it holds characters other than digits; check it against the KTP')
    expect(renderCoreText(letter.issue!.reason, 'id')).toBe('NIK bukan 16 digit (3273O15708920003): isinya bukan hanya angka; periksa dengan KTP-nya')
    // a right NIK, an empty one, and a code that is not a NIK say nothing
    expect(normaliseCodeValue('3273011201900005', true)).toEqual({ value: '3273011201900005' })
    expect(normaliseCodeValue('  ', true)).toEqual({ value: null })
    expect(normaliseCodeValue('3171015', false)).toEqual({ value: '3171015' })
  })

  it('keeps text codes as typed (leading zeros), trimmed', () => {
    expect(normaliseCodeValue(' 0012345 ', false)).toEqual({ value: '0012345' })
  })

  it('recognises code and NIK headers, not picture headers', () => {
    for (const h of ['NIK', 'No. KTP', 'Nomor Induk Kependudukan']) expect(isNikHeader(h)).toBe(true)
    for (const h of ['Kode RS', 'hospital_code', 'NPSN', 'Kode Kab/Kota', 'regencyCode']) expect(isCodeHeader(h)).toBe(true)
    for (const h of ['Foto KTP', 'Nama', 'Selfie', 'Kodeine']) expect(isCodeHeader(h)).toBe(false)
  })
})
