import { coreText } from '../texts/core-text'
import { importError } from './import-error'
import { asImportError } from './reader-refusal'
import { openCheckedWorkbook } from './workbook-guard'

/**
 * The zip guard for readers that unpack a whole workbook at once (exceljs's `xlsx.readFile`, on
 * JSZip: the annotated copy, `rekap verify`, the `engine: 'exceljs'` reader). JSZip inflates a part
 * whole and only then compares its size: a 1.5 MB workbook whose xl/media/image1.png declared 1,000
 * bytes took 30 s and 1.7 GB before failing. So before such a reader sees the file, every part
 * (duplicates included) is inflated here as a stream, held to its declared size and discarded, and
 * the declared total is held to what an in-memory reader can take.
 */

/** All parts together, for a reader that holds the whole workbook in memory. */
export const MAX_IN_MEMORY_WORKBOOK_BYTES = 1024 * 1024 * 1024

/** Excel's own limit for a number format's code; exceljs's format tests take minutes on longer ones. */
export const MAX_FORMAT_CODE_CHARS = 255

/**
 * exceljs tests every number format with patterns that are slow on pathological codes (745,000
 * '[' took past 20 s in the fuzzer): a code longer than Excel itself accepts means a damaged part.
 */
function checkNumberFormats(file: string, part: string, xml: string): void {
  const code = /formatCode\s*=\s*(?:"([^"]*)"|'([^']*)')/g
  for (let m = code.exec(xml); m; m = code.exec(xml)) {
    const length = (m[1] ?? m[2] ?? '').length
    if (length > MAX_FORMAT_CODE_CHARS) {
      const detail = `a number format of ${length} characters; Excel allows ${MAX_FORMAT_CODE_CHARS}`
      throw importError('unreadable', file, coreText('import.partDamaged', { part, detail }))
    }
  }
}

/** Refuses (ImportError naming the file) a workbook an in-memory reader must not open; resolves when it is safe. */
export async function checkWholeWorkbook(file: string): Promise<void> {
  try {
    const zip = await openCheckedWorkbook(file)
    const total = zip.list.reduce((sum, e) => sum + e.uncompressedSize, 0)
    if (total > MAX_IN_MEMORY_WORKBOOK_BYTES) {
      throw importError('zip-bomb', file, coreText('import.totalBomb', { total, limit: MAX_IN_MEMORY_WORKBOOK_BYTES }))
    }
    for (const entry of zip.list) {
      const stream = await zip.streamEntry(entry)
      const styles = entry.name.toLowerCase() === 'xl/styles.xml'
      const kept: Buffer[] = []
      for await (const chunk of stream) {
        // the stream stops at the declared size with a ZipSizeError; only the styles are kept, to check
        if (styles) kept.push(chunk as Buffer)
      }
      if (styles) checkNumberFormats(file, entry.name, Buffer.concat(kept).toString('utf8'))
    }
  } catch (err) {
    throw asImportError(file, err)
  }
}
