import { describe, expect, it } from 'vitest'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { startSandboxProcess, SHARED_DIR } from '../helpers/sandbox-process'
import { engineAgainst } from '../helpers/engine-harness'
import { useSandboxEngine } from '../helpers/sandbox-engine'
import { MESSAGES } from '../../src-main/core/provider/types'

const FACES = join(SHARED_DIR, 'fixtures/faces')
const face = (f: string): string => join(FACES, f)

const rig = useSandboxEngine({
  sandbox: { args: ['--balance', '1000000'] },
  // A grey picture (no face) and a GIF named .jpg: the kinds of bad photo a KYC desk meets.
  beforeSandbox: async (dir) => {
    await sharp({ create: { width: 400, height: 400, channels: 3, background: { r: 128, g: 128, b: 128 } } }).jpeg().toFile(join(dir, 'grey.jpg'))
    await sharp({ create: { width: 40, height: 40, channels: 3, background: { r: 10, g: 200, b: 10 } } }).gif().toFile(join(dir, 'fake.jpg'))
  },
})

function csv(name: string, rows: string[][]): string {
  const file = join(rig.dir, name)
  writeFileSync(file, ['NIK,Nama,Foto KTP,Foto Selfie', ...rows.map((r) => r.join(','))].join('\n'))
  return file
}

describe('face-match job against the real sandbox process', () => {
  it('decides right, charges only successes, and never pays for bad or duplicate rows', async () => {
    const file = csv('kyc.csv', [
      ['3273010101010001', 'Same person', face('obama_1.jpg'), face('obama_2.jpg')],
      ['3273010101010002', 'Different people', face('obama_1.jpg'), face('biden_1.jpg')],
      ['3273010101010003', 'Missing photo', face('does-not-exist.jpg'), face('biden_1.jpg')],
      ['3273010101010004', 'GIF named jpg', join(rig.dir, 'fake.jpg'), face('biden_1.jpg')],
      ['3273010101010005', 'No face', join(rig.dir, 'grey.jpg'), face('biden_2.jpg')],
      ['3273010101010006', 'Duplicate of row 1', face('obama_1.jpg'), face('obama_2.jpg')],
      ['3273010101010007', 'Same person (2)', face('biden_1.jpg'), face('biden_2.jpg')],
    ])
    const before = await rig.sandbox.admin('GET', '/_sandbox/state')
    const plan = await rig.harness.engine.plan({ file, kind: 'face-match', settings: rig.harness.settings({ concurrency: 2 }) })
    expect(plan).toMatchObject({ rowsTotal: 7, rowsFailingLocally: 2, duplicates: 1, callsNeeded: 4, estimatedCostRp: 1600 })
    expect(plan.problems.map((p) => p.row)).toEqual([4, 5])
    expect(plan.problems[0].message).toMatch(/kyc\.csv.*row 4.*Foto KTP/)

    await rig.harness.engine.start(plan.jobId)
    const end = await rig.harness.engine.settled(plan.jobId)
    expect(end.state).toBe('done')

    const rows = rig.harness.engine.rows(plan.jobId, 0, 100).rows
    const byRow = Object.fromEntries(rows.map((r) => [r.sourceRow, r]))
    expect(byRow[2]).toMatchObject({ verdict: 'match', charged: true, costRp: 400 })
    expect(byRow[3]).toMatchObject({ verdict: 'no-match', charged: true, costRp: 400 })
    expect(byRow[4]).toMatchObject({ state: 'failed', charged: false, costRp: 0, attempts: 0 })
    expect(byRow[5]).toMatchObject({ state: 'failed', charged: false, attempts: 0 })
    expect(byRow[5].error).toMatch(/GIF/i)
    expect(byRow[6]).toMatchObject({ state: 'failed', charged: false, error: MESSAGES.noFace })
    expect(byRow[7]).toMatchObject({ verdict: 'match', charged: false, costRp: 0 })
    expect(byRow[8]).toMatchObject({ verdict: 'match', charged: true })
    expect(byRow[2].confidence!).toBeGreaterThan(0.5)
    expect(byRow[3].confidence!).toBeLessThan(0.5)

    const after = await rig.sandbox.admin('GET', '/_sandbox/state')
    const charged = after.charged_calls - before.charged_calls
    expect(charged).toBe(3)
    expect(before.balance - after.balance).toBe(3 * 400)
    expect(rig.harness.store.usage.chargedCalls(plan.jobId)).toBe(charged)
    expect(end.spentRp).toBe(1200)
  })

  it('blocks on 402 when the balance runs out, and after a top-up resumes without charging anything twice', async () => {
    // A second sandbox whose balance allows exactly two matches.
    const poor = await startSandboxProcess({ args: ['--balance', '800'] })
    const hp = engineAgainst(poor, rig.dir)
    try {
    const pairs = [
      ['obama_1.jpg', 'obama_3.jpg'],
      ['biden_2.jpg', 'biden_1.jpg'],
      ['rose_leslie_1.jpg', 'rose_leslie_2.jpg'],
      ['kit_harington_1.jpg', 'kit_harington_2.jpg'],
      ['obama_2.jpg', 'obama_3.jpg'],
    ]
    const file = csv('topup.csv', pairs.map(([a, b], i) => [`32730101010100${10 + i}`, `Pair ${i}`, face(a), face(b)]))
    const plan = await hp.engine.plan({ file, kind: 'face-match', settings: hp.settings({ concurrency: 1 }) })
    await hp.engine.start(plan.jobId)
    const blocked = await hp.engine.settled(plan.jobId)
    expect(blocked).toMatchObject({ state: 'blocked', blockedReason: 'needs-top-up', stateDetail: MESSAGES.insufficientBalance })
    expect(blocked.counts).toMatchObject({ done: 2, charged: 2, failed: 0 })

    await poor.admin('POST', '/_sandbox/topup', { points: 10_000 })
    await hp.engine.start(plan.jobId)
    const done = await hp.engine.settled(plan.jobId)
    expect(done.state).toBe('done')
    expect(done.counts).toMatchObject({ done: 5, charged: 5, failed: 0, uncertain: 0 })
    expect(hp.store.usage.chargedCalls(plan.jobId)).toBe(5)
    expect((await poor.admin('GET', '/_sandbox/state')).charged_calls).toBe(5)
    const transitions = hp.store.jobs.transitions(plan.jobId).map((t) => t.to)
    expect(transitions).toEqual(['draft', 'ready', 'running', 'blocked', 'running', 'done'])
    } finally {
      await hp.close()
      await poor.stop()
    }
  })

  it('stops before a stated budget would be exceeded, and says so', async () => {
    const file = csv('budget.csv', [
      ['1', 'a', face('obama_1.jpg'), face('obama_240p.jpg')],
      ['2', 'b', face('biden_1.jpg'), face('obama_240p.jpg')],
      ['3', 'c', face('rose_leslie_1.jpg'), face('obama_240p.jpg')],
    ])
    const plan = await rig.harness.engine.plan({ file, kind: 'face-match', settings: rig.harness.settings({ concurrency: 3, budgetRp: 800 }) })
    await rig.harness.engine.start(plan.jobId)
    const end = await rig.harness.engine.settled(plan.jobId)
    expect(end).toMatchObject({ state: 'blocked', blockedReason: 'needs-top-up' })
    expect(end.stateDetail).toMatch(/budget of Rp800/)
    expect(end.counts.charged).toBe(2)
    expect(end.spentRp).toBeLessThanOrEqual(800)
  })
})
