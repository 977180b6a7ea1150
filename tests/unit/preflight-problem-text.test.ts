/**
 * A pre-flight problem or cell warning as the app's table shows it (rowProblemText): one line in
 * the screen's language. In English the short reason was followed by the importer's English
 * sentence saying the same again ("NIK stored as a number ends in 0; … — NIK stored as a number
 * ends in 0 (3273015708920000); …"); now the short reason and what it is about, as in Indonesian.
 */
import { describe, expect, it } from 'vitest'
import { rowProblemText } from '../../src-main/contract/row-error-reasons'

const at = '/data/kyc.xlsx, sheet "Data KYC", row 2, column "NIK": '

describe('rowProblemText', () => {
  it.each([
    ['nik-maybe-truncated', 'NIK stored as a number ends in 0 (3273015708920000); Excel keeps only 15 significant digits, so its last digit may have been lost; format the column as text and check it', '3273015708920000'],
    ['nik-not-16-digits', 'NIK is not 16 digits (327301570892000): it has 15 digits; check it against the KTP', '327301570892000'],
    ['image-ref-not-found', 'file not found: /data/photos/ktp-09.jpg', 'ktp-09.jpg'],
  ])('%s: one English line, the reason once, then the value', (code, sentence, value) => {
    const en = rowProblemText({ code, message: at + sentence }, 'en')
    expect(en.endsWith(` — ${value}`), en).toBe(true)
    // the reason is said once: no second sentence after the dash
    expect(en.split(' — ')).toHaveLength(2)
    expect(en).not.toContain('row 2')
    const id = rowProblemText({ code, message: at + sentence }, 'id')
    expect(id.endsWith(` — ${value}`), id).toBe(true)
    expect(id).not.toMatch(/stored as a number|not 16 digits|file not found/)
  })

  it("a NIK that is not 16 digits: how many it has, or that it holds other characters, from the importer's reason (the words the CLI says)", () => {
    const short = { code: 'nik-not-16-digits', message: at + 'NIK is not 16 digits (327301570892000): it has 15 digits; check it against the KTP', reason: { code: 'cellReason.nikNot16Digits', params: { shown: '327301570892000', digits: 15 } } }
    expect(rowProblemText(short, 'id')).toBe('NIK bukan 16 digit; periksa dengan KTP-nya — 327301570892000 (isinya 15 digit)')
    expect(rowProblemText(short, 'en')).toBe('NIK is not 16 digits; check it against the KTP — 327301570892000 (it has 15 digits)')
    const letter = { code: 'nik-not-16-digits', message: at + 'NIK is not 16 digits (32730157089200O1): it holds characters other than digits; check it against the KTP', reason: { code: 'cellReason.nikNot16Digits', params: { shown: '32730157089200O1', digits: null } } }
    expect(rowProblemText(letter, 'id')).toBe('NIK bukan 16 digit; periksa dengan KTP-nya — 32730157089200O1 (isinya bukan hanya angka)')
    expect(rowProblemText(letter, 'en')).toBe('NIK is not 16 digits; check it against the KTP — 32730157089200O1 (it holds characters other than digits)')
  })

  it('a sentence rekap knows no short form of is shown alone in English, once', () => {
    expect(rowProblemText({ code: 'cell-error', message: at + 'the cell shows the Excel error #REF!' }, 'en')).toBe('the cell shows the Excel error #REF!')
  })

  it('a cut cell: the short reason alone (the cell is too long to show)', () => {
    const m = at + "the cell holds 40000 characters; only the first 32767 (Excel's limit) were kept"
    expect(rowProblemText({ code: 'cell-truncated', message: m }, 'en')).toBe("The cell is longer than Excel's limit: only its first 32,767 characters are used; check it")
  })
})
