import { formatNumber } from '../../contract/numbers'
import type { zipReasonTextsId } from './zip-reason-id'

/** Why the zip inside a workbook or an upload cannot be read, in English (the same keys as zip-reason-id.ts). */
export const zipReasonTextsEn: typeof zipReasonTextsId = {
  'zipReason.directoryMissing': () => 'the zip directory at the end of the file is missing',
  'zipReason.notZip': () => 'not a zip file',
  'zipReason.zip64Damaged': () => 'the zip64 directory record is damaged',
  'zipReason.directoryDamaged': () => 'the zip directory is damaged',
  'zipReason.directoryPastEnd': () => 'the zip directory points past the end of the file',
  'zipReason.partPastEnd': (p) => `the part "${p.part}" runs past the end of the file`,
  'zipReason.dataPastEnd': () => 'it runs past the end of the file',
  'zipReason.localHeaderMissing': () => 'its local header is missing',
  'zipReason.method': (p) => `compression method ${p.method}, which rekap cannot read`,
  'zipReason.storedSizes': () => 'a stored part whose sizes disagree',
  'zipReason.inflate': (p) => `its compressed data is damaged, zlib code ${p.code}`,
  'zipReason.inflatesBeyond': (p) => `the part "${p.part}" inflates beyond the ${p.declared} bytes its directory declares (damaged, or a disguised zip bomb)`,
  'zipReason.partTooLarge': (p) => `the part "${p.part}" is larger than ${p.max} bytes`,
  'zipReason.tooManyStrings': (p) => `the shared-string table holds more than ${formatNumber(p.max, 'en')} texts`,
}
