/**
 * Pre-flight says what will go wrong before it does: `rekap run --dry-run --json` against the
 * real sandbox process carries quota, budget and balance shortfalls with their codes and
 * choices; directory jobs are estimated in pages, and the estimate says how it was made.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copyFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startSandboxProcess, REPO_ROOT, SHARED_DIR, type SandboxProcess } from '../helpers/sandbox-process'
import { makeTempDir } from '../helpers/temp-dir'
import { rekap } from '../helpers/rekap-process'

let tmp: ReturnType<typeof makeTempDir>
let sandbox: SandboxProcess

const lastJson = (out: string): any => JSON.parse(out.trim().split('\n').filter((l) => l.startsWith('{')).at(-1)!)

beforeAll(async () => {
  tmp = makeTempDir()
  sandbox = await startSandboxProcess()
  // photos beside the workbook: paths outside its folder are refused unless allowed (issue 14)
  const f = (n: string) => (copyFileSync(join(SHARED_DIR, 'fixtures/faces', n), join(tmp.dir, n)), n)
  writeFileSync(
    join(tmp.dir, 'kyc.csv'),
    ['Foto KTP,Foto Selfie', `${f('obama_1.jpg')},${f('obama_2.jpg')}`, `${f('biden_1.jpg')},${f('biden_2.jpg')}`, `${f('rose_leslie_1.jpg')},${f('rose_leslie_2.jpg')}`].join('\n'),
  )
}, 60_000)

afterAll(async () => {
  await sandbox?.stop()
  tmp?.cleanup()
})

const common = (db = 'rekap.db') => ['--base-url', sandbox.url, '--key', sandbox.key, '--db', join(tmp.dir, db)]

describe('shortfall warnings in --dry-run --json', () => {
  it('quota-shortfall: 10 lookups, 5 hits left on the starter school plan; raise to pro, split, or run what fits', async () => {
    const res = await fetch(`${sandbox.url}/regional/indonesia/schools?regency_code=3171`, { headers: { 'x-api-service-id': sandbox.key } })
    const npsns = ((await res.json()).data as Array<{ npsn: string }>).slice(0, 10).map((s) => s.npsn)
    const file = join(tmp.dir, 'npsn.csv')
    writeFileSync(file, ['NPSN', ...npsns].join('\n'))
    const r = await rekap(['run', file, '--school-plan', 'starter', '--hits-used', 'schools=9995', '--dry-run', '--json', ...common()])
    expect(r.code, r.err).toBe(0)
    const { plan } = lastJson(r.out)
    expect(plan.quotaLeft).toBe(5)
    expect(plan.warnings).toEqual([
      expect.objectContaining({ code: 'quota-shortfall', needed: 10, available: 5, fits: 5, raiseTo: 'pro', choices: ['raise', 'split', 'run-what-fits'] }),
    ])
    // and the plain text says the same, with the flag that raises the plan
    const text = await rekap(['run', file, '--school-plan', 'starter', '--dry-run', ...common()])
    expect(text.out).toMatch(/WARNING quota-shortfall: this job may need 10 hits and 5 are left this month.*--school-plan pro/)
  })

  it('budget-shortfall and balance-shortfall: 3 pairs (up to Rp1,200) against a Rp800 budget and a Rp400 balance', async () => {
    const r = await rekap(['run', join(tmp.dir, 'kyc.csv'), '--allow-outside-paths', '--budget', '800', '--balance', '400', '--dry-run', '--json', ...common()])
    expect(r.code, r.err).toBe(0)
    const { plan } = lastJson(r.out)
    expect(plan.estimatedCostRp).toBe(1200)
    const byCode = Object.fromEntries(plan.warnings.map((w: { code: string }) => [w.code, w]))
    expect(byCode['budget-shortfall']).toMatchObject({ needed: 1200, available: 800, fits: 2 })
    expect(byCode['balance-shortfall']).toMatchObject({ needed: 1200, available: 400, fits: 1 })
    expect(byCode['quota-shortfall']).toBeUndefined()
  })

  it('no warning when everything fits', async () => {
    const r = await rekap(['run', join(tmp.dir, 'kyc.csv'), '--allow-outside-paths', '--budget', '1200', '--dry-run', '--json', ...common()])
    expect(lastJson(r.out).plan.warnings).toEqual([])
  })
})

describe('directory jobs are estimated in pages', () => {
  it('a dry run sends nothing (pages unknown, one per query); the run fetches them all; the next plan knows from the cache', async () => {
    // its own data file: the quota test above stated 9,995 school hits for this account in rekap.db
    const common = (): string[] => ['--base-url', sandbox.url, '--key', sandbox.key, '--db', join(tmp.dir, 'directory.db')]
    const file = join(REPO_ROOT, 'examples/schools/regencies.csv')
    const hits0 = (await sandbox.admin('GET', '/_sandbox/state')).hits.schools
    const r = await rekap(['run', file, '--kind', 'school-directory', '--dry-run', '--json', ...common()])
    expect(r.code, r.err).toBe(0)
    const { plan, jobId } = lastJson(r.out)
    // issue 23 item 4: a dry run used to read each query's first page (3 hits) while saying nothing was sent
    expect(plan.estimate).toEqual({ unit: 'pages', basis: 'unknown', probed: 0 })
    const hits1 = (await sandbox.admin('GET', '/_sandbox/state')).hits.schools
    expect(hits1 - hits0).toBe(0)
    expect(plan.callsNeeded).toBe(3) // at least a page per query, said as unknown

    const run = await rekap(['resume', jobId, '--json', ...common().slice(2)])
    expect(run.code, run.out + run.err).toBe(0)
    const hits2 = (await sandbox.admin('GET', '/_sandbox/state')).hits.schools
    expect(hits2 - hits1).toBeGreaterThan(3) // pages, not rows

    const again = lastJson((await rekap(['run', file, '--kind', 'school-directory', '--dry-run', '--json', ...common()])).out).plan
    expect(again).toMatchObject({ callsNeeded: 0, cacheHits: 3, estimate: { unit: 'pages', basis: 'cache', probed: 0 } })
  })
})

describe('a job blocked at the quota continues on a bigger plan', () => {
  it('rekap run stops at the starter quota (exit 3, the way out printed); rekap resume --school-plan pro finishes it', async () => {
    const res = await fetch(`${sandbox.url}/regional/indonesia/schools?regency_code=5171`, { headers: { 'x-api-service-id': sandbox.key } })
    const npsns = ((await res.json()).data as Array<{ npsn: string }>).slice(0, 5).map((s) => s.npsn)
    const file = join(tmp.dir, 'npsn-resume.csv')
    writeFileSync(file, ['NPSN', ...npsns].join('\n'))
    const c = (): string[] => ['--base-url', sandbox.url, '--key', sandbox.key, '--db', join(tmp.dir, 'resume.db')]
    const first = await rekap(['run', file, '--hits-used', 'schools=9998', '--yes', ...c()])
    expect(first.code, first.out + first.err).toBe(3)
    expect(first.out).toMatch(/BLOCKED \(quota-exhausted\): The starter schools plan allows 10,000 hits/)
    expect(first.out).toMatch(/--school-plan pro/)
    const jobId = /job (j\w+)/.exec(first.out)![1]
    const second = await rekap(['resume', jobId, '--school-plan', 'pro', '--json', '--key', sandbox.key, '--db', join(tmp.dir, 'resume.db')])
    expect(second.code, second.out + second.err).toBe(0)
    expect(lastJson(second.out).counts.done).toBe(5)
  })
})
