import { describe, expect, it } from 'vitest'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { REPO_ROOT } from '../helpers/sandbox-process'
import { useSandboxEngine } from '../helpers/sandbox-engine'

const rig = useSandboxEngine({ sandbox: { args: ['--hospital-plan', 'premium'] } })
const hits = async (): Promise<Record<string, number>> => (await rig.sandbox.admin('GET', '/_sandbox/state')).hits

describe('directory and lookup kinds against the real sandbox process', () => {
  it('school-directory pages every regency to its last page; the same query again comes from the cache with no hits', async () => {
    const file = join(REPO_ROOT, 'examples/schools/regencies.csv')
    // hits counted from before the plan: the plan reads each query's first page to count pages
    const before = await hits()
    const plan = await rig.harness.engine.plan({ file, kind: 'school-directory', settings: rig.harness.settings() })
    expect(plan.rowsOk).toBe(3)
    await rig.harness.engine.start(plan.jobId)
    const end = await rig.harness.engine.settled(plan.jobId)
    expect(end.state).toBe('done')
    const rows = rig.harness.store.rows.page(plan.jobId, { offset: 0, limit: 10 })
    const schools = rig.harness.store.db.prepare("SELECT COUNT(*) AS n FROM job_records WHERE job_id = ? AND product = 'schools'").get(plan.jobId) as { n: number }
    const pages = rows.reduce((n, r) => n + Math.ceil((r.result?.recordCount ?? 0) / 100), 0)
    expect(schools.n).toBeGreaterThan(300)
    expect((await hits()).schools - before.schools).toBe(pages)

    const again = await rig.harness.engine.plan({ file, kind: 'school-directory', settings: rig.harness.settings() })
    const mid = await hits()
    await rig.harness.engine.start(again.jobId)
    expect((await rig.harness.engine.settled(again.jobId)).state).toBe('done')
    expect((await hits()).schools).toBe(mid.schools)
    const cached = rig.harness.store.db.prepare("SELECT COUNT(*) AS n FROM job_records WHERE job_id = ? AND product = 'schools'").get(again.jobId) as { n: number }
    expect(cached.n).toBe(schools.n)
  }, 120_000)

  it('school-lookup finds known NPSNs, reports the unknown one as not found and refuses the malformed one locally', async () => {
    const plan = await rig.harness.engine.plan({ file: join(REPO_ROOT, 'examples/schools/npsn.csv'), kind: 'school-lookup', settings: rig.harness.settings() })
    expect(plan.rowsFailingLocally).toBe(1)
    await rig.harness.engine.start(plan.jobId)
    const end = await rig.harness.engine.settled(plan.jobId)
    expect(end.counts.outcomes['not-found']).toBe(1)
    expect(end.counts.done).toBe(plan.rowsOk - 1)
  }, 60_000)

  it('a regions job stores the province tree (Bali: 9 regencies) in the cache', async () => {
    const file = join(rig.dir, 'prov.csv')
    writeFileSync(file, 'Kode Provinsi\n51\n')
    const plan = await rig.harness.engine.plan({ file, kind: 'regions', settings: rig.harness.settings() })
    await rig.harness.engine.start(plan.jobId)
    expect((await rig.harness.engine.settled(plan.jobId)).state).toBe('done')
    expect(rig.harness.store.cache.listRegions('regency', '51')).toHaveLength(9)
    expect(rig.harness.store.cache.listRegions('district').filter((d) => d.parentCode?.startsWith('51')).length).toBeGreaterThan(50)
  }, 60_000)

  it('retry-failed re-runs only the failed rows, as a new attempt of the same job', async () => {
    const file = join(rig.dir, 'retry.csv')
    writeFileSync(file, 'Kode RS\nNOPE-1\nNOPE-2\n')
    const plan = await rig.harness.engine.plan({ file, kind: 'hospital-lookup', settings: rig.harness.settings() })
    await rig.harness.engine.start(plan.jobId)
    const first = await rig.harness.engine.settled(plan.jobId)
    expect(first.counts.failed).toBe(2)
    await rig.harness.engine.retryFailed(plan.jobId)
    const second = await rig.harness.engine.settled(plan.jobId)
    expect(second.state).toBe('done')
    expect(rig.harness.store.jobs.get(plan.jobId)!.attempt).toBe(2)
    expect(rig.harness.engine.rows(plan.jobId, 0, 10).rows.map((r) => r.attempts)).toEqual([2, 2])
  }, 60_000)
})
