/**
 * Issue 22, failure: the team store stopped in the middle of a run by 4 desks (real rekap
 * processes, face pairs on one real sandbox), then started again. Every desk's job blocks within
 * 2 s as "team store unreachable", nothing reaches the service meanwhile, and once the store is
 * back every desk continues by itself: every row ends once, each pair is charged once on the
 * sandbox's ledger, and the team ledger holds every charge exactly once.
 */
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../../src-main/core/store'
import { facePairs, pairsFile, startDesk, waitFor, type Desk } from './desks-fixture'
import { useTeamWithSandbox } from './team-rig'

// answers take ~1 s, so the run lasts long enough to stop the store in the middle of it
const rig = useTeamWithSandbox({ operators: ['op1', 'op2', 'op3', 'op4'], sandbox: { args: ['--latency', '1000'] } })

/** A desk's job as its own SQLite file says (a read-only connection of its own each time). */
function jobOf(desk: Desk): { state: string; blocked_reason: string | null; done: number; other: number } | undefined {
  const id = /job (j\w+)/.exec(desk.out())?.[1]
  if (!id) return undefined
  const db = openDatabase(desk.db, { readonly: true })
  try {
    const j = db.prepare('SELECT state, blocked_reason FROM jobs WHERE id = ?').get(id) as { state: string; blocked_reason: string | null }
    const rows = db.prepare(`SELECT sum(state = 'done') AS done, sum(state != 'done') AS other FROM job_rows WHERE job_id = ?`).get(id) as { done: number; other: number }
    return { ...j, ...rows }
  } finally {
    db.close()
  }
}

type Charge = { pair: string | null; at: number }
const ledger = async (): Promise<Charge[]> => (await rig.sandbox.admin('GET', '/_sandbox/ledger')).charges
const requests = async (): Promise<Array<{ at: number; product: string }>> => (await rig.sandbox.admin('GET', '/_sandbox/requests')).requests

describe('the team store goes away mid-run', () => {
  it('every desk blocks within 2 s, nothing is sent meanwhile, and all continue by themselves: every row once, no double charge', async () => {
    const desks = [0, 1, 2, 3].map((d) =>
      startDesk({
        team: rig.team, sandbox: rig.sandbox, role: `op${d + 1}`, name: `outage-${d + 1}`,
        args: ['run', pairsFile(rig.team.dir, `outage-${d}.csv`, facePairs(d * 12, 12)), '--kind', 'face-match', '--concurrency', '2', '--allow-outside-paths'],
      }),
    )
    await waitFor(ledger, (l) => l.length >= 8, 120_000, 100)

    await rig.team.server.pause()
    const stoppedAt = Date.now()
    const blocked = await waitFor(
      () => desks.map(jobOf),
      (js) => js.every((j) => j?.state === 'blocked' && j.blocked_reason === 'team-unreachable'),
      10_000,
      50,
    )
    const allBlockedAt = Date.now()
    expect(allBlockedAt - stoppedAt).toBeLessThanOrEqual(2000)
    expect(blocked.every((j) => j!.other > 0)).toBe(true)

    // requests already on their way when the store went finish; none starts after every desk blocked
    const ledgerWhileDown = (await ledger()).length
    await new Promise((r) => setTimeout(r, 3000))
    const sentWhileDown = (await requests()).filter((r) => r.product === 'face-match' && r.at > allBlockedAt)
    expect(sentWhileDown).toEqual([])
    expect(desks.every((d) => d.child.exitCode === null)).toBe(true)

    // the latency kept the desks mid-run until the store stopped; the ~40 pairs left need none to
    // show that every desk continues by itself and pays each pair once
    await rig.sandbox.admin('POST', '/_sandbox/faults', { latency_ms: 0 })
    await rig.team.server.start()
    const ends = await Promise.all(desks.map((d) => d.done))
    for (const e of ends) expect(e.code, e.out).toBe(0)
    for (const d of desks) expect(jobOf(d)).toMatchObject({ state: 'done', done: 12, other: 0 })

    const charges = await ledger()
    expect(charges.length).toBeGreaterThan(ledgerWhileDown)
    const perPair = new Map<string, number>()
    for (const c of charges) perPair.set(c.pair!, (perPair.get(c.pair!) ?? 0) + 1)
    expect(perPair.size).toBe(48)
    expect([...perPair.values()].every((n) => n === 1)).toBe(true)
    // every charge reached the team ledger once (those settled while it was away were kept and sent after)
    const teamLedger = await rig.team.query('SELECT count(*)::int AS n, count(DISTINCT pair_hash)::int AS pairs FROM rekap.charges WHERE NOT reused')
    expect(teamLedger.rows[0]).toEqual({ n: 48, pairs: 48 })
    const held = await rig.team.query('SELECT count(*)::int AS n FROM rekap.reservations')
    expect(held.rows[0].n).toBe(0)
  }, 300_000)
})
