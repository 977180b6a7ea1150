import type { cellReasonTextsId } from './cell-reason-id'
import { nikDigitsHeld } from '../../contract/nik-digits'

/** Why the importer doubts or refuses one cell, in English (the same keys as cell-reason-id.ts; the words a problem's `.message` has kept). */
export const cellReasonTextsEn: typeof cellReasonTextsId = {
  'cellReason.nikDigitsLost': (p) => `NIK stored as a number lost digits (${p.shown}); format the column as text and type the NIK again`,
  'cellReason.codeDigitsLost': (p) => `code stored as a number lost digits (${p.shown}); format the column as text and type the code again`,
  'cellReason.wrongType': (p) =>
    `expected a ${p.nik ? 'NIK' : 'code'}, found ${p.found === 'date' ? 'a date' : 'a TRUE/FALSE value'} (${p.shown}); format the column as text and type the ${p.nik ? 'NIK' : 'code'} again`,
  'cellReason.notInteger': (p) => `${p.nik ? 'NIK' : 'code'} is a number with a fraction (${p.shown}); codes are whole digits, format the column as text`,
  'cellReason.nikMaybeTruncated': (p) =>
    `NIK stored as a number ends in 0 (${p.digits}); Excel keeps only 15 significant digits, so its last digit may have been lost; format the column as text and check it`,
  'cellReason.nikNot16Digits': (p) =>
    `NIK is not 16 digits (${p.shown}): ${nikDigitsHeld(p.digits, 'en')}; check it against the KTP`,
  'cellReason.truncated': (p) => `the cell holds ${p.chars} characters; only the first ${p.max} (Excel's limit) were kept`,
}
