/**
 * Team truth audit: the team store restarted after more than a lease's time away (a PostgreSQL
 * upgrade or a server reboot takes longer than 15 s). Every desk's lease expired meanwhile, but
 * the desks did not die: they were blocked, waiting for the store. Two desks run the same KYC
 * workbook (real `rekap run` processes, one real sandbox, one real PostgreSQL); desk A has a pair
 * at the service when the store stops, and desk B waits for that pair. The service answers (and
 * charges) it while the store is away. When the store is back, desk A is slower to renew its lease
 * than the rest of the team (held with SIGSTOP until the supervisor's `rekap team status` and
 * desk B have come back). Nothing A did may become "uncertain (desk died)", B must not pay for A's
 * pair again, and the team ledger must hold every charge of the sandbox's ledger once, certain.
 */
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../../src-main/core/store'
import { facePairs, pairsFile, startDesk, waitFor, type Desk } from './desks-fixture'
import { useTeamWithSandbox } from './team-rig'

// answers take 3 s: the store stops while desk A's first pair is at the service
const rig = useTeamWithSandbox({ operators: ['op1', 'op2', 'op3'], sandbox: { args: ['--latency', '3000'] } })

/** A desk's job as its own SQLite file says. */
function jobOf(desk: Desk): { state: string; inFlight: number } | undefined {
  const id = /job (j\w+)/.exec(desk.out())?.[1]
  if (!id) return undefined
  const db = openDatabase(desk.db, { readonly: true })
  try {
    const j = db.prepare('SELECT state FROM jobs WHERE id = ?').get(id) as { state: string }
    const r = db.prepare(`SELECT count(*) AS n FROM job_rows WHERE job_id = ? AND state = 'in-flight'`).get(id) as { n: number }
    return { state: j.state, inFlight: r.n }
  } finally {
    db.close()
  }
}

type Request = { answeredAt?: number }
const requests = async (): Promise<Request[]> => (await rig.sandbox.admin('GET', '/_sandbox/requests')).requests
const charges = async (): Promise<Array<{ pair: string | null }>> => (await rig.sandbox.admin('GET', '/_sandbox/ledger')).charges

describe('the team store restarted after more than a lease away', () => {
  it("a living desk's answered pair stays certain, and no other desk pays for it again", async () => {
    const file = pairsFile(rig.team.dir, 'kyc.csv', facePairs(0, 3))
    const args = ['run', file, '--kind', 'face-match', '--concurrency', '1', '--allow-outside-paths']
    const a = startDesk({ team: rig.team, sandbox: rig.sandbox, role: 'op1', name: 'loket-a', args })
    await waitFor(requests, (r) => r.length === 1, 90_000, 50)
    const b = startDesk({ team: rig.team, sandbox: rig.sandbox, role: 'op2', name: 'loket-b', args })
    // B has planned and waits for the pair A has at the service (nothing of B's in flight)
    await waitFor(() => jobOf(b), (j) => j?.state === 'running', 60_000, 50)
    expect(jobOf(a)?.inFlight).toBe(1)
    expect(jobOf(b)?.inFlight).toBe(0)

    await rig.team.server.pause()
    // the store is down from here: no lease is renewed after this moment, so each lease_until (the
    // server's clock, this machine's) is at most now + LEASE_TTL_MS (15 s)
    const storeDownAt = Date.now()
    await waitFor(requests, (r) => r.length === 1 && r[0].answeredAt !== undefined, 30_000, 50)
    a.child.kill('SIGSTOP')
    // the pair at the service is answered (and charged) while the store is away: the rest need no latency
    await rig.sandbox.admin('POST', '/_sandbox/faults', { latency_ms: 0 })
    // away for longer than a lease: every lease has expired by the server's clock (1 s to spare)
    await waitFor(() => Date.now(), (t) => t > storeDownAt + 15_000 + 1_000, 60_000, 200)
    await rig.team.server.start()
    const status = await rig.team.rekap('op3', ['team', 'status'], { desk: 'supervisor' })
    expect(status.code, status.stderr).toBe(0)
    await waitFor(() => jobOf(b), (j) => j?.state === 'running', 30_000, 50)
    a.child.kill('SIGCONT')

    const ends = await Promise.all([a.done, b.done])
    for (const e of ends) expect(e.code, e.out).toBe(0)
    const perPair = new Map<string, number>()
    for (const c of await charges()) perPair.set(c.pair!, (perPair.get(c.pair!) ?? 0) + 1)
    expect(perPair.size).toBe(3)
    expect([...perPair.values()], 'charges per pair on the service').toEqual([1, 1, 1])
    const lines = await rig.team.query(
      `SELECT count(*) FILTER (WHERE NOT reused AND NOT uncertain)::int AS certain, count(*) FILTER (WHERE uncertain)::int AS uncertain
         FROM rekap.charges`,
    )
    expect(lines.rows[0], 'the team ledger').toEqual({ certain: 3, uncertain: 0 })
    expect((await rig.team.query('SELECT count(*)::int AS n FROM rekap.reservations')).rows[0].n).toBe(0)
  }, 240_000)
})
