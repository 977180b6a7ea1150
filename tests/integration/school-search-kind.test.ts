/**
 * The school-search job kind (premium; the service's own envelope): one search per row, the
 * schools found cached and linked to the job, against the real sandbox process with and
 * without premium (then each row fails, free, saying why in plain words).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process'
import { makeTempDir } from '../helpers/temp-dir'
import { rekap } from '../helpers/rekap-process'
import { guessKind } from '../../src-main/core/kinds/registry'

let tmp: ReturnType<typeof makeTempDir>
let basic: SandboxProcess
let premium: SandboxProcess

const lastJson = (out: string): any => JSON.parse(out.trim().split('\n').filter((l) => l.startsWith('{')).at(-1)!)

beforeAll(async () => {
  tmp = makeTempDir()
  basic = await startSandboxProcess()
  premium = await startSandboxProcess({ args: ['--premium'] })
  writeFileSync(join(tmp.dir, 'cari.csv'), ['Cari', 'SMA', 'SD'].join('\n') + '\n')
}, 60_000)

afterAll(async () => {
  await basic?.stop()
  await premium?.stop()
  tmp?.cleanup()
})

describe('rekap run --kind school-search', () => {
  it('with premium: every query row brings its schools; the report lists them', async () => {
    const db = join(tmp.dir, 'premium.db')
    const out = join(tmp.dir, 'cari.xlsx')
    const r = await rekap(['run', join(tmp.dir, 'cari.csv'), '--kind', 'school-search', '--base-url', premium.url, '--key', premium.key, '--db', db, '--out', out, '--json'])
    expect(r.code, r.out + r.err).toBe(0)
    const end = lastJson(r.out)
    expect(end.counts).toMatchObject({ total: 2, done: 2, failed: 0 })
    const { openStore } = await import('../../src-main/core/store')
    const store = openStore(db)
    try {
      const n = (store.db.prepare("SELECT COUNT(*) AS n FROM job_records WHERE job_id = ? AND product = 'schools'").get(end.jobId) as { n: number }).n
      expect(n).toBeGreaterThan(0)
    } finally {
      store.close()
    }
    const ExcelJS = (await import('exceljs')).default
    const book = new ExcelJS.Workbook()
    await book.xlsx.readFile(out)
    expect(book.worksheets.some((w) => w.rowCount > 2)).toBe(true)
    expect((await premium.admin('GET', '/_sandbox/state')).hits.schools).toBe(2)
  })

  it('without premium: the rows fail, free, with the 403 in plain words; no hit counted', async () => {
    const r = await rekap(['run', join(tmp.dir, 'cari.csv'), '--kind', 'school-search', '--base-url', basic.url, '--key', basic.key, '--db', join(tmp.dir, 'basic.db'), '--json'])
    const end = lastJson(r.out)
    expect(end.counts).toMatchObject({ total: 2, failed: 2 })
    expect((await basic.admin('GET', '/_sandbox/state')).hits.schools).toBe(0)
    const text = await rekap(['export', end.jobId, '--db', join(tmp.dir, 'basic.db'), '--out', join(tmp.dir, 'basic.csv')])
    expect(text.code, text.out + text.err).toBe(0)
    const plain = await rekap(['run', join(tmp.dir, 'cari.csv'), '--kind', 'school-search', '--base-url', basic.url, '--key', basic.key, '--db', join(tmp.dir, 'basic.db'), '--lang', 'en'])
    expect(plain.out).toMatch(/School search is only for premium accounts/)
  })

  it('a sheet with a "Cari" column is guessed as a school search', () => {
    expect(guessKind(['Cari'])).toBe('school-search')
    expect(guessKind(['NPSN'])).toBe('school-lookup')
  })
})
