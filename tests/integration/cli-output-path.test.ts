/**
 * A report, CSV or comparison asked for at a path that cannot be written (its folder missing, a
 * file where the folder should be, a folder where the file should be) is the user's input: exit 2
 * (the README's usage code) and one sentence in the user's language naming the path and what is
 * wrong, never "unexpected error" with the system's English. `run` says it before it makes a job
 * or sends a row. Real `rekap` processes over a real SQLite file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { existsSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { EXIT } from '../../src-main/cli/exit-codes'
import { makeTempDir, REPO_ROOT } from '../helpers/temp-dir'
import { rekap, type RekapRun } from '../helpers/rekap-process'

const { dir, cleanup } = makeTempDir('rekap-output-path-')
const db = join(dir, 'rekap.db')
const workbook = join(REPO_ROOT, 'examples/hospitals/hospital-codes.xlsx')
const missing = join(dir, 'tidak-ada', 'laporan.xlsx')
const aFile = join(dir, 'berkas.txt')
const jobs: string[] = []

const jobIdOf = (r: RekapRun): string => /^job (\w+)$/m.exec(r.out)![1]

beforeAll(async () => {
  writeFileSync(aFile, 'not a folder')
  for (let i = 0; i < 2; i++) {
    const r = await rekap(['run', workbook, '--db', db])
    expect(r.code, r.out + r.err).toBe(EXIT.ok)
    jobs.push(jobIdOf(r))
  }
}, 120_000)
afterAll(() => cleanup())

/** Said as bad input, in the language asked; no system English, no stack, nothing left behind. */
function expectRefused(r: RekapRun, said: string): void {
  expect(r.code, r.out + r.err).toBe(EXIT.usage)
  expect(r.err).toContain(said)
  expect(r.err).not.toMatch(/unexpected|tak terduga|ENOENT|ENOTDIR|EISDIR|no such file|\n\s+at /)
  expect(readdirSync(dir).filter((f) => f.endsWith('.partial'))).toEqual([])
}

describe('a report path that cannot be written is bad input, said in the user language', () => {
  it('rekap export: missing folder, a file in the way, a folder as the file; xlsx and csv; both languages', async () => {
    const job = jobs[0]
    const cases: Array<[string[], string, string]> = [
      [['--out', missing], `folder ${join(dir, 'tidak-ada')} tidak ada`, `the folder ${join(dir, 'tidak-ada')} does not exist`],
      [['--out', missing.replace('.xlsx', '.csv'), '--format', 'csv'], `folder ${join(dir, 'tidak-ada')} tidak ada`, `the folder ${join(dir, 'tidak-ada')} does not exist`],
      [['--out', join(aFile, 'r.xlsx')], `${aFile} adalah berkas, bukan folder`, `${aFile} is a file, not a folder`],
      [['--out', dir], `tidak bisa menulis ${dir}: itu sebuah folder`, `cannot write ${dir}: it is a folder`],
    ]
    for (const [args, id, en] of cases) {
      expectRefused(await rekap(['export', job, ...args, '--db', db], { REKAP_LANG: 'id' }), id)
      expectRefused(await rekap(['export', job, ...args, '--db', db, '--lang', 'en']), en)
    }
  }, 120_000)

  it('rekap run: refused before a job is made or a row sent', async () => {
    const before = (JSON.parse((await rekap(['jobs', '--json', '--db', db])).out) as unknown[]).length
    for (const lang of ['id', 'en'] as const) {
      const r = await rekap(['run', workbook, '--out', missing, '--db', db], { REKAP_LANG: lang })
      expectRefused(r, lang === 'id' ? `folder ${join(dir, 'tidak-ada')} tidak ada` : `the folder ${join(dir, 'tidak-ada')} does not exist`)
      expect(r.out).not.toMatch(/^job /m)
    }
    for (const flag of ['--record-json', '--junit']) {
      const r = await rekap(['run', workbook, flag, join(dir, 'tidak-ada', 'catatan.txt'), '--db', db, '--lang', 'en'])
      expectRefused(r, `the folder ${join(dir, 'tidak-ada')} does not exist`)
      expect(r.out).not.toMatch(/^job /m)
    }
    const after = (JSON.parse((await rekap(['jobs', '--json', '--db', db])).out) as unknown[]).length
    expect(after).toBe(before)
  }, 180_000)

  it('rekap directory export and rekap compare --out say the same', async () => {
    for (const lang of ['id', 'en'] as const) {
      const said = lang === 'id' ? `folder ${join(dir, 'tidak-ada')} tidak ada` : `the folder ${join(dir, 'tidak-ada')} does not exist`
      expectRefused(await rekap(['directory', 'export', '--kind', 'hospitals', '--out', missing, '--db', db], { REKAP_LANG: lang }), said)
      expectRefused(await rekap(['compare', jobs[0], jobs[1], '--out', missing, '--db', db], { REKAP_LANG: lang }), said)
    }
  }, 120_000)
})
