/**
 * Issue 26: run records for other systems and saved presets, through real `rekap` processes, the
 * embedded sandbox's real face engine and a real SQLite file.
 * - `--record-json` validates against docs/run-record.schema.json (ajv) and its totals equal the
 *   report's summary; `--junit` has one test case per row, failed rows as failures.
 * - a preset saved from one run's flags reproduces the same plan on another file with the same columns.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Ajv } from 'ajv'
import { REPO_ROOT, SHARED_DIR, makeTempDir } from '../helpers/temp-dir'
import { rekap } from '../helpers/rekap-process'
import { readBook, summaryMap } from './reports-fixtures'
import { labelsFor } from '../../src-main/core/reports'

const face = (f: string): string => join(SHARED_DIR, 'fixtures/faces', f)
let tmp: ReturnType<typeof makeTempDir>

function kycCsv(file: string, extra = ''): void {
  writeFileSync(
    file,
    [
      'NIK,Nama,Foto KTP,Foto Selfie',
      `3273010101010001,Same person,${face('obama_1.jpg')},${face('obama_2.jpg')}`,
      `3273010101010002,Different people,${face('obama_1.jpg')},${face('biden_1.jpg')}`,
      `3273010101010003,Missing photo,${face('does-not-exist.jpg')},${face('biden_1.jpg')}`,
      `3273010101010004,Same person (2)${extra},${face('biden_1.jpg')},${face('biden_2.jpg')}`,
    ].join('\n'),
  )
}

beforeAll(() => {
  tmp = makeTempDir('rekap-unattended-')
})
afterAll(() => tmp?.cleanup())

describe('--record-json and --junit', () => {
  it('the record validates against its schema and states the report summary totals; JUnit has a case per row', async () => {
    const file = join(tmp.dir, 'kyc.csv')
    kycCsv(file)
    const db = join(tmp.dir, 'records.db')
    const report = join(tmp.dir, 'report.xlsx')
    const recordFile = join(tmp.dir, 'record.json')
    const junitFile = join(tmp.dir, 'junit.xml')
    const run = await rekap(['run', file, '--kind', 'face-match', '--allow-outside-paths', '--yes', '--db', db, '--out', report, '--record-json', recordFile, '--junit', junitFile])
    expect(run.code, run.out + run.err).toBe(0)

    const record = JSON.parse(readFileSync(recordFile, 'utf8'))
    const schema = JSON.parse(readFileSync(join(REPO_ROOT, 'docs/run-record.schema.json'), 'utf8'))
    const ajv = new Ajv({ allErrors: true, validateFormats: false })
    const valid = ajv.validate(schema, record)
    expect(ajv.errors ?? [], JSON.stringify(record)).toEqual([])
    expect(valid).toBe(true)
    expect(Number.isNaN(Date.parse(record.timing.finishedAt))).toBe(false)
    expect(JSON.stringify(record)).not.toMatch(/sandbox-key/)

    const L = labelsFor('en')
    const summary = summaryMap((await readBook(report)).worksheets[0])
    expect(record.jobId).toBe(run.out.split('\n')[0].replace('job ', ''))
    expect(record.counts.total).toBe(summary.get(L.summary.totalRows))
    expect(record.calls).toBe(summary.get(L.summary.callsMade))
    expect(record.charges.rows).toBe(summary.get(L.summary.chargedRows))
    expect(record.charges.rupiah).toBe(summary.get(L.summary.costRp))
    expect(record.report.digest).toBe(summary.get(L.audit.digest))
    expect(record.report.path).toBe(report)
    expect(record.counts).toMatchObject({ total: 4, failed: 1, localFailures: 1 })
    expect(record.verdicts).toEqual({ match: 2, 'no-match': 1, failed: 1 })
    expect(record.failures).toHaveLength(1)
    expect(record.failures[0]).toMatchObject({ rowNo: 3, column: 'Foto KTP' })

    const junit = readFileSync(junitFile, 'utf8')
    expect(junit.match(/<testcase /g)).toHaveLength(4)
    expect(junit.match(/<failure /g)).toHaveLength(1)
    expect(junit).toMatch(/<testsuites name="rekap" tests="4" failures="1"/)
  })
})

describe('presets', () => {
  it('a refused preset name is said in the CLI\'s language (main printed the English rule under --lang id)', async () => {
    const db = join(tmp.dir, 'preset-names.db')
    const id = await rekap(['preset', 'save', 'bad name!', '--kind', 'face-match', '--db', db, '--lang', 'id'])
    expect(id.code).toBe(2)
    expect(id.err).toContain('nama preset "bad name!": huruf, angka')
    expect(id.err).not.toMatch(/letters|digits|at most/)
    const en = await rekap(['preset', 'save', 'bad name!', '--kind', 'face-match', '--db', db, '--lang', 'en'])
    expect(en.code).toBe(2)
    expect(en.err).toContain('letters, digits')
  })

  it('a preset saved from one run reproduces the same plan on another file with the same columns', async () => {
    const db = join(tmp.dir, 'presets.db')
    const first = join(tmp.dir, 'monday.csv')
    const second = join(tmp.dir, 'tuesday.csv')
    kycCsv(first)
    kycCsv(second, ' again')
    const flags = ['--kind', 'face-match', '--budget', '1200', '--review-band', '0.4,0.6', '--allow-outside-paths', '--reuse-days', '0', '--map', 'image1=Foto KTP']
    const byFlags = await rekap(['run', first, ...flags, '--dry-run', '--json', '--db', db])
    expect(byFlags.code, byFlags.err).toBe(0)

    const saved = await rekap(['preset', 'save', 'harian', ...flags, '--db', db])
    expect(saved.code, saved.err).toBe(0)
    const shown = JSON.parse((await rekap(['preset', 'show', 'harian', '--json', '--db', db])).out)
    expect(shown).toEqual({ kind: 'face-match', budget: 1200, reviewBand: [0.4, 0.6], allowOutsidePaths: true, reuseDays: 0, map: ['image1=Foto KTP'] })

    const byPreset = await rekap(['run', second, '--preset', 'harian', '--dry-run', '--json', '--db', db])
    expect(byPreset.code, byPreset.err).toBe(0)
    const a = JSON.parse(byFlags.out).plan
    const b = JSON.parse(byPreset.out).plan
    for (const field of ['kind', 'rowsTotal', 'rowsOk', 'rowsFailingLocally', 'callsNeeded', 'estimatedCostRp', 'duplicates']) {
      expect(b[field], field).toEqual(a[field])
    }
    // the preset's settings reached the job: budget and band are in its snapshot
    const jobs = JSON.parse((await rekap(['jobs', '--json', '--db', db])).out) as Array<{ id: string }>
    expect(jobs).toHaveLength(2)

    // a flag typed beside the preset wins over it
    const typed = await rekap(['run', second, '--preset', 'harian', '--kind', 'face-match', '--budget', '400', '--dry-run', '--json', '--db', db])
    expect(typed.code, typed.err).toBe(0)

    const unknown = await rekap(['run', second, '--preset', 'nope', '--dry-run', '--db', db])
    expect(unknown.code).toBe(2)
    expect(unknown.err).toMatch(/no preset "nope" \(saved: harian\)/)
    // a preset can never hold the key
    const withKey = await rekap(['preset', 'save', 'bad', '--key', 'x', '--db', db])
    expect(withKey.code).toBe(2)
  })
})

describe('--refresh', () => {
  it('fetches directory records again instead of using the cache', async () => {
    const db = join(tmp.dir, 'refresh.db')
    const file = join(REPO_ROOT, 'examples/templates/hospital-lookup.xlsx')
    const first = await rekap(['run', file, '--yes', '--db', db])
    expect(first.code, first.err).toBe(0)
    const plan = async (extra: string[]): Promise<{ callsNeeded: number; cacheHits: number }> => {
      const r = await rekap(['run', file, '--dry-run', '--json', '--db', db, ...extra])
      expect(r.code, r.err).toBe(0)
      return JSON.parse(r.out.trim().split('\n').pop()!).plan
    }
    const cached = await plan([])
    expect(cached.cacheHits).toBeGreaterThan(0)
    expect(cached.callsNeeded).toBe(0)
    const refreshed = await plan(['--refresh'])
    expect(refreshed.cacheHits).toBe(0)
    expect(refreshed.callsNeeded).toBe(cached.cacheHits)
  })
})
