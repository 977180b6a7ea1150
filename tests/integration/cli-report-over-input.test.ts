/**
 * `rekap run codes.xlsx --out codes.xlsx` (or `rekap export <id> --out codes.xlsx`) wrote the
 * report over the user's own workbook, exit 0: the input was gone, and a later run of "the same
 * file" read a report. The annotated copy already refused this; the report now does too, and
 * `rekap run` refuses before it sends anything.
 */
import { copyFileSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore } from '../../src-main/core/store'
import { REPO_ROOT, makeTempDir } from '../helpers/temp-dir'
import { rekap } from '../helpers/rekap-process'

let tmp: ReturnType<typeof makeTempDir>
let db: string
let input: string
let original: Buffer

beforeAll(() => {
  tmp = makeTempDir('rekap-report-over-input-')
  db = join(tmp.dir, 'rekap.db')
  input = join(tmp.dir, 'hospital-codes.xlsx')
  copyFileSync(join(REPO_ROOT, 'examples/hospitals/hospital-codes.xlsx'), input)
  original = readFileSync(input)
})
afterAll(() => tmp?.cleanup())

describe('a report written over the job\'s own workbook', () => {
  it('rekap run --out <its input>: refused before anything is planned or sent; the workbook kept', async () => {
    const r = await rekap(['run', input, '--out', input, '--db', db])
    expect(r.code, r.out + r.err).toBe(2)
    expect(r.err).toContain(`the report must not overwrite the job's own workbook ${input}; choose another --out`)
    expect(readFileSync(input).equals(original)).toBe(true)
    const store = openStore(db)
    try {
      expect(store.jobs.list()).toEqual([])
    } finally {
      store.close()
    }
  })

  it('rekap export --out <its input>: refused; the workbook kept', async () => {
    const run = await rekap(['run', input, '--db', db])
    expect(run.code, run.out + run.err).toBe(0)
    const id = /^job (\w+)$/m.exec(run.out)![1]
    const r = await rekap(['export', id, '--out', input, '--db', db], { REKAP_LANG: 'id' })
    expect(r.code).toBe(2)
    expect(r.err).toContain(`laporan tidak boleh menimpa buku kerja pekerjaan itu sendiri ${input}`)
    expect(readFileSync(input).equals(original)).toBe(true)
  })
})
