/**
 * Issue 22, one money guard and pay once across desks: real rekap processes (desks) on one real
 * sandbox (its ledger is the service's) and one real PostgreSQL. Each case has its own API key
 * (its own account in the team store) and reads the sandbox ledger's growth, and each shows what
 * the same desks do alone (no --team, as before team mode).
 */
import { join } from 'node:path'
import pg from 'pg'
import { readTeamMonth } from '../../../src-main/core/team'
import { beforeAll, describe, expect, it } from 'vitest'
import { startSandboxProcess, type SandboxProcess } from '../../helpers/sandbox-process'
import { facePairs, pairsFile, startDesk, waitFor } from './desks-fixture'
import { useTeamWithSandbox } from './team-rig'

const KEYS = ['key-budget', 'key-budget-alone', 'key-same', 'key-same-alone', 'key-kill', 'key-balance', 'key-two-pcs']
const rig = useTeamWithSandbox({
  operators: ['op1', 'op2', 'op3', 'op4'],
  sandbox: { keyArgs: [], env: { REKAP_SANDBOX_KEYS: KEYS.join(',') }, args: ['--forgive-abandoned'] },
})

type Charge = { pair: string | null; points: number }
const ledger = async (): Promise<Charge[]> => (await rig.sandbox.admin('GET', '/_sandbox/ledger')).charges

/** Charges the sandbox added while `work` ran. */
async function newCharges(work: () => Promise<unknown>): Promise<Charge[]> {
  const before = (await ledger()).length
  await work()
  return (await ledger()).slice(before)
}

function desks(n: number, o: { key: string; alone: boolean; files: string[]; extra?: string[]; on?: SandboxProcess }) {
  return Array.from({ length: n }, (_, i) =>
    startDesk({
      team: rig.team, sandbox: { ...(o.on ?? rig.sandbox), key: o.key }, role: `op${i + 1}`, name: `${o.key}-${i + 1}`, alone: o.alone,
      args: ['run', o.files[i], '--kind', 'face-match', '--concurrency', '2', '--allow-outside-paths', ...(o.extra ?? [])],
    }),
  )
}

describe('a team budget for 4 desks', () => {
  it('Rp20.000 and 20 distinct pairs on each of 4 desks: at most 50 paid on the ledger; every desk stops naming the team budget', async () => {
    const set = await rig.team.rekap('teamowner', ['team', 'budget', '20000'])
    expect(set.code).toBe(0)
    expect(set.stdout).toMatch(/team budget for \d{4}-\d{2}: Rp20[.,]000/)
    const files = [0, 1, 2, 3].map((d) => pairsFile(rig.team.dir, `budget-${d}.csv`, facePairs(d * 20, 20)))
    let ends: Array<{ code: number | null; out: string }> = []
    const charges = await newCharges(async () => {
      ends = await Promise.all(desks(4, { key: 'key-budget', alone: false, files }).map((d) => d.done))
    })
    expect(charges.length).toBeLessThanOrEqual(50)
    expect(charges.length).toBeGreaterThanOrEqual(45)
    for (const e of ends) {
      expect(e.code, e.out).toBe(3)
      expect(e.out).toMatch(/team's budget for this month, Rp20[.,]000, is reached/)
    }
    const ledgerRows = await rig.team.query(`SELECT count(*)::int AS n, coalesce(sum(amount_rp), 0)::int AS rp FROM rekap.charges WHERE NOT reused`)
    expect(ledgerRows.rows[0]).toEqual({ n: charges.length, rp: charges.length * 400 })
  }, 300_000)

  it('alone (each desk holding the same budget, as before team mode) the desks together overspend it', async () => {
    // scaled down: a Rp4.000 budget (10 pairs) and 5 pairs per desk
    const files = [0, 1, 2, 3].map((d) => pairsFile(rig.team.dir, `budget-alone-${d}.csv`, facePairs(d * 5, 5)))
    const charges = await newCharges(() => Promise.all(desks(4, { key: 'key-budget-alone', alone: true, files, extra: ['--budget', '4000'] }).map((d) => d.done)))
    expect(charges.length).toBeGreaterThan(10)
  }, 300_000)
})

describe('pay once across desks', () => {
  // the month's budget was used up above: raise it for the rest
  beforeAll(async () => expect((await rig.team.rekap('teamowner', ['team', 'budget', '1000000'])).code).toBe(0), 60_000)
  const same = () => pairsFile(rig.team.dir, `same.csv`, facePairs(40, 15))

  it('the same 15 pairs started by two desks at the same moment: each pair charged once', async () => {
    const file = same()
    const since = (await rig.team.query('SELECT clock_timestamp() AS t')).rows[0].t
    let ends: Array<{ code: number | null; out: string }> = []
    const charges = await newCharges(async () => {
      ends = await Promise.all(desks(2, { key: 'key-same', alone: false, files: [file, file] }).map((d) => d.done))
    })
    for (const e of ends) expect(e.code, e.out).toBe(0)
    const perPair = new Map<string, number>()
    for (const c of charges) perPair.set(c.pair!, (perPair.get(c.pair!) ?? 0) + 1)
    expect(perPair.size).toBe(15)
    expect([...perPair.values()].every((n) => n === 1)).toBe(true)
    // the team ledger: 15 charges and 15 free reuses (one per row the other desk answered for free)
    const lines = await rig.team.query(`SELECT reused, count(*)::int AS n FROM rekap.charges WHERE pair_hash = ANY($1) AND charged_at >= $2 GROUP BY reused ORDER BY reused`, [[...perPair.keys()], since])
    expect(lines.rows).toEqual([{ reused: false, n: 15 }, { reused: true, n: 15 }])
  }, 300_000)

  it('two desks on two computers (each its own data folder, so its own local account secret): each pair charged once', async () => {
    const file = pairsFile(rig.team.dir, 'two-pcs.csv', facePairs(55, 10))
    const charges = await newCharges(() =>
      Promise.all(['pc-a', 'pc-b'].map((pc, i) =>
        startDesk({
          team: rig.team, sandbox: { ...rig.sandbox, key: 'key-two-pcs' }, role: `op${i + 1}`, name: `two-pcs-${pc}`,
          args: ['run', file, '--kind', 'face-match', '--concurrency', '2', '--allow-outside-paths'],
          env: { REKAP_DATA_DIR: join(rig.team.dir, pc) },
        }).done,
      )),
    )
    // before: the account's name came from each computer's own secret, so the desks were two accounts to the team
    expect(charges.length).toBe(10)
  }, 300_000)

  it('alone (as before team mode) the two desks pay for every pair twice', async () => {
    const file = same()
    const charges = await newCharges(() => Promise.all(desks(2, { key: 'key-same-alone', alone: true, files: [file, file] }).map((d) => d.done)))
    expect(charges.length).toBeGreaterThan(15)
  }, 300_000)
})

describe('a desk that dies', () => {
  it('killed with SIGKILL mid-run: its reservations count until its lease expires, then are released', async () => {
    const slow = await startSandboxProcess({ key: 'key-kill', args: ['--latency', '4000'] })
    try {
      const file = pairsFile(rig.team.dir, 'kill.csv', facePairs(60, 10))
      const [desk] = desks(1, { key: 'key-kill', alone: false, files: [file], on: slow })
      const held = () =>
        rig.team.query(
          `SELECT coalesce(sum(r.amount_rp), 0)::int AS live, count(*)::int AS n, max(l.lease_until) AS until
           FROM rekap.reservations r JOIN rekap.leases l ON l.session = r.session WHERE l.lease_until > clock_timestamp()`,
        ).then((r) => r.rows[0] as { live: number; n: number; until: Date | null })
      await waitFor(held, (h) => h.live > 0, 120_000, 100)
      // killed while a request is at the service (4 s latency): answered and charged there, never settled here
      await waitFor(async () => (await slow.admin('GET', '/_sandbox/requests')).requests.length, (n) => n > 0, 60_000, 50)
      desk.child.kill('SIGKILL')
      await desk.done
      const atKill = await held()
      expect(atKill.live).toBeGreaterThan(0)
      // the process is gone but its lease is not: held until the lease expires, then released
      const free = await waitFor(held, (h) => h.live === 0, 30_000, 200)
      expect(free.live).toBe(0)
      expect(Date.now()).toBeGreaterThanOrEqual(new Date(atKill.until!).getTime())
      // …but not lost: what the service answered (and charged) for requests the desk never settled
      // is on the team ledger as uncertain charges. Reconciled against the sandbox's own ledger
      // (this sandbox served this desk only; it charges a request even when its caller is gone).
      // Once the sandbox has answered every request it received: an upload the kill cut short reached
      // it without its photos and was not charged, though the desk had marked it sent (so uncertain).
      const served = await waitFor(
        async () => ({
          answered: ((await slow.admin('GET', '/_sandbox/requests')).requests as Array<{ answeredAt?: number }>).every((r) => r.answeredAt !== undefined),
          charges: (await slow.admin('GET', '/_sandbox/ledger')).charges.length as number,
        }),
        (s) => s.answered,
        30_000,
        200,
      )
      expect((await rig.team.rekap('op2', ['team', 'status'])).code).toBe(0) // any desk's status (or reservation) sweeps the dead lease
      const line = await rig.team.query(
        `SELECT count(*)::int AS n, coalesce(sum(amount_rp), 0)::int AS rp, count(*) FILTER (WHERE uncertain)::int AS uncertain,
                array_agg(DISTINCT operator::text) AS ops
           FROM rekap.charges WHERE desk = $1 AND NOT reused`,
        [desk.name],
      )
      // every request the service charged has its line; the lines it did not charge are all uncertain
      expect(line.rows[0].n, `sandbox charged ${served.charges}`).toBeGreaterThanOrEqual(served.charges)
      expect(line.rows[0].n - line.rows[0].uncertain, 'settled lines the sandbox did not charge').toBeLessThanOrEqual(served.charges)
      expect(line.rows[0].rp).toBe(line.rows[0].n * 400)
      expect(line.rows[0].uncertain).toBeGreaterThan(0)
      // the line names the dead desk's operator, not the role whose status swept it
      expect(line.rows[0].ops).toEqual(['op1'])
      expect((await rig.team.query(`SELECT count(*)::int AS n FROM rekap.reservations`)).rows[0].n).toBe(0)
      // the month's team report (what the auditor reads) marks those lines uncertain
      const pool = new pg.Pool(rig.team.server.clientConfig({ user: 'teamowner', password: rig.team.password('teamowner'), database: rig.team.database }))
      try {
        const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta', year: 'numeric', month: '2-digit' }).format(new Date()).slice(0, 7)
        const lines = (await readTeamMonth(pool, month)).charges.filter((c) => c.desk === desk.name)
        expect(lines.filter((c) => c.uncertain)).toHaveLength(line.rows[0].uncertain)
        expect(lines.filter((c) => c.uncertain).every((c) => c.operator === 'op1' && c.amountRp === 400)).toBe(true)
      } finally {
        await pool.end()
      }
    } finally {
      await slow.stop()
    }
  }, 180_000)
})

describe('the team balance (last: it stops every paid request after it)', () => {
  it('rekap team balance Rp800 after a top-up: a desk pays for two pairs, then stops naming the team balance', async () => {
    const set = await rig.team.rekap('teamowner', ['team', 'balance', '800'])
    expect(set.code).toBe(0)
    expect(set.stdout).toMatch(/team balance stated: Rp800/)
    const file = pairsFile(rig.team.dir, 'balance.csv', facePairs(70, 5))
    let end: { code: number | null; out: string } = { code: null, out: '' }
    const charges = await newCharges(async () => {
      end = await desks(1, { key: 'key-balance', alone: false, files: [file] })[0].done
    })
    expect(charges).toHaveLength(2)
    expect(end.code, end.out).toBe(3)
    expect(end.out).toMatch(/team's stated balance of Rp800 is used up/)
  }, 180_000)
})
