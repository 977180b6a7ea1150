import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process'
import { engineAgainst } from '../helpers/engine-harness'
import { makeTempDir } from '../helpers/temp-dir'
import { generateHospitals } from '../../src-main/sandbox/hospital-generator'
import { loadRegionTree } from '../../src-main/core/regions/region-tree'

// The sandbox generates its hospitals deterministically from the seed (default 1): the same
// generator gives the test real codes without spending hits to list them.
const CODES = generateHospitals(1, loadRegionTree()).map((h) => h.code)

let tmp: ReturnType<typeof makeTempDir>
beforeAll(() => {
  tmp = makeTempDir()
})
afterAll(() => tmp.cleanup())

function codesFile(name: string, codes: string[]): string {
  const file = join(tmp.dir, name)
  writeFileSync(file, ['Kode RS', ...codes].join('\n'))
  return file
}

/** Rows per second between the first request and the last answer, from the store's timings. */
function achievedRate(h: ReturnType<typeof engineAgainst>, jobId: string): number {
  const r = h.store.db
    .prepare('SELECT COUNT(*) AS n, MIN(started_at) AS a, MAX(finished_at) AS b FROM job_rows WHERE job_id = ?')
    .get(jobId) as { n: number; a: number; b: number }
  return ((r.n - 1) * 1000) / (r.b - r.a)
}

describe('hospital lookups at the standard plan rate', () => {
  let sandbox: SandboxProcess
  afterAll(async () => sandbox?.stop())

  it('3,000 codes at 20 rps: no 429 ends as a failure, and the rate is within 3% of the plan', async () => {
    expect(CODES.length).toBeGreaterThanOrEqual(3000)
    // The monthly quota is lifted so this test measures the rate alone (the plan's 3,000 hits would be used up).
    sandbox = await startSandboxProcess({ args: ['--hospital-plan', 'standard', '--monthly-quota', '1000000'] })
    const h = engineAgainst(sandbox, tmp.dir)
    try {
      const plan = await h.engine.plan({
        file: codesFile('codes.csv', CODES.slice(0, 3000)),
        kind: 'hospital-lookup',
        settings: h.settings({ concurrency: 16, monthlyQuota: { 'face-match': null, hospitals: null, schools: null, regional: null } }),
      })
      expect(plan.callsNeeded).toBe(3000)
      expect(plan.estimatedSeconds).toBe(150)
      await h.engine.start(plan.jobId)
      const end = await h.engine.settled(plan.jobId)
      expect(end.state).toBe('done')
      expect(end.counts).toMatchObject({ done: 3000, failed: 0 })
      const rate = achievedRate(h, plan.jobId)
      console.log(`hospital lookups: achieved ${rate.toFixed(2)} rows/s against a plan of 20 (${((rate / 20) * 100).toFixed(1)}%)`)
      expect(rate).toBeGreaterThanOrEqual(20 * 0.97)
      expect(rate).toBeLessThanOrEqual(20 * 1.03)
      expect((await sandbox.admin('GET', '/_sandbox/state')).hits.hospitals).toBe(3000)
    } finally {
      await h.close()
    }
  }, 400_000)
})

describe('hospital lookups with faults', () => {
  let sandbox: SandboxProcess
  afterAll(async () => sandbox?.stop())

  it('with 10% failures and dropped connections every row still ends done or with a stated reason', async () => {
    sandbox = await startSandboxProcess({ args: ['--hospital-plan', 'premium', '--fail-rate', '0.1', '--latency', '20'] })
    const h = engineAgainst(sandbox, tmp.dir)
    try {
      const codes = [...CODES.slice(0, 400), 'NOPE0001', 'NOPE0002', '??bad??']
      const plan = await h.engine.plan({ file: codesFile('faulty.csv', codes), kind: 'hospital-lookup', settings: h.settings({ concurrency: 8, rps: { 'face-match': 5, hospitals: 100, schools: 10, regional: 10 } }) })
      expect(plan.rowsFailingLocally).toBe(1)
      await h.engine.start(plan.jobId)
      const end = await h.engine.settled(plan.jobId)
      expect(end.state).toBe('done')
      expect(end.counts.pending + end.counts.inFlight + end.counts.uncertain).toBe(0)
      expect(end.counts.done + end.counts.failed).toBe(codes.length)
      const failed = h.engine.rows(plan.jobId, 0, 500, { states: ['failed'] }).rows
      for (const r of failed) expect(r.error, `row ${r.sourceRow}`).toBeTruthy()
      expect(failed.filter((r) => r.outcome === 'not-found').map((r) => r.input['Kode RS'])).toEqual(['NOPE0001', 'NOPE0002'])
      // Retries did happen: more attempts than rows.
      const attempts = h.store.db.prepare('SELECT SUM(attempts) AS a FROM job_rows WHERE job_id = ?').get(plan.jobId) as { a: number }
      expect(attempts.a).toBeGreaterThan(402)
    } finally {
      await h.close()
    }
  }, 200_000)
})
