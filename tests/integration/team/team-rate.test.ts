/**
 * Issue 22, one rate per account: 4 desks (real rekap processes) on one key share the plan's rate
 * through the team store. Together they reach >= 95% of it and the sandbox (which enforces the
 * per-key rate) answers <= 1% of their requests with 429. Alone (no --team, as before team mode)
 * each desk takes the whole plan rate and the sandbox refuses a large share.
 */
import { availableParallelism, loadavg } from 'node:os'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startSandboxProcess, type SandboxProcess } from '../../helpers/sandbox-process'
import { startTestTeam, type TestTeam } from './team-fixture'
import { codePrefix, codesFile, startDesk, stopAllDesks } from './desks-fixture'

let team: TestTeam
const DESKS = 4

beforeAll(async () => {
  team = await startTestTeam()
  expect((await team.rekap('teamowner', ['team', 'init'])).code).toBe(0)
  for (let i = 1; i <= DESKS; i++) await team.addOperator(`op${i}`)
}, 120_000)

// a failed or timed-out test leaves no desk process running
afterEach(stopAllDesks)

afterAll(async () => team?.stop())

const loadText = (l: Measured['load']): string => `load average ${l.before.toFixed(2)} before, ${l.after.toFixed(2)} after, on ${l.cores} cores`
const starved = (l: Measured['load']): string =>
  Math.max(l.before, l.after) > l.cores ? ' — the machine was busier than its cores, so the desks were starved of CPU' : ''

interface Measured {
  /** requests the sandbox accepted (not answered 429) per second, while all 4 desks were sending */
  rps: number
  /** seconds all 4 desks were sending at once: the window the rate is measured in */
  overlap: number
  /** the machine's 1-minute load average before and after, and its cores: a starved machine shows here */
  load: { before: number; after: number; cores: number }
  refused: number
  sent: number
  codes: Array<number | null>
}

/** Desk i's codes file: the sandbox's log tells the desks apart by its codes (codePrefix). */
const deskCodes = (plan: string, alone: boolean, i: number): string => `${plan}${alone ? 'a' : 't'}${i}.csv`

/** 4 desks, `perDesk` lookups each; rate measured on the sandbox's own request log. */
async function fourDesks(plan: 'standard' | 'premium', perDesk: number, alone: boolean, concurrency = 4): Promise<Measured> {
  const loadBefore = loadavg()[0]
  const sandbox: SandboxProcess = await startSandboxProcess({ args: ['--hospital-plan', plan, '--monthly-quota', '1000000'] })
  try {
    const desks = Array.from({ length: DESKS }, (_, i) =>
      startDesk({
        team, sandbox, role: `op${i + 1}`, name: `${plan}-${alone ? 'alone' : 'team'}-${i + 1}`, alone,
        args: ['run', codesFile(team.dir, deskCodes(plan, alone, i + 1), perDesk), '--kind', 'hospital-lookup', '--hospital-plan', plan, '--concurrency', String(concurrency)],
      }),
    )
    const ends = await Promise.all(desks.map((d) => d.done))
    const log = (await sandbox.admin('GET', '/_sandbox/requests')).requests as Array<{ at: number; product: string; path: string }>
    const hospitals = log.filter((r) => r.product === 'hospitals').sort((a, b) => a.at - b.at)
    const sent = hospitals.length
    // rows answered (404: no such code) vs refused with 429, from each desk's own count of retries
    const refused = sent - DESKS * perDesk
    // The claim is about desks that together ask for more than the plan: the window in which all 4
    // were sending, from the last desk's 3rd request to the first desk's last-but-3rd. Outside it a
    // desk starts or finishes alone (4 processes do not start at the same moment on a loaded
    // machine), and one desk alone is bounded by its own CPU, not by the shared rate.
    const ofDesk = (i: number): number[] => hospitals.filter((r) => r.path.includes(`${codePrefix(deskCodes(plan, alone, i))}-`)).map((r) => r.at)
    const perDeskAt = Array.from({ length: DESKS }, (_, i) => ofDesk(i + 1))
    const from = Math.max(...perDeskAt.map((at) => at[2]))
    const to = Math.min(...perDeskAt.map((at) => at[at.length - 4]))
    const inWindow = hospitals.filter((r) => r.at >= from && r.at <= to).length
    const overlap = (to - from) / 1000
    // the rate the sandbox ACCEPTED: what the plan allows is what the proof is about; refused
    // requests are taken out of the window (all of them, the worst case)
    const load = { before: loadBefore, after: loadavg()[0], cores: availableParallelism() }
    return { rps: (inWindow - 1 - refused) / overlap, overlap, load, refused, sent, codes: ends.map((e) => e.code) }
  } finally {
    await sandbox.stop()
  }
}

describe('4 desks, one key, one rate', () => {
  it('standard plan (20 rps): together >= 95% of the rate, <= 1% answered 429', async () => {
    const m = await fourDesks('standard', 100, false)
    const said = `team, standard: the sandbox accepted ${m.rps.toFixed(2)} rps of 20 in the ${m.overlap.toFixed(1)} s all 4 desks were sending, ${m.refused} of ${m.sent} refused (${loadText(m.load)})`
    console.log(said)
    expect(m.overlap, `${said}: the desks hardly sent at the same time`).toBeGreaterThanOrEqual(3)
    expect(m.rps, `${said}: under 95% of the plan${starved(m.load)}`).toBeGreaterThanOrEqual(19)
    expect(m.rps, said).toBeLessThanOrEqual(21)
    expect(m.refused, said).toBeLessThanOrEqual(m.sent * 0.01)
  }, 180_000)

  it('premium plan (100 rps): the same', async () => {
    const m = await fourDesks('premium', 300, false, 10)
    const said = `team, premium: the sandbox accepted ${m.rps.toFixed(2)} rps of 100 in the ${m.overlap.toFixed(1)} s all 4 desks were sending, ${m.refused} of ${m.sent} refused (${loadText(m.load)})`
    console.log(said)
    // Measured in the window all 4 desks were sending: stop 45's CI beside a CPU hog failed here
    // at 45 rps (load 5-6), over a span that included desks starting and finishing alone. On
    // this machine 4 desks reached 99.7 rps at load 6-7 (whole span) and, in the window, 93.5 at
    // load 10-11 on 2 cores: there,
    // 4 desks, the sandbox and PostgreSQL were starved of CPU (a desk spends ~4 ms of CPU per
    // lookup) and could not offer 100 rps. The message names the load (nothing is skipped).
    expect(m.overlap, `${said}: the desks hardly sent at the same time`).toBeGreaterThanOrEqual(3)
    expect(m.rps, `${said}: under 95% of the plan${starved(m.load)}`).toBeGreaterThanOrEqual(95)
    expect(m.rps, said).toBeLessThanOrEqual(105)
    expect(m.refused, said).toBeLessThanOrEqual(m.sent * 0.01)
  }, 180_000)

  it('without the team store (as before team mode) the 4 desks send past the rate and live on 429s', async () => {
    const m = await fourDesks('standard', 60, true)
    console.log(`alone, standard: ${m.refused} of ${m.sent} refused`)
    expect(m.refused).toBeGreaterThan(m.sent * 0.01)
  }, 180_000)
})
