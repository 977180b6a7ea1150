import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { existsSync } from 'node:fs'
import ExcelJS from 'exceljs'
import { makeTempDir, REPO_ROOT } from '../helpers/temp-dir'
import { rekap } from '../helpers/rekap-process'

const { dir, cleanup } = makeTempDir('rekap-dir-export-')
const db = join(dir, 'rekap.db')

beforeAll(async () => {
  // fills the hospital cache: 25 sandbox hospitals, five per province 31, 32, 33, 35, 51
  const r = await rekap(['run', join(REPO_ROOT, 'examples/hospitals/hospital-codes.xlsx'), '--db', db])
  expect(r.code).toBe(0)
})
afterAll(() => cleanup())

async function recordRows(file: string): Promise<number> {
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.readFile(file)
  return wb.worksheets[1].rowCount - 1
}

describe('rekap directory export: the directory cache as a report, without a job', () => {
  it('writes the cached hospitals, filtered like the app (province)', async () => {
    const all = join(dir, 'rs.xlsx')
    const r = await rekap(['directory', 'export', '--kind', 'hospitals', '--out', all, '--db', db])
    expect(r.code).toBe(0)
    expect(r.out).toContain(`wrote ${all}: 25 rows from the directory cache`)
    expect(await recordRows(all)).toBe(25)
    const bali = join(dir, 'rs-51.xlsx')
    const b = await rekap(['directory', 'export', '--kind', 'hospitals', '--province', '51', '--out', bali, '--db', db])
    expect(b.code).toBe(0)
    expect(await recordRows(bali)).toBe(5)
    // no job was made by the export
    const jobs = JSON.parse((await rekap(['jobs', '--json', '--db', db])).out)
    expect(jobs).toHaveLength(1)
  })

  it("exports one service's records: the embedded sandbox's unless --base-url names another", async () => {
    const r = await rekap(['directory', 'export', '--kind', 'hospitals', '--base-url', 'https://api.example.test', '--out', join(dir, 'real.xlsx'), '--db', db])
    expect(r.code).toBe(0)
    expect(r.out).toContain(': 0 rows from the directory cache')
    expect(r.err).toContain('the hospitals directory cache does not cover this whole query: all of Indonesia never synced')
  })

  it('says when the cache is empty and how to fill it', async () => {
    const r = await rekap(['directory', 'export', '--kind', 'schools', '--province', '32', '--out', join(dir, 's.xlsx'), '--db', db])
    expect(r.code).toBe(0)
    expect(r.err).toContain('the schools directory cache does not cover this whole query: regency 3201')
    expect(r.err).toContain('Sync first: in rekap ui (Directory → Sync)')
  })

  // issue 23 item 5: partial data was handed over silently, an unknown class answered an empty file
  it('says when the cache does not cover the query (records from lookups are not a sync), and offers the sync', async () => {
    const out = join(dir, 'rs-32-51.xlsx')
    const r = await rekap(['directory', 'export', '--kind', 'hospitals', '--province', '32,51', '--out', out, '--db', db])
    expect(r.code).toBe(0)
    expect(await recordRows(out)).toBe(10)
    expect(r.err).toContain('does not cover this whole query: province 32, province 51 never synced to the last page')
    expect(r.err).toContain('the 10 rows written are only what happens to be cached')
    const id = await rekap(['directory', 'export', '--kind', 'hospitals', '--province', '51', '--out', join(dir, 'rs-51-id.xlsx'), '--db', db, '--lang', 'id'])
    expect(id.err).toContain('cache direktori rumah sakit tidak mencakup seluruh kueri ini: provinsi 51 belum pernah disinkronkan')
    expect(id.err).toContain('Sinkronkan dulu: di rekap ui (Direktori → Sinkronkan)')
  })

  it('refuses a filter value the service does not know, with the allowed list (no empty file, no "cache empty")', async () => {
    const out = join(dir, 'rs-E.xlsx')
    const r = await rekap(['directory', 'export', '--kind', 'hospitals', '--class', 'E', '--out', out, '--db', db])
    expect(r.code).toBe(2)
    expect(r.err).toContain('"E" is not a hospital class the service knows; allowed: A, B, C, D')
    expect(r.err).not.toContain('empty')
    expect(existsSync(out)).toBe(false)
    const blu = await rekap(['directory', 'export', '--kind', 'hospitals', '--blu-status', 'non blud', '--province', '51', '--out', join(dir, 'blu.xlsx'), '--db', db])
    expect(blu.code).toBe(0) // the service's spelling, case forgiven as in a sync
  })

  it('a synced query is covered (no warning); a wider query than the sync is not', async () => {
    const sync = await rekap(['run', join(REPO_ROOT, 'examples/templates/hospital-directory.xlsx'), '--db', db])
    expect(sync.code).toBe(0)
    const r = await rekap(['directory', 'export', '--kind', 'hospitals', '--regency', '3273', '--class', 'B', '--type', 'Rumah Sakit Umum', '--ownership', 'Swasta', '--blu-status', 'Non BLUD', '--out', join(dir, 'covered.xlsx'), '--db', db])
    expect(r.code).toBe(0)
    expect(r.err).not.toContain('does not cover')
    const wider = await rekap(['directory', 'export', '--kind', 'hospitals', '--regency', '3273', '--out', join(dir, 'wider.xlsx'), '--db', db])
    expect(wider.err).toContain('does not cover this whole query: regency 3273')
  })

  it('bad flags are usage errors (exit 2) naming the flag', async () => {
    const noKind = await rekap(['directory', 'export', '--out', join(dir, 'x.xlsx'), '--db', db])
    expect(noKind.code).toBe(2)
    expect(noKind.err).toBe('rekap: required option --kind is missing\nsee: rekap directory export --help\n')
    const badKind = await rekap(['directory', 'export', '--kind', 'clinics', '--out', join(dir, 'x.xlsx'), '--db', db])
    expect(badKind.code).toBe(2)
    expect(badKind.err).toContain('--kind "clinics" is not one of: hospitals, schools')
    const badCode = await rekap(['directory', 'export', '--kind', 'hospitals', '--province', '5', '--out', join(dir, 'x.xlsx'), '--db', db])
    expect(badCode.code).toBe(2)
    expect(badCode.err).toContain('--province "5": codes have 2 digits, comma-separated (e.g. 51,52)')
  })
})
