import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import { makeTempDir, REPO_ROOT } from '../helpers/temp-dir'

function rekap(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, ['bin/rekap.mjs', ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, REKAP_API_KEY: '', REKAP_LANG: 'en' } })
  let out = ''
  let err = ''
  child.stdout.on('data', (d) => (out += d))
  child.stderr.on('data', (d) => (err += d))
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, out, err })))
}

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
    expect(r.err).toContain('the hospitals directory cache is empty')
  })

  it('says when the cache is empty and how to fill it', async () => {
    const r = await rekap(['directory', 'export', '--kind', 'schools', '--out', join(dir, 's.xlsx'), '--db', db])
    expect(r.code).toBe(0)
    expect(r.err).toContain('the schools directory cache is empty: sync it first')
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
