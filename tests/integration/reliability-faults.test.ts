import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdirSync, rmSync, writeFileSync, copyFileSync } from 'node:fs'
import { join } from 'node:path'
import { startSandboxProcess, SHARED_DIR, type SandboxProcess } from '../helpers/sandbox-process'
import { engineAgainst } from '../helpers/engine-harness'
import { makeTempDir } from '../helpers/temp-dir'
import { generateHospitals } from '../../src-main/sandbox/hospital-generator'
import { loadRegionTree } from '../../src-main/core/regions/region-tree'
import { writeJobReport } from '../../src-main/core/export'

const CODES = generateHospitals(1, loadRegionTree()).map((h) => h.code)
const FACES = join(SHARED_DIR, 'fixtures/faces')
let tmp: ReturnType<typeof makeTempDir>
beforeAll(() => {
  tmp = makeTempDir()
})
afterAll(() => tmp.cleanup())

const none = { 'face-match': null, hospitals: null, schools: null, regional: null }

function codesFile(name: string, codes: string[]): string {
  const file = join(tmp.dir, name)
  writeFileSync(file, ['Kode RS', ...codes].join('\n'))
  return file
}

describe('the service going away and coming back', () => {
  it('blocks the job as offline instead of failing rows, and finishes after the service is back', async () => {
    let sandbox: SandboxProcess = await startSandboxProcess({ args: ['--hospital-plan', 'premium'] })
    const port = new URL(sandbox.url).port
    const h = engineAgainst(sandbox, tmp.dir)
    try {
      const plan = await h.engine.plan({
        file: codesFile('away.csv', CODES.slice(0, 300)),
        kind: 'hospital-lookup',
        settings: h.settings({ concurrency: 4, monthlyQuota: none, rps: { 'face-match': 5, hospitals: 40, schools: 10, regional: 10 } }),
      })
      await h.engine.start(plan.jobId)
      // Let some rows finish, then take the service away.
      while (h.engine.progress(plan.jobId).counts.done < 40) await new Promise((r) => setTimeout(r, 20))
      await sandbox.stop('SIGKILL')
      const blocked = await h.engine.settled(plan.jobId)
      expect(blocked).toMatchObject({ state: 'blocked', blockedReason: 'offline' })
      expect(blocked.counts.failed).toBe(0)
      expect(blocked.counts.done).toBeGreaterThanOrEqual(40)
      expect(blocked.counts.done).toBeLessThan(300)

      sandbox = await startSandboxProcess({ args: ['--hospital-plan', 'premium', '--port', port] })
      await h.engine.start(plan.jobId)
      const end = await h.engine.settled(plan.jobId)
      expect(end.state).toBe('done')
      expect(end.counts).toMatchObject({ done: 300, failed: 0, pending: 0 })
    } finally {
      await h.close()
      await sandbox.stop()
    }
  }, 240_000)
})

describe('quota reached mid-run', () => {
  it('the service says the month is used up: the job waits as quota-exhausted, nothing fails', async () => {
    const sandbox = await startSandboxProcess({ args: ['--hospital-plan', 'premium', '--monthly-quota', '25'] })
    const h = engineAgainst(sandbox, tmp.dir)
    try {
      const plan = await h.engine.plan({ file: codesFile('quota.csv', CODES.slice(0, 40)), kind: 'hospital-lookup', settings: h.settings({ monthlyQuota: none }) })
      await h.engine.start(plan.jobId)
      const end = await h.engine.settled(plan.jobId)
      expect(end).toMatchObject({ state: 'blocked', blockedReason: 'quota-exhausted' })
      expect(end.stateDetail).toMatch(/^Monthly quota exceeded/)
      expect(end.counts).toMatchObject({ done: 25, failed: 0 })
    } finally {
      await h.close()
      await sandbox.stop()
    }
  }, 120_000)

  it('the locally counted quota stops the job before the service has to refuse', async () => {
    const sandbox = await startSandboxProcess({ args: ['--hospital-plan', 'premium'] })
    const h = engineAgainst(sandbox, tmp.dir)
    try {
      const plan = await h.engine.plan({ file: codesFile('local-quota.csv', CODES.slice(100, 130)), kind: 'hospital-lookup', settings: h.settings({ monthlyQuota: { ...none, hospitals: h.store.usage.hitsThisMonth('hospitals', Date.now()) + 10 } }) })
      expect(plan.quotaLeft).toBe(10)
      await h.engine.start(plan.jobId)
      const end = await h.engine.settled(plan.jobId)
      expect(end).toMatchObject({ state: 'blocked', blockedReason: 'quota-exhausted' })
      expect(end.counts.done).toBe(10)
      expect((await sandbox.admin('GET', '/_sandbox/state')).hits.hospitals).toBe(10)
    } finally {
      await h.close()
      await sandbox.stop()
    }
  }, 120_000)
})

describe('face job under faults and vanishing files', () => {
  it('30% failures and dropped connections: every row ends with an outcome or a stated reason, nothing paid twice', async () => {
    const sandbox = await startSandboxProcess({ args: ['--fail-rate', '0.3', '--latency', '30'] })
    const h = engineAgainst(sandbox, tmp.dir)
    try {
      const photos = join(tmp.dir, 'photos')
      mkdirSync(photos, { recursive: true })
      const pairs = [
        ['obama_1.jpg', 'obama_2.jpg'],
        ['biden_1.jpg', 'biden_2.jpg'],
        ['rose_leslie_1.jpg', 'rose_leslie_2.jpg'],
        ['kit_harington_1.jpg', 'kit_harington_2.jpg'],
        ['obama_3.jpg', 'obama_240p.jpg'],
        ['obama_2.jpg', 'biden_2.jpg'],
      ]
      for (const [a, b] of pairs) for (const f of [a, b]) copyFileSync(join(FACES, f), join(photos, f))
      const file = join(photos, 'kyc.csv')
      writeFileSync(file, ['Foto KTP,Foto Selfie', ...pairs.map(([a, b]) => `${a},${b}`)].join('\n'))
      const plan = await h.engine.plan({ file, kind: 'face-match', settings: h.settings({ concurrency: 2 }) })
      expect(plan.rowsOk).toBe(6)
      // A photo vanishes between the plan and the run: that row fails locally, free.
      rmSync(join(photos, 'kit_harington_2.jpg'))
      await h.engine.start(plan.jobId)
      const first = await h.engine.settled(plan.jobId)
      expect(first.state).toBe('done')
      const rows = h.engine.rows(plan.jobId, 0, 10).rows
      for (const r of rows) {
        expect(['done', 'failed', 'uncertain']).toContain(r.state)
        if (r.state !== 'done') expect(r.error, `row ${r.sourceRow}`).toBeTruthy()
      }
      expect(rows[3]).toMatchObject({ state: 'failed', charged: false })
      expect(rows[3].error).toMatch(/cannot read .*kit_harington_2\.jpg any more/)
      // Rows whose connection dropped after sending are uncertain, not silently re-sent.
      const state = await sandbox.admin('GET', '/_sandbox/state')
      expect(state.charged_calls).toBe(h.store.usage.chargedCalls(plan.jobId))
      if (first.counts.uncertain > 0) {
        await h.engine.resendUncertain(plan.jobId)
        const again = await h.engine.settled(plan.jobId)
        expect(again.counts.uncertain + again.counts.pending).toBeLessThanOrEqual(first.counts.uncertain)
      }
    } finally {
      await h.close()
      await sandbox.stop()
    }
  }, 300_000)
})

describe('a report that cannot be written', () => {
  it('a read-only output folder gives a clear error and leaves the job untouched', async () => {
    const sandbox = await startSandboxProcess({ args: ['--hospital-plan', 'premium'] })
    const h = engineAgainst(sandbox, tmp.dir)
    try {
      const plan = await h.engine.plan({ file: codesFile('ro.csv', CODES.slice(0, 5)), kind: 'hospital-lookup', settings: h.settings() })
      await h.engine.start(plan.jobId)
      await h.engine.settled(plan.jobId)
      // Root ignores mode bits, so the unwritable place is a "folder" that is really a file.
      const notAFolder = join(tmp.dir, 'not-a-folder')
      writeFileSync(notAFolder, 'x')
      const target = join(notAFolder, 'report.xlsx')
      await expect(writeJobReport(h.store, plan.jobId, { out: target })).rejects.toThrow(/cannot write .*report\.xlsx: .*not-a-folder is a file, not a folder/)
      expect(h.engine.progress(plan.jobId)).toMatchObject({ state: 'done', counts: { done: 5 } })
      const ok = await writeJobReport(h.store, plan.jobId, { out: join(tmp.dir, 'after.xlsx') })
      expect(ok.rows).toBe(5)
    } finally {
      await h.close()
      await sandbox.stop()
    }
  }, 120_000)
})
