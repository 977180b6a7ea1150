/**
 * Hostile-input audit: an .xlsx cannot hold more than Excel's 1,048,576 rows (a reference beyond is
 * refused), but a CSV had no such end: 1,100,000 rows planned at 329 MB, so ten times that exhausts
 * memory. A CSV row beyond Excel's last is refused with the message an over-long sheet gets.
 */
import { describe, expect, it } from 'vitest'
import { Readable } from 'node:stream'
import { readCsvRecordBatches } from '../../src-main/core/importers/csv-records'
import { asImportError } from '../../src-main/core/importers/reader-refusal'
import { renderCoreText, textOfError } from '../../src-main/core/texts/core-text'

async function countRows(lines: number): Promise<number> {
  const body = Buffer.from('1\n'.repeat(64 * 1024))
  const chunks = async function* () {
    yield Buffer.from('Kode RS\n')
    for (let left = lines - 1; left > 0; left -= 64 * 1024) yield left >= 64 * 1024 ? body : body.subarray(0, left * 2)
  }
  let n = 0
  for await (const batch of readCsvRecordBatches(Readable.from(chunks()))) n += batch.length
  return n
}

describe('a CSV longer than any sheet', () => {
  it('1,048,576 rows (Excel\'s last) still read', async () => {
    expect(await countRows(1_048_576)).toBe(1_048_576)
  }, 60_000)

  it('1,048,577 rows: refused, saying the limit, in both languages', async () => {
    const err = await countRows(1_048_577).then(
      () => null,
      (e: unknown) => e,
    )
    expect(err).not.toBeNull()
    const refusal = asImportError('panjang.csv', err, 'panjang')
    const text = textOfError(refusal)!
    expect(renderCoreText(text, 'en')).toMatch(/more than 1,?048,?575 data rows/)
    expect(renderCoreText(text, 'id')).toMatch(/lebih dari 1\.048\.575 baris data/)
  }, 60_000)
})
