/**
 * A report written to a disk that fills up: nothing that looks like a report is left at the
 * destination (an auditor could take it), the message names the file and says the disk is full,
 * in Indonesian or English, and the exit code is the README's for a disk error (1). Real `rekap`
 * processes, the embedded sandbox, a real tmpfs of a few KiB as the destination.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { EXIT } from '../../src-main/cli/exit-codes'
import { makeTempDir } from '../helpers/temp-dir'
import { rekap } from '../helpers/rekap-process'
import { mountSmallDisk, type SmallDisk } from '../helpers/tmpfs'

// 8 KiB: less than the example's report (13.5 KB as CSV, 22 KB as xlsx), more than nothing, so the
// writes fill it part-way first (a short write) and then fail
const DISK_KIB = 8
let disk: SmallDisk | undefined
let tmp: ReturnType<typeof makeTempDir>
let db: string
let jobId: string

beforeAll(async () => {
  disk = mountSmallDisk(DISK_KIB)
  tmp = makeTempDir()
  db = join(tmp.dir, 'rekap.db')
  const run = await rekap(['run', 'examples/hospitals/hospital-codes.xlsx', '--db', db, '--yes'])
  expect(run.code, run.err).toBe(EXIT.ok)
  jobId = /^job (\w+)$/m.exec(run.out)![1]
}, 120_000)

afterAll(() => {
  disk?.unmount()
  tmp?.cleanup()
})

describe('a report on a full disk', () => {
  for (const [file, lang, words] of [
    ['laporan.csv', 'en', /^rekap: the disk is full: \S*laporan\.csv could not be written in full/m],
    ['laporan.xlsx', 'en', /^rekap: the disk is full: \S*laporan\.xlsx could not be written in full/m],
    ['laporan.xlsx', 'id', /^rekap: disk penuh: \S*laporan\.xlsx tidak bisa ditulis sampai selesai/m],
  ] as const) {
    it(`rekap export --out ${file} --lang ${lang}: exit 1, the path and "disk full" said, no file left`, async () => {
      const out = join(disk!.dir, file)
      const r = await rekap(['export', jobId, '--db', db, '--out', out, '--lang', lang])
      expect(r.err).toMatch(words)
      expect(r.err).toContain(out)
      expect(r.err).not.toMatch(/unexpected|tak terduga/)
      expect(r.code).toBe(EXIT.unexpected)
      expect(readdirSync(disk!.dir)).toEqual([])
    })
  }

  it('rekap export --annotated (a copy of the workbook): the report named, not the data file; no file left', async () => {
    const out = join(disk!.dir, 'beranotasi.xlsx')
    // the copy of this small workbook would fit in 8 KiB: the disk is filled first
    disk!.fill()
    try {
      const r = await rekap(['export', jobId, '--db', db, '--out', out, '--annotated'])
      expect(r.err).toContain(`rekap: the disk is full: ${out} could not be written in full`)
      expect(r.code).toBe(EXIT.unexpected)
      expect(readdirSync(disk!.dir)).toEqual(['filler'])
    } finally {
      disk!.free()
    }
  })

  it('the report at the end of rekap run: the job stays done, no file left, export elsewhere works', async () => {
    const out = join(disk!.dir, 'hasil.xlsx')
    const r = await rekap(['run', 'examples/hospitals/hospital-codes.xlsx', '--db', db, '--yes', '--out', out])
    expect(r.err).toMatch(/the disk is full: \S*hasil\.xlsx/)
    expect(r.code).toBe(EXIT.unexpected)
    expect(existsSync(out)).toBe(false)
    expect(readdirSync(disk!.dir)).toEqual([])
    const id = /^job (\w+)$/m.exec(r.out)![1]
    const again = await rekap(['export', id, '--db', db, '--out', join(tmp.dir, 'hasil.xlsx')])
    expect(again.code, again.err).toBe(EXIT.ok)
  }, 120_000)
})
