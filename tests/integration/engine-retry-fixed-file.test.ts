import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copyFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startSandboxProcess, SHARED_DIR, type SandboxProcess } from '../helpers/sandbox-process'
import { engineAgainst, type Harness } from '../helpers/engine-harness'
import { makeTempDir } from '../helpers/temp-dir'

const FACES = join(SHARED_DIR, 'fixtures/faces')

let tmp: ReturnType<typeof makeTempDir>
let sandbox: SandboxProcess
let h: Harness

beforeAll(async () => {
  tmp = makeTempDir()
  sandbox = await startSandboxProcess({ args: ['--balance', '100000'] })
  h = engineAgainst(sandbox, tmp.dir)
}, 60_000)

afterAll(async () => {
  await h?.close()
  await sandbox?.stop()
  tmp?.cleanup()
})

describe('retry-failed after the user fixed a file (the README advice for a missing photo)', () => {
  it('checks the rows that failed pre-flight again with the same rules and sends those that pass now (defect 3)', async () => {
    const missing = join(tmp.dir, 'ktp-later.jpg')
    const stillMissing = join(tmp.dir, 'never-there.jpg')
    const file = join(tmp.dir, 'kyc.csv')
    writeFileSync(
      file,
      [
        'NIK,Nama,Foto KTP,Foto Selfie',
        `3273010101010001,Ada,${join(FACES, 'biden_1.jpg')},${join(FACES, 'biden_2.jpg')}`,
        `3273010101010002,Hilang dulu,${missing},${join(FACES, 'obama_2.jpg')}`,
        `3273010101010003,Tetap hilang,${stillMissing},${join(FACES, 'obama_2.jpg')}`,
      ].join('\n'),
    )
    const plan = await h.engine.plan({ file, kind: 'face-match', settings: h.settings() })
    expect(plan.rowsFailingLocally).toBe(2)
    await h.engine.start(plan.jobId)
    expect((await h.engine.settled(plan.jobId)).counts).toMatchObject({ done: 1, failed: 2 })
    const chargedBefore = (await sandbox.admin('GET', '/_sandbox/state')).charged_calls

    // the user puts the photo where the sheet says it is
    copyFileSync(join(FACES, 'obama_1.jpg'), missing)
    await h.engine.retryFailed(plan.jobId)
    const end = await h.engine.settled(plan.jobId)
    expect(end.state).toBe('done')
    expect(end.counts).toMatchObject({ done: 2, failed: 1, pending: 0, inFlight: 0 })
    const rows = h.engine.rows(plan.jobId, 0, 10).rows
    const fixed = rows.find((r) => r.sourceRow === 3)!
    expect(fixed).toMatchObject({ state: 'done', outcome: 'match', charged: true, attempts: 1 })
    const still = rows.find((r) => r.sourceRow === 4)!
    expect(still.state).toBe('failed')
    expect(still.errorCode).toMatch(/^image-/)
    expect(still.error).toMatch(/never-there\.jpg/)
    expect(still.error).not.toMatch(/Cannot read properties/)
    expect((await sandbox.admin('GET', '/_sandbox/state')).charged_calls - chargedBefore).toBe(1)
  }, 180_000)
})
