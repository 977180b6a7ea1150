/**
 * Issue 22, one rate per account: 4 desks (real rekap processes) on one key share the plan's rate
 * through the team store. Together they reach >= 95% of it and the sandbox (which enforces the
 * per-key rate) answers <= 1% of their requests with 429. Alone (no --team, as before team mode)
 * each desk takes the whole plan rate and the sandbox refuses a large share.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandboxProcess, type SandboxProcess } from '../../helpers/sandbox-process'
import { startTestTeam, type TestTeam } from './team-fixture'
import { codesFile, startDesk } from './desks-fixture'

let team: TestTeam
const DESKS = 4

beforeAll(async () => {
  team = await startTestTeam()
  expect((await team.rekap('teamowner', ['team', 'init'])).code).toBe(0)
  for (let i = 1; i <= DESKS; i++) await team.addOperator(`op${i}`)
}, 120_000)

afterAll(async () => team?.stop())

interface Measured {
  rps: number
  refused: number
  sent: number
  codes: Array<number | null>
}

/** 4 desks, `perDesk` lookups each; rate measured on the sandbox's own request log. */
async function fourDesks(plan: 'standard' | 'premium', perDesk: number, alone: boolean, concurrency = 4): Promise<Measured> {
  const sandbox: SandboxProcess = await startSandboxProcess({ args: ['--hospital-plan', plan, '--monthly-quota', '1000000'] })
  try {
    const desks = Array.from({ length: DESKS }, (_, i) =>
      startDesk({
        team, sandbox, role: `op${i + 1}`, name: `${plan}-${alone ? 'alone' : 'team'}-${i + 1}`, alone,
        args: ['run', codesFile(team.dir, `${plan}${alone ? 'a' : 't'}${i + 1}.csv`, perDesk), '--kind', 'hospital-lookup', '--hospital-plan', plan, '--concurrency', String(concurrency)],
      }),
    )
    const ends = await Promise.all(desks.map((d) => d.done))
    const log = (await sandbox.admin('GET', '/_sandbox/requests')).requests as Array<{ at: number; product: string }>
    const hospitals = log.filter((r) => r.product === 'hospitals').map((r) => r.at).sort((a, b) => a - b)
    const sent = hospitals.length
    // rows answered (404: no such code) vs refused with 429, from each desk's own count of retries
    const refused = sent - DESKS * perDesk
    // the steady part: from the 5th to the last-but-5th request (start-up of 4 processes aside)
    const span = (hospitals[sent - 6] - hospitals[5]) / 1000
    return { rps: (sent - 11) / span, refused, sent, codes: ends.map((e) => e.code) }
  } finally {
    await sandbox.stop()
  }
}

describe('4 desks, one key, one rate', () => {
  it('standard plan (20 rps): together >= 95% of the rate, <= 1% answered 429', async () => {
    const m = await fourDesks('standard', 100, false)
    console.log(`team, standard: ${m.rps.toFixed(2)} rps of 20 (${((m.rps / 20) * 100).toFixed(1)}%), ${m.refused} of ${m.sent} refused`)
    expect(m.rps).toBeGreaterThanOrEqual(19)
    expect(m.rps).toBeLessThanOrEqual(21)
    expect(m.refused).toBeLessThanOrEqual(m.sent * 0.01)
  }, 180_000)

  it('premium plan (100 rps): the same', async () => {
    const m = await fourDesks('premium', 300, false, 10)
    console.log(`team, premium: ${m.rps.toFixed(2)} rps of 100 (${m.rps.toFixed(1)}%), ${m.refused} of ${m.sent} refused`)
    expect(m.rps).toBeGreaterThanOrEqual(95)
    expect(m.rps).toBeLessThanOrEqual(105)
    expect(m.refused).toBeLessThanOrEqual(m.sent * 0.01)
  }, 180_000)

  it('without the team store (as before team mode) the 4 desks send past the rate and live on 429s', async () => {
    const m = await fourDesks('standard', 60, true)
    console.log(`alone, standard: ${m.refused} of ${m.sent} refused`)
    expect(m.refused).toBeGreaterThan(m.sent * 0.01)
  }, 180_000)
})
