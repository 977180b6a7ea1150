import type { outputTextsId } from './output-id'

/** Why a file cannot be written where the user asked, in English (the same keys as output-id.ts). */
export const outputTextsEn: typeof outputTextsId = {
  'output.noFolder': (p) => `cannot write ${p.file}: the folder ${p.folder} does not exist; create it first or choose another folder`,
  'output.folderIsFile': (p) => `cannot write ${p.file}: ${p.folder} is a file, not a folder; choose another folder`,
  'output.isFolder': (p) => `cannot write ${p.file}: it is a folder; give a file name inside it`,
  'output.notWritable': (p) => `cannot write ${p.file}: the folder ${p.folder} is not writable (${p.code}); choose a folder you can write to`,
  'dataFile.cannotUse': (p) => `cannot ${p.existed ? 'open' : 'make'} the rekap data file ${p.file}: ${p.reason}`,
  'dataFile.folderIsFile': (p) => `${p.folder} is a file, not a folder; choose another folder`,
  'dataFile.isFolder': () => 'it is a folder; give a file name inside it',
  'dataFile.notWritable': (p) => `the folder ${p.folder} is not writable (${p.code}); choose a folder you can write to`,
}
