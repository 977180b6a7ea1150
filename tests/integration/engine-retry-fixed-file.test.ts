import { describe, expect, it } from 'vitest'
import { copyFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { SHARED_DIR } from '../helpers/sandbox-process'
import { useSandboxEngine } from '../helpers/sandbox-engine'

const FACES = join(SHARED_DIR, 'fixtures/faces')

const rig = useSandboxEngine({ sandbox: { args: ['--balance', '100000'] } })

describe('retry-failed after the user fixed a file (the README advice for a missing photo)', () => {
  it('checks the rows that failed pre-flight again with the same rules and sends those that pass now (defect 3)', async () => {
    const missing = join(rig.dir, 'ktp-later.jpg')
    const stillMissing = join(rig.dir, 'never-there.jpg')
    const file = join(rig.dir, 'kyc.csv')
    writeFileSync(
      file,
      [
        'NIK,Nama,Foto KTP,Foto Selfie',
        `3273010101010001,Ada,${join(FACES, 'biden_1.jpg')},${join(FACES, 'biden_2.jpg')}`,
        `3273010101010002,Hilang dulu,${missing},${join(FACES, 'obama_2.jpg')}`,
        `3273010101010003,Tetap hilang,${stillMissing},${join(FACES, 'obama_2.jpg')}`,
      ].join('\n'),
    )
    const plan = await rig.harness.engine.plan({ file, kind: 'face-match', settings: rig.harness.settings() })
    expect(plan.rowsFailingLocally).toBe(2)
    await rig.harness.engine.start(plan.jobId)
    expect((await rig.harness.engine.settled(plan.jobId)).counts).toMatchObject({ done: 1, failed: 2 })
    const chargedBefore = (await rig.sandbox.admin('GET', '/_sandbox/state')).charged_calls

    // the user puts the photo where the sheet says it is
    copyFileSync(join(FACES, 'obama_1.jpg'), missing)
    await rig.harness.engine.retryFailed(plan.jobId)
    const end = await rig.harness.engine.settled(plan.jobId)
    expect(end.state).toBe('done')
    expect(end.counts).toMatchObject({ done: 2, failed: 1, pending: 0, inFlight: 0 })
    const rows = rig.harness.engine.rows(plan.jobId, 0, 10).rows
    const fixed = rows.find((r) => r.sourceRow === 3)!
    expect(fixed).toMatchObject({ state: 'done', outcome: 'match', charged: true, attempts: 1 })
    const still = rows.find((r) => r.sourceRow === 4)!
    expect(still.state).toBe('failed')
    expect(still.errorCode).toMatch(/^image-/)
    expect(still.error).toMatch(/never-there\.jpg/)
    expect(still.error).not.toMatch(/Cannot read properties/)
    expect((await rig.sandbox.admin('GET', '/_sandbox/state')).charged_calls - chargedBefore).toBe(1)
  }, 180_000)
})
