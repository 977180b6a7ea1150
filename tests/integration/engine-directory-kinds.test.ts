import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startSandboxProcess, REPO_ROOT, type SandboxProcess } from '../helpers/sandbox-process'
import { engineAgainst, type Harness } from '../helpers/engine-harness'
import { makeTempDir } from '../helpers/temp-dir'

let tmp: ReturnType<typeof makeTempDir>
let sandbox: SandboxProcess
let h: Harness
const hits = async (): Promise<Record<string, number>> => (await sandbox.admin('GET', '/_sandbox/state')).hits

beforeAll(async () => {
  tmp = makeTempDir()
  sandbox = await startSandboxProcess({ args: ['--hospital-plan', 'premium'] })
  h = engineAgainst(sandbox, tmp.dir)
}, 60_000)

afterAll(async () => {
  await h?.close()
  await sandbox?.stop()
  tmp?.cleanup()
})

describe('directory and lookup kinds against the real sandbox process', () => {
  it('school-directory pages every regency to its last page; the same query again comes from the cache with no hits', async () => {
    const file = join(REPO_ROOT, 'examples/schools/regencies.csv')
    // hits counted from before the plan: the plan reads each query's first page to count pages
    const before = await hits()
    const plan = await h.engine.plan({ file, kind: 'school-directory', settings: h.settings() })
    expect(plan.rowsOk).toBe(3)
    await h.engine.start(plan.jobId)
    const end = await h.engine.settled(plan.jobId)
    expect(end.state).toBe('done')
    const rows = h.store.rows.page(plan.jobId, { offset: 0, limit: 10 })
    const schools = h.store.db.prepare("SELECT COUNT(*) AS n FROM job_records WHERE job_id = ? AND product = 'schools'").get(plan.jobId) as { n: number }
    const pages = rows.reduce((n, r) => n + Math.ceil((r.result?.recordCount ?? 0) / 100), 0)
    expect(schools.n).toBeGreaterThan(300)
    expect((await hits()).schools - before.schools).toBe(pages)

    const again = await h.engine.plan({ file, kind: 'school-directory', settings: h.settings() })
    const mid = await hits()
    await h.engine.start(again.jobId)
    expect((await h.engine.settled(again.jobId)).state).toBe('done')
    expect((await hits()).schools).toBe(mid.schools)
    const cached = h.store.db.prepare("SELECT COUNT(*) AS n FROM job_records WHERE job_id = ? AND product = 'schools'").get(again.jobId) as { n: number }
    expect(cached.n).toBe(schools.n)
  }, 120_000)

  it('school-lookup finds known NPSNs, reports the unknown one as not found and refuses the malformed one locally', async () => {
    const plan = await h.engine.plan({ file: join(REPO_ROOT, 'examples/schools/npsn.csv'), kind: 'school-lookup', settings: h.settings() })
    expect(plan.rowsFailingLocally).toBe(1)
    await h.engine.start(plan.jobId)
    const end = await h.engine.settled(plan.jobId)
    expect(end.counts.outcomes['not-found']).toBe(1)
    expect(end.counts.done).toBe(plan.rowsOk - 1)
  }, 60_000)

  it('a regions job stores the province tree (Bali: 9 regencies) in the cache', async () => {
    const file = join(tmp.dir, 'prov.csv')
    writeFileSync(file, 'Kode Provinsi\n51\n')
    const plan = await h.engine.plan({ file, kind: 'regions', settings: h.settings() })
    await h.engine.start(plan.jobId)
    expect((await h.engine.settled(plan.jobId)).state).toBe('done')
    expect(h.store.cache.listRegions('regency', '51')).toHaveLength(9)
    expect(h.store.cache.listRegions('district').filter((d) => d.parentCode?.startsWith('51')).length).toBeGreaterThan(50)
  }, 60_000)

  it('retry-failed re-runs only the failed rows, as a new attempt of the same job', async () => {
    const file = join(tmp.dir, 'retry.csv')
    writeFileSync(file, 'Kode RS\nNOPE-1\nNOPE-2\n')
    const plan = await h.engine.plan({ file, kind: 'hospital-lookup', settings: h.settings() })
    await h.engine.start(plan.jobId)
    const first = await h.engine.settled(plan.jobId)
    expect(first.counts.failed).toBe(2)
    await h.engine.retryFailed(plan.jobId)
    const second = await h.engine.settled(plan.jobId)
    expect(second.state).toBe('done')
    expect(h.store.jobs.get(plan.jobId)!.attempt).toBe(2)
    expect(h.engine.rows(plan.jobId, 0, 10).rows.map((r) => r.attempts)).toEqual([2, 2])
  }, 60_000)
})
