import type { archiveTextsId } from './archive-id'

/** Why a .zip of a workbook and its photos is refused, in English (the same keys as archive-id.ts). */
export const archiveTextsEn: typeof archiveTextsId = {
  'zip.unreadable': (p) => `not a readable .zip (${p.reason})`,
  'zip.tooManyEntries': (p) => `${p.entries} entries, more than the ${p.max} a workbook and its photos need`,
  'zip.tooBig': (p) => `unpacks to ${p.mb} MB, more than the ${p.maxMb} MB an upload may hold; send a smaller folder`,
  'zip.outside': (p) => `the entry "${p.entry}" points outside the folder; refused`,
  'zip.method': (p) => `the entry "${p.entry}" uses a compression method rekap cannot read; zip it again`,
  'zip.clash': (p) =>
    `the entries "${p.entry}" and "${p.other}" would be the same file or folder once unpacked (names differing only in case, "//" or "./" count as the same, as on Windows and macOS); zip the folder again`,
  'zip.cannotWrite': (p) =>
    `the entry "${p.entry}" cannot be unpacked on this computer (${p.code}${p.code === 'ENAMETOOLONG' ? ': its name is too long' : p.code === 'ENOSPC' ? ': the disk is full' : ''}); zip it again with shorter names, or free disk space`,
  'zip.noWorkbook': () => 'no .xlsx, .xlsm or .csv inside this .zip',
}
