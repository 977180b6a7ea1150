/**
 * A damaged workbook's refusal is said in one language: the zip reader's reason (a cut-off zip
 * directory, a part zlib cannot inflate, a part inflating past its declared size, a missing local
 * header) used to be English inside the Indonesian sentence. Now each reason is a core text, said
 * in the user's language, still naming the file and the part. Real `rekap` processes, real files.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { EXIT } from '../../src-main/cli/exit-codes'
import { damagedPartWorkbook, type PartDamage } from '../fixtures/builders/hostile-workbooks'
import { makeTempDir, REPO_ROOT } from '../helpers/temp-dir'
import { rekap } from '../helpers/rekap-process'

let tmp: ReturnType<typeof makeTempDir>
beforeAll(() => (tmp = makeTempDir('rekap-zip-reasons-')))
afterAll(() => tmp?.cleanup())

/** The reader's English reasons, none of which may stand in an Indonesian line. */
const ENGLISH_REASON = /zip directory|the part|runs past|inflates beyond|local header|compression method|invalid distance|is damaged|not a zip/

async function dryRun(file: string, lang: 'id' | 'en') {
  const r = await rekap(['run', file, '--kind', 'hospital-lookup', '--dry-run', '--db', join(tmp.dir, 'rekap.db')], { REKAP_LANG: lang })
  expect(r.code, r.out + r.err).toBe(EXIT.usage)
  expect(r.err).not.toMatch(/unexpected|tak terduga/)
  return r.err
}

describe('the zip reader reasons, in the user language', () => {
  it('a workbook cut short (no zip directory): rekap run and rekap verify', async () => {
    const whole = readFileSync(join(REPO_ROOT, 'examples/hospitals/hospital-codes.xlsx'))
    const file = join(tmp.dir, 'terpotong.xlsx')
    writeFileSync(file, whole.subarray(0, 3000))
    const id = await dryRun(file, 'id')
    expect(id).toContain('terpotong.xlsx: buku kerja terpotong atau rusak (direktori zip di akhir berkas tidak ada)')
    expect(id).not.toMatch(ENGLISH_REASON)
    expect(await dryRun(file, 'en')).toContain('terpotong.xlsx: the workbook is truncated or damaged (the zip directory at the end of the file is missing)')

    const verify = await rekap(['verify', file], { REKAP_LANG: 'id' })
    expect(verify.code, verify.err).toBe(EXIT.usage)
    expect(verify.err).toContain('direktori zip di akhir berkas tidak ada')
    expect(verify.err).not.toMatch(ENGLISH_REASON)
  }, 60_000)

  const damages: Array<[PartDamage, string, RegExp]> = [
    ['invalid distance too far back', 'data terkompresinya rusak, kode zlib Z_DATA_ERROR', /its compressed data is damaged, zlib code Z_DATA_ERROR/],
    ['inflates beyond declared size', 'mengembang melebihi', /inflates beyond the \d+ bytes its directory declares/],
    ['local header damaged', 'header lokalnya tidak ada', /its local header is missing/],
    ['unsupported method', 'cara kompresi 12', /compression method 12/],
  ]
  it.each(damages)('a part damaged (%s): names the file and the part', async (damage, idReason, enReason) => {
    const file = join(tmp.dir, `rusak-${damage.replace(/\W/g, '_')}.xlsx`)
    writeFileSync(file, damagedPartWorkbook('xl/styles.xml', damage))
    const id = await dryRun(file, 'id')
    expect(id).toContain(file.split('/').pop()!)
    expect(id).toContain('xl/styles.xml')
    expect(id).toContain(idReason)
    expect(id).not.toMatch(ENGLISH_REASON)
    const en = await dryRun(file, 'en')
    expect(en).toContain('xl/styles.xml')
    expect(en).toMatch(enReason)
  }, 60_000)
})
