/**
 * Never pay twice for the same pair, even across jobs: against the real sandbox process (real
 * face engine, real ledger), a second job with pairs verified by the first pays only for the
 * new pair; the sandbox's ledger shows no second charge; the rows and the report say which
 * job they were reused from; the same workbook run again is recognised.
 */
import { describe, expect, it } from 'vitest'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import { SHARED_DIR } from '../helpers/sandbox-process'
import { useSandboxEngine } from '../helpers/sandbox-engine'
import { writeJobReport } from '../../src-main/core/export'

const rig = useSandboxEngine()
const face = (n: string) => join(SHARED_DIR, 'fixtures/faces', n)
const PAIRS = [
  ['obama_1.jpg', 'obama_2.jpg'],
  ['biden_1.jpg', 'biden_2.jpg'],
  ['rose_leslie_1.jpg', 'obama_3.jpg'],
]
function sheet(name: string, pairs: string[][]): string {
  const file = join(rig.dir, name)
  writeFileSync(file, ['Foto KTP,Foto Selfie', ...pairs.map(([a, b]) => `${face(a)},${face(b)}`)].join('\n') + '\n')
  return file
}
async function run(file: string, settings = rig.harness.settings({ concurrency: 2 })) {
  const plan = await rig.harness.engine.plan({ file, kind: 'face-match', settings })
  await rig.harness.engine.start(plan.jobId)
  const end = await rig.harness.engine.settled(plan.jobId)
  return { plan, end }
}

describe('face pairs verified in an earlier job are reused for free', () => {
  let first: string

  it('the first job pays for its three pairs', async () => {
    const { plan, end } = await run(sheet('monday.csv', PAIRS))
    first = plan.jobId
    expect(plan.reused).toEqual({ rows: 0, fromJobs: [] })
    expect(end.state).toBe('done')
    expect(end.spentRp).toBe(1200)
    expect((await rig.sandbox.admin('GET', '/_sandbox/ledger')).charges).toHaveLength(3)
  })

  it('a second job with two of those pairs and a new one: the plan counts 2 reused before paying, it pays Rp400, the ledger shows one new charge', async () => {
    const { plan, end } = await run(sheet('tuesday.csv', [PAIRS[1], ['kit_harington_1.jpg', 'kit_harington_2.jpg'], PAIRS[0]]))
    expect(plan.reused).toEqual({ rows: 2, fromJobs: [first] })
    expect(plan.callsNeeded).toBe(1)
    expect(plan.estimatedCostRp).toBe(400)
    expect(plan.earlierRun).toBeNull()
    expect(end.state).toBe('done')
    expect(end.spentRp).toBe(400)
    expect(rig.harness.store.usage.chargedPoints(plan.jobId)).toBe(400)
    const ledger = await rig.sandbox.admin('GET', '/_sandbox/ledger')
    expect(ledger.charges).toHaveLength(4)
    expect(new Set(ledger.charges.map((c: { pair: string }) => c.pair)).size).toBe(4) // no pair charged twice
    expect(ledger.charged_points).toBe(1600)

    const rows = rig.harness.engine.rows(plan.jobId, 0, 10).rows
    expect(rows.map((r) => r.reusedFrom?.jobId ?? null)).toEqual([first, null, first])
    expect(rows.map((r) => r.charged)).toEqual([false, true, false])
    expect(rows[0].attempts).toBe(0)
    const firstRows = rig.harness.engine.rows(first, 0, 10).rows
    expect(rows[0].outcome).toBe(firstRows[1].outcome)
    expect(rows[0].confidence).toBe(firstRows[1].confidence)

    // the report says so, in the row's note
    const out = join(rig.dir, 'tuesday.xlsx')
    await writeJobReport(rig.harness.store, plan.jobId, { out, lang: 'en' })
    const book = new ExcelJS.Workbook()
    await book.xlsx.readFile(out)
    const results = book.worksheets.find((w) => /result/i.test(w.name))!
    const header = (results.getRow(1).values as unknown[]).map(String)
    const noteCol = header.findIndex((x) => x === 'Note')
    expect(noteCol).toBeGreaterThan(0)
    expect(String(results.getRow(2).getCell(noteCol).value)).toMatch(new RegExp(`reused from job ${first} \\(row 2\\)`))
    expect(String(results.getRow(3).getCell(noteCol).value ?? '')).not.toMatch(/reused/)
  })

  it('the same workbook again: the plan names the earlier job, and every pair is reused (nothing to pay)', async () => {
    const plan = await rig.harness.engine.plan({ file: sheet('monday.csv', PAIRS), kind: 'face-match', settings: rig.harness.settings() })
    expect(plan.earlierRun).toMatchObject({ jobId: first, state: 'done' })
    expect(plan.reused.rows).toBe(3)
    expect(plan.callsNeeded).toBe(0)
    expect(plan.estimatedCostRp).toBe(0)
  })

  it('reuseDays 0 turns it off: the pair is sent and paid again', async () => {
    const before = (await rig.sandbox.admin('GET', '/_sandbox/ledger')).charges.length
    const { plan, end } = await run(sheet('off.csv', [PAIRS[0]]), rig.harness.settings({ reuseDays: 0 }))
    expect(plan.reused.rows).toBe(0)
    expect(end.spentRp).toBe(400)
    expect((await rig.sandbox.admin('GET', '/_sandbox/ledger')).charges.length).toBe(before + 1)
  })
})
