/**
 * Issue 23 items 8 and 15: the first progress line said "0.0/dtk, sisa waktu 2h34m" before any
 * pace was measured, and rates were written with a decimal point in Indonesian. A real `rekap run`
 * on the embedded sandbox, its plain (piped) progress lines read as a person reads them.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { makeTempDir } from '../helpers/temp-dir'
import { rekap as rekapIn } from '../helpers/rekap-process'

/** `rekap` speaking Indonesian: the progress lines below are asserted in it */
const rekap = (args: string[]) => rekapIn(args, { REKAP_LANG: 'id' })

const tmp = makeTempDir('rekap-first-line-')
afterAll(() => tmp.cleanup())

describe('progress lines', () => {
  it('no pace or ETA before one is measured; then the pace in id-ID digits', async () => {
    const codes = join(tmp.dir, 'codes.csv')
    writeFileSync(codes, ['Kode RS', ...Array.from({ length: 24 }, (_, i) => `31${String(71000 + i).padStart(5, '0')}`)].join('\n') + '\n')
    const r = await rekap(['run', codes, '--rps', '3', '--db', join(tmp.dir, 'r.db')])
    expect(r.code, r.err).toBe(0)
    const lines = r.out.split('\n').filter((l) => /^job \w+: \d+\/24 baris/.test(l))
    expect(lines.length, r.out).toBeGreaterThan(1)
    expect(lines[0]).toContain('mengukur laju…')
    expect(lines[0]).not.toMatch(/\/dtk|sisa waktu/)
    const measured = lines.filter((l) => /\/dtk/.test(l))
    expect(measured.length, r.out).toBeGreaterThan(0)
    for (const l of measured) expect(l).toMatch(/ \d+,\d\/dtk/) // 2,9/dtk, never 2.9/dtk
  })
})
