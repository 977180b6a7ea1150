/**
 * Directory reports (`rekap directory export`, no job) carry the same integrity lines as a job's
 * report, and `rekap verify` checks them: the digest alone, or the query run again on the cache.
 * Real `rekap` processes, Indonesian by default; the edits are made with exceljs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { copyFileSync } from 'node:fs'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import { makeTempDir, REPO_ROOT } from '../helpers/temp-dir'

function rekap(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; out: string }> {
  const merged: NodeJS.ProcessEnv = { ...process.env, REKAP_API_KEY: '', LANG: 'C.UTF-8', ...env }
  delete merged.LC_ALL
  delete merged.LC_MESSAGES
  if (!env.REKAP_LANG) delete merged.REKAP_LANG
  const child = spawn(process.execPath, ['bin/rekap.mjs', ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: merged })
  let out = ''
  child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s))
  child.stderr.setEncoding('utf8').on('data', (s: string) => (out += s))
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, out })))
}

const { dir, cleanup } = makeTempDir('rekap-dir-verify-')
const db = join(dir, 'rekap.db')
const report = join(dir, 'rs.xlsx')
const elsewhere = { REKAP_DB: join(dir, 'elsewhere.db') }

beforeAll(async () => {
  // fills the hospital cache: 25 sandbox hospitals
  const run = await rekap(['run', join(REPO_ROOT, 'examples/hospitals/hospital-codes.xlsx'), '--db', db])
  expect(run.code, run.out).toBe(0)
  const exp = await rekap(['directory', 'export', '--kind', 'hospitals', '--province', '51', '--out', report, '--db', db])
  expect(exp.code, exp.out).toBe(0)
}, 120_000)
afterAll(() => cleanup())

async function edited(name: string, edit: (wb: ExcelJS.Workbook) => void): Promise<string> {
  const file = join(dir, `${name}.xlsx`)
  copyFileSync(report, file)
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.readFile(file)
  edit(wb)
  await wb.xlsx.writeFile(file)
  return file
}

describe('a directory report can be verified', () => {
  it('its summary states the report digest, the digest per sheet and the data file id', async () => {
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.readFile(report)
    const lines = new Map<string, unknown>()
    wb.worksheets[0].eachRow((row) => lines.set(String(row.getCell(1).value), row.getCell(2).value))
    expect(String(lines.get('Digest isi laporan (SHA-256)'))).toMatch(/^[0-9a-f]{64}$/)
    expect(String(lines.get('Digest per lembar'))).toContain(wb.worksheets[1].name)
    expect(String(lines.get('ID berkas data rekap'))).toMatch(/\S/)
  })

  it('unchanged (exit 0), with the data file and without it', async () => {
    const withDb = await rekap(['verify', report, '--db', db])
    expect(withDb.code, withDb.out).toBe(0)
    expect(withDb.out).toMatch(/^tidak berubah: .* laporan direktori rumah sakit yang ditulis rekap/)
    const alone = await rekap(['verify', report], elsewhere)
    expect(alone.code, alone.out).toBe(0)
    const en = await rekap(['verify', report, '--db', db], { REKAP_LANG: 'en' })
    expect(en.out).toMatch(/^unchanged: .* is the hospital directory report rekap wrote/)
  }, 60_000)

  it('a changed record: exit 1, the sheet, row and column named from the query run again on the cache', async () => {
    let sheet = ''
    let was = ''
    const file = await edited('ubah', (wb) => {
      const ws = wb.worksheets[1]
      sheet = ws.name
      was = String(ws.getRow(3).getCell(2).value)
      ws.getRow(3).getCell(2).value = 'RS Palsu'
    })
    const r = await rekap(['verify', file, '--db', db])
    expect(r.code, r.out).toBe(1)
    expect(r.out).toMatch(/^BERUBAH: .* bukan laporan direktori rumah sakit yang ditulis rekap/)
    expect(r.out).toContain(`lembar "${sheet}", baris 3, kolom B`)
    expect(r.out).toContain(`di laporan "RS Palsu", menurut berkas data ${JSON.stringify(was)}`)
    const alone = await rekap(['verify', file], elsewhere)
    expect(alone.code, alone.out).toBe(1)
    expect(alone.out).toContain(`lembar "${sheet}" berubah`)
  }, 60_000)

  it('a deleted record row: exit 1', async () => {
    const file = await edited('hapus', (wb) => wb.worksheets[1].spliceRows(4, 1))
    const r = await rekap(['verify', file, '--db', db])
    expect(r.code, r.out).toBe(1)
    expect(r.out).toMatch(/hilang \(dihapus\)/)
  }, 60_000)
})
