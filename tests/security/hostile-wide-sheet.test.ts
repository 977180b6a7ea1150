/**
 * Hostile-input audit: a CSV had no column limit (an .xlsx stops at Excel's XFD, 16,384): 200,000
 * columns were read, and the refusal ("cannot tell what kind of job ... from its columns (...)") listed
 * every one of them: 2.9 MB on the terminal. A CSV row beyond XFD is refused like a workbook's cell
 * reference; the columns a message lists are capped (the first ones, each cut, then "(+N)" for the rest).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { makeTempDir } from '../helpers/temp-dir'
import { rekap } from './helpers'

let tmp: ReturnType<typeof makeTempDir>
beforeAll(() => (tmp = makeTempDir('rekap-sec-wide-')))
afterAll(() => tmp.cleanup())

const csv = (columns: number, width = 0): string => {
  const names = Array.from({ length: columns }, (_, i) => `Kolom${i}${'x'.repeat(width)}`)
  return `${names.join(',')}\n${names.map(() => 'x').join(',')}\n`
}

describe('a sheet far wider than any real one', () => {
  it('a CSV of 200,000 columns: refused naming the first cell beyond XFD, in a short message', async () => {
    const file = join(tmp.dir, 'lebar.csv')
    writeFileSync(file, csv(200_000))
    const r = await rekap(['run', file, '--dry-run', '--lang', 'en', '--db', join(tmp.dir, 'a.db')], { timeoutMs: 60_000 })
    expect(r.code, r.out.slice(0, 500)).toBe(2)
    expect(r.out).toMatch(/lebar\.csv.*"XFE1"/)
    expect(r.out.length).toBeLessThan(5_000)
  }, 90_000)

  it('16,000 long column names (within the grid): the message lists the first ones and how many more', async () => {
    const file = join(tmp.dir, 'banyak.csv')
    writeFileSync(file, csv(16_000, 200))
    const r = await rekap(['run', file, '--dry-run', '--lang', 'en', '--db', join(tmp.dir, 'b.db')], { timeoutMs: 60_000 })
    expect(r.code, r.out.slice(0, 500)).toBe(2)
    expect(r.out).toMatch(/from its columns \("/)
    expect(r.out).toMatch(/\(\+15960\)/)
    expect(r.out.length).toBeLessThan(10_000)
  }, 90_000)
})
