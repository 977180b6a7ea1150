/**
 * Every product's quota, against the real sandbox process enforcing the same plan: rekap stops
 * at the quota (blocked quota-exhausted, with the action), never sends the request that would
 * pass it, and starts counting from the hits the user says the account has already used.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process'
import { engineAgainst, type Harness } from '../helpers/engine-harness'
import { makeTempDir } from '../helpers/temp-dir'
import { accountId } from '../../src-main/core/engine/account-id'
import type { JobSettings } from '../../src-main/core/model/job-settings'

const tmp = makeTempDir()
let sandbox: SandboxProcess | undefined
let h: Harness | undefined

afterEach(async () => {
  await h?.close()
  await sandbox?.stop()
  h = undefined
  sandbox = undefined
})
afterAll(() => tmp.cleanup())

async function fetchJson(path: string): Promise<any> {
  const res = await fetch(`${sandbox!.url}${path}`, { headers: { 'x-api-service-id': sandbox!.key } })
  return res.json()
}

function csv(name: string, header: string, values: string[]): string {
  const file = join(tmp.dir, name)
  writeFileSync(file, [header, ...values].join('\n') + '\n')
  return file
}

async function setup(args: string[]): Promise<Harness> {
  sandbox = await startSandboxProcess({ args })
  h = engineAgainst(sandbox, tmp.dir)
  return h
}

/** The account used these hits elsewhere: the sandbox knows; rekap is told (or not). */
async function usedElsewhere(product: string, hits: number, settings: JobSettings, tellRekap: boolean): Promise<void> {
  await sandbox!.admin('POST', '/_sandbox/usage', { product, hits })
  if (tellRekap) {
    const account = accountId({ baseUrl: sandbox!.url, apiKey: sandbox!.key, sandbox: false })
    await h!.engine.stateHitsUsed(account, settings, { [product]: hits })
  }
}

async function runToStop(file: string, kind: 'school-lookup' | 'hospital-lookup' | 'regions', settings: JobSettings) {
  const plan = await h!.engine.plan({ file, kind, settings })
  await h!.engine.start(plan.jobId)
  const end = await h!.engine.settled(plan.jobId)
  const rows = h!.engine.rows(plan.jobId, 0, 100).rows
  return { plan, end, rows }
}

describe('school plans', () => {
  it('starter (10,000 hits): with 9,995 already used, 5 lookups go out and the job blocks quota-exhausted before the 6th', async () => {
    const harness = await setup(['--school-plan', 'starter'])
    const npsns = ((await fetchJson('/regional/indonesia/schools?regency_code=3171')).data as Array<{ npsn: string }>).slice(0, 10).map((s) => s.npsn)
    expect(npsns).toHaveLength(10)
    const settings = harness.settings({ schoolPlan: 'starter', monthlyQuota: { 'face-match': null, hospitals: 3000, schools: 10_000, regional: 5000 } })
    await usedElsewhere('schools', 9_995, settings, true)
    const { plan, end, rows } = await runToStop(csv('npsn.csv', 'NPSN', npsns), 'school-lookup', settings)
    expect(plan.quotaLeft).toBe(5)
    expect(end.state).toBe('blocked')
    expect(end.blockedReason).toBe('quota-exhausted')
    expect(end.stateDetail).toMatch(/starter schools plan allows 10,000 hits/)
    expect(end.stateDetail).toMatch(/--school-plan pro/)
    expect(end.counts.done).toBe(5)
    // the rows left were never sent: no attempt, and the sandbox counted exactly the quota
    expect(rows.filter((r) => r.state === 'pending').every((r) => r.attempts === 0)).toBe(true)
    expect((await sandbox!.admin('GET', '/_sandbox/state')).hits.schools).toBe(10_000)
  })

  it('free tier (1,000 hits) is enforced by the sandbox and by rekap alike', async () => {
    const harness = await setup(['--school-plan', 'free'])
    const npsns = ((await fetchJson('/regional/indonesia/schools?regency_code=3171')).data as Array<{ npsn: string }>).slice(0, 4).map((s) => s.npsn)
    const settings = harness.settings({ schoolPlan: 'free', monthlyQuota: { 'face-match': null, hospitals: 3000, schools: 1_000, regional: 5000 } })
    await usedElsewhere('schools', 998, settings, true)
    const { end } = await runToStop(csv('npsn-free.csv', 'NPSN', npsns), 'school-lookup', settings)
    expect(end.blockedReason).toBe('quota-exhausted')
    expect(end.counts.done).toBe(2)
    expect((await sandbox!.admin('GET', '/_sandbox/state')).hits.schools).toBe(1_000)
  })
})

describe('regional plan', () => {
  it('starter (5,000 hits): a regions job stops at the quota and the hits it spent half-way through a row are counted', async () => {
    const harness = await setup([])
    const settings = harness.settings()
    expect(settings.monthlyQuota.regional).toBe(5_000)
    await usedElsewhere('regional', 4_997, settings, true)
    const { end } = await runToStop(csv('prov.csv', 'Kode Provinsi', ['51']), 'regions', settings)
    expect(end.blockedReason).toBe('quota-exhausted')
    expect(end.stateDetail).toMatch(/starter regional plan allows 5,000 hits/)
    expect((await sandbox!.admin('GET', '/_sandbox/state')).hits.regional).toBe(5_000)
    const account = accountId({ baseUrl: sandbox!.url, apiKey: sandbox!.key, sandbox: false })
    expect(harness.store.usage.hitsThisMonth('regional', Date.now(), account)).toBe(5_000)
  })
})

describe('hospital plans', () => {
  async function codes(n: number): Promise<string[]> {
    return ((await fetchJson(`/hospitals/indonesia/?size=${n}`)).data as Array<{ code: string }>).map((x) => x.code)
  }

  it('standard (3,000 hits): stops at the quota', async () => {
    const harness = await setup(['--hospital-plan', 'standard'])
    const list = await codes(6)
    const settings = harness.settings({ hospitalPlan: 'standard' })
    await usedElsewhere('hospitals', 2_996, settings, true)
    const { end } = await runToStop(csv('rs.csv', 'Kode RS', list), 'hospital-lookup', settings)
    expect(end.blockedReason).toBe('quota-exhausted')
    expect(end.counts.done).toBe(4) // 2,996 + 4 lookups = 3,000
    expect((await sandbox!.admin('GET', '/_sandbox/state')).hits.hospitals).toBe(3_000)
  })

  it('free tier (1,000 hits)', async () => {
    const harness = await setup(['--hospital-plan', 'free'])
    const list = await codes(5)
    const settings = harness.settings({ hospitalPlan: 'free', monthlyQuota: { 'face-match': null, hospitals: 1_000, schools: 10_000, regional: 5_000 } })
    await usedElsewhere('hospitals', 997, settings, true)
    const { end } = await runToStop(csv('rs-free.csv', 'Kode RS', list), 'hospital-lookup', settings)
    expect(end.blockedReason).toBe('quota-exhausted')
    expect(end.counts.done).toBe(3)
    expect((await sandbox!.admin('GET', '/_sandbox/state')).hits.hospitals).toBe(1_000)
  })

  it('hits used elsewhere but not stated: the service refuses (429) and the job blocks too, having sent one request too many', async () => {
    const harness = await setup(['--hospital-plan', 'standard'])
    const list = await codes(4)
    const settings = harness.settings({ hospitalPlan: 'standard' })
    await usedElsewhere('hospitals', 2_999, settings, false)
    const { end, rows } = await runToStop(csv('rs-unstated.csv', 'Kode RS', list), 'hospital-lookup', settings)
    expect(end.blockedReason).toBe('quota-exhausted')
    expect(end.counts.done).toBe(1)
    expect(rows.some((r) => r.attempts > 0 && r.state === 'pending')).toBe(true)
  })
})
