/**
 * Issue 25: the regional autocomplete as a job kind (core/kinds/regency-autocomplete/): a list of
 * regency names in, suggestions out, each a counted regional hit. Against the real sandbox process.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import ExcelJS from 'exceljs'
import { writeJobReport } from '../../src-main/core/export'
import { accountId } from '../../src-main/core/engine/account-id'
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process'
import { engineAgainst, type Harness } from '../helpers/engine-harness'
import { makeTempDir } from '../helpers/temp-dir'

const tmp = makeTempDir('rekap-autocomplete-kind-')
let sandbox: SandboxProcess
let h: Harness

beforeAll(async () => {
  sandbox = await startSandboxProcess({})
  h = engineAgainst(sandbox, tmp.dir)
})
afterAll(async () => {
  await h?.close()
  await sandbox?.stop()
  tmp.cleanup()
})

describe('regency-autocomplete job kind', () => {
  it('sends one autocomplete per name, counts each as a regional hit, and reports the suggestions', async () => {
    const file = join(tmp.dir, 'names.csv')
    writeFileSync(file, 'No,Nama Kabupaten\n1,Bandung\n2,Badung\n3,\n4,Bandung\n')
    const settings = h.settings()
    const before = (await sandbox.admin('GET', '/_sandbox/state')).hits.regional as number
    const plan = await h.engine.plan({ file, kind: 'regency-autocomplete', settings })
    expect(plan.rowsFailingLocally).toBe(1) // the empty name, free
    expect(plan.duplicates).toBe(1) // Bandung twice: asked once
    expect(plan.callsNeeded).toBe(2)
    await h.engine.start(plan.jobId)
    expect((await h.engine.settled(plan.jobId)).state).toBe('done')
    const sent = ((await sandbox.admin('GET', '/_sandbox/state')).hits.regional as number) - before
    expect(sent).toBe(2)
    const account = accountId({ baseUrl: sandbox.url, apiKey: sandbox.key, sandbox: false })
    expect((await h.engine.usage(account, settings)).products.find((p) => p.product === 'regional')?.used).toBe(2)

    const out = join(tmp.dir, 'suggestions.xlsx')
    await writeJobReport(h.store, plan.jobId, { out, lang: 'en' })
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.readFile(out)
    const summary = wb.worksheets[0]
    const texts: string[] = []
    summary.eachRow((r) => r.eachCell((c) => texts.push(String(c.value))))
    expect(texts).toContain('Regency suggestions (autocomplete)')
    const results = wb.worksheets[1]
    // its own column headers, from its folder (core/kinds/regency-autocomplete/words.ts)
    const headers = (results.getRow(1).values as unknown[]).map(String)
    expect(headers).toEqual(expect.arrayContaining(['Suggested regency codes', 'Suggested regencies']))
    const all: string[] = []
    results.eachRow((r) => r.eachCell((c) => all.push(String(c.value))))
    expect(all.some((v) => /KABUPATEN BANDUNG|KOTA BANDUNG/.test(v))).toBe(true)
    expect(all.some((v) => /\b3204\b|\b3273\b/.test(v))).toBe(true)
  })
})
