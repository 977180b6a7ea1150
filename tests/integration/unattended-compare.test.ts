/**
 * Issue 26, "what changed since last time": `rekap compare` of two hospital-directory extracts of
 * Bali (last month's report file against today's), fetched from two real sandbox processes whose
 * registry data (../shared/data) differ by three known changes (one hospital renamed, one closed,
 * one opened), lists exactly those three.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { SHARED_DIR, makeTempDir } from '../helpers/temp-dir'
import { rekap } from '../helpers/rekap-process'
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process'
import { parseCsv } from '../../src-main/core/csv/csv-text'
import { readBook } from './reports-fixtures'

let tmp: ReturnType<typeof makeTempDir>
let before: SandboxProcess
let after: SandboxProcess

const quote = (v: string): string => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)
const line = (fields: string[]): string => fields.map(quote).join(',')

function dataDir(name: string, rows: string[][], header: string[]): string {
  const dir = join(tmp.dir, name)
  mkdirSync(dir)
  writeFileSync(join(dir, 'hospitals.csv'), [line(header), ...rows.map(line)].join('\n') + '\n')
  symlinkSync(join(SHARED_DIR, 'data', 'schools.csv.gz'), join(dir, 'schools.csv.gz'))
  return dir
}

let changedCode = ''
let removedCode = ''
const addedCode = '5171999'

beforeAll(async () => {
  tmp = makeTempDir('rekap-compare-')
  const all: string[][] = []
  parseCsv(readFileSync(join(SHARED_DIR, 'data', 'hospitals.csv'), 'utf8'), (f) => all.push(f))
  const [header, ...rows] = all
  const province = header.indexOf('province_code')
  const code = header.indexOf('code')
  const name = header.indexOf('name')
  const bali = rows.filter((r) => r[province] === '51')
  expect(bali.length).toBeGreaterThan(10)
  changedCode = bali[0][code]
  removedCode = bali[1][code]
  const later = bali.slice(2).map((r) => [...r])
  const changed = [...bali[0]]
  changed[name] = `${changed[name]} (Renovasi)`
  const opened = [...bali[2]]
  opened[code] = addedCode
  opened[name] = 'RS Baru Denpasar'
  ;[before, after] = await Promise.all([
    startSandboxProcess({ args: ['--data-dir', dataDir('before', bali, header), '--hospital-plan', 'premium'], timeoutMs: 60_000 }),
    startSandboxProcess({ args: ['--data-dir', dataDir('after', [changed, ...later, opened], header), '--hospital-plan', 'premium'], timeoutMs: 60_000 }),
  ])
})
afterAll(async () => {
  await Promise.all([before?.stop(), after?.stop()])
  tmp?.cleanup()
})

describe('rekap compare', () => {
  it('two directory extracts with three known changes: exactly those three', async () => {
    const db = join(tmp.dir, 'rekap.db')
    const input = join(tmp.dir, 'bali.csv')
    writeFileSync(input, 'Kode Provinsi\n51\n')
    const jobs: string[] = []
    for (const s of [before, after]) {
      const run = await rekap(['run', input, '--kind', 'hospital-directory', '--base-url', s.url, '--hospital-plan', 'premium', '--yes', '--db', db], { REKAP_API_KEY: s.key })
      expect(run.code, run.out + run.err).toBe(0)
      const id = run.out.split('\n')[0].replace('job ', '')
      jobs.push(id)
      // the month's report, as the analyst keeps it
      const exported = await rekap(['export', id, '--out', join(tmp.dir, `${id}.xlsx`), '--db', db])
      expect(exported.code, exported.err).toBe(0)
    }
    const [a, b] = jobs.map((j) => join(tmp.dir, `${j}.xlsx`))
    const out = join(tmp.dir, 'compare.xlsx')
    const cmp = await rekap(['compare', a, b, '--json', '--out', out])
    expect(cmp.code, cmp.err).toBe(0)
    const c = JSON.parse(cmp.out)
    expect(c.added).toBe(1)
    expect(c.removed).toBe(1)
    expect(c.changed).toHaveLength(1)
    expect(c.changed[0].key).toBe(changedCode)
    expect(c.changed[0].b).toBe(`${c.changed[0].a} (Renovasi)`)
    expect(c.keyColumns).toEqual(['Hospital code'])

    const book = await readBook(out)
    const names = book.worksheets.map((w) => w.name)
    expect(names).toEqual(['Summary', 'Changed', 'Added', 'Removed'])
    const added = book.getWorksheet('Added')!
    const removed = book.getWorksheet('Removed')!
    expect(added.rowCount).toBe(2)
    expect(removed.rowCount).toBe(2)
    expect(JSON.stringify(added.getRow(2).values)).toContain(addedCode)
    expect(JSON.stringify(removed.getRow(2).values)).toContain(removedCode)

    const text = await rekap(['compare', a, b])
    expect(text.out).toMatch(/1 row\(s\) changed \(1 cell\(s\)\), 1 added, 1 removed/)
    const wrongKind = await rekap(['compare', jobs[0], 'jnope0000', '--db', db])
    expect(wrongKind.code).toBe(2)
  })
})
