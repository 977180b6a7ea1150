/**
 * `rekap compare` of a file that is not a workbook refuses it in the user's language, as every
 * other command does: it said the importer's English words ("not an Excel .xlsx workbook") inside
 * an Indonesian terminal, because the refusal was passed on by its English message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { makeTempDir } from '../helpers/temp-dir'
import { rekap } from '../helpers/rekap-process'

let tmp: ReturnType<typeof makeTempDir>
beforeAll(() => {
  tmp = makeTempDir('rekap-compare-lang-')
})
afterAll(() => tmp?.cleanup())

describe('rekap compare of a file that is not a workbook', () => {
  it('refuses it in Indonesian by default and in English when asked, exit 2', async () => {
    const a = join(tmp.dir, 'lalu.xlsx')
    const b = join(tmp.dir, 'kini.xlsx')
    writeFileSync(a, 'bukan zip sama sekali\n')
    writeFileSync(b, 'bukan zip juga\n')
    const id = await rekap(['compare', a, b], { REKAP_LANG: 'id' })
    expect(id.code, id.err).toBe(2)
    expect(id.err).toContain('bukan buku kerja Excel .xlsx')
    expect(id.err).not.toMatch(/not an Excel|workbook/)
    const en = await rekap(['compare', a, b], { REKAP_LANG: 'en' })
    expect(en.code, en.err).toBe(2)
    expect(en.err).toContain('not an Excel .xlsx workbook')
  })
})
