/**
 * The team money gate through the coordination port, on a real PostgreSQL: a reservation counts
 * against the team budget until settled; settled as charged it becomes ONE line on the team ledger
 * even when the settle is sent twice (a retry after a lost answer); an uncertain request (maybe
 * charged) keeps its reservation while the desk lives, so the team cannot overspend by it. A
 * charge is dated at its answer by the store's clock (schema v6): a desk's clock set a month wrong
 * does not move it, and an answer claimed older than its request is dated when the request left.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import pg from 'pg'
import { startPostgresServer, type PostgresServer } from '../../helpers/postgres-server'
import { makeTempDir } from '../../helpers/temp-dir'
import { migrateTeamStore, type TeamSession } from '../../../src-main/core/team'
import { createTeamCoordination, type TeamCoordination } from '../../../src-main/core/coordination/team/team-coordination'
import { setTeamBudget, readTeamMoney } from '../../../src-main/core/coordination/team/team-money-settings'
import { openStore, type Store } from '../../../src-main/core/store'
import { systemClock } from '../../../src-main/core/context'
import { defaultJobSettings } from '../../../src-main/core/model/job-settings'

let server: PostgresServer
let pool: pg.Pool
let store: Store
let tmp: ReturnType<typeof makeTempDir>
let team: TeamCoordination
/** a settle goes to the team store in the background: its statement on a busy PostgreSQL may take more than expect.poll's default 1 s */
const SETTLED = { timeout: 15_000 }

beforeAll(async () => {
  server = await startPostgresServer()
  const database = await server.createDatabase()
  pool = new pg.Pool(server.clientConfig({ database }))
  await migrateTeamStore(pool)
  tmp = makeTempDir()
  store = openStore(join(tmp.dir, 'desk.db'))
  const session: TeamSession = { pool, target: {} as TeamSession['target'], desk: 'desk-1', role: 'postgres', close: async () => {} }
  team = createTeamCoordination({ open: async () => session, store, clock: systemClock })
}, 120_000)

afterAll(async () => {
  await team?.close()
  await pool?.end()
  store?.close()
  tmp?.cleanup()
  await server?.stop()
})

describe('team money through the port', () => {
  it('reserve, settle twice, uncertain', async () => {
    await setTeamBudget(pool, 1200)
    const job = store.jobs.create({ kind: 'face-match', inputName: 'x.csv', settings: defaultJobSettings({ baseUrl: 'http://127.0.0.1:1' }), mapping: {}, headers: [] }, Date.now())
    const gate = team.money({ job, account: 'acct', product: 'face-match' })
    await team.link.reachable() // the lease is written by the first heartbeat
    const a = await gate.reserve(400)
    const b = await gate.reserve(400)
    const c = await gate.reserve(400)
    expect([a.ok, b.ok, c.ok]).toEqual([true, true, true])
    const d = await gate.reserve(400)
    expect(d).toEqual({ ok: false, limit: 'team-budget', limitRp: 1200 })
    if (!a.ok || !b.ok || !c.ok) throw new Error('unreachable')

    // charged: one ledger line, even if the settle is sent again
    a.hold.settle({ charged: true, rowNo: 1, pairKey: 'p1' })
    const [id] = (await pool.query('SELECT id FROM rekap.reservations ORDER BY id LIMIT 1')).rows
    await pool.query('SELECT rekap.settle_money($1, true, $2)', [id?.id ?? -1, 'p1'])
    await expect.poll(async () => (await pool.query('SELECT count(*)::int AS n FROM rekap.charges')).rows[0].n, SETTLED).toBe(1)

    // uncertain: still held; released: freed
    b.hold.settle({ charged: false, uncertain: true, rowNo: 2, pairKey: 'p2' })
    c.hold.settle({ charged: false, rowNo: 3, pairKey: 'p3' })
    await expect.poll(async () => (await readTeamMoney(pool)).reservedRp, SETTLED).toBe(400)
    const money = await readTeamMoney(pool)
    expect(money).toMatchObject({ spentThisMonthRp: 400, reservedRp: 400, budgetLeftRp: 400 })
    expect((await pool.query('SELECT count(*)::int AS n FROM rekap.charges')).rows[0].n).toBe(1)
  }, 60_000)

  it("dates a charge at its answer on the store's clock: a desk's wrong clock cannot put it in another month", async () => {
    await setTeamBudget(pool, 100_000)
    const MONTH_MS = 40 * 24 * 3600_000
    // this desk's clock is set 40 days back: only the answer's age reaches the store
    const wrong = { ...systemClock, now: () => Date.now() - MONTH_MS }
    const session: TeamSession = { pool, target: {} as TeamSession['target'], desk: 'desk-2', role: 'postgres', close: async () => {} }
    const other = createTeamCoordination({ open: async () => session, store, clock: wrong })
    try {
      const job = store.jobs.create({ kind: 'face-match', inputName: 'y.csv', settings: defaultJobSettings({ baseUrl: 'http://127.0.0.1:1' }), mapping: {}, headers: [] }, Date.now())
      const gate = other.money({ job, account: 'acct', product: 'face-match' })
      await other.link.reachable()
      const held = [await gate.reserve(400), await gate.reserve(400)]
      if (!held[0].ok || !held[1].ok) throw new Error('not reserved')
      for (const h of held) if (h.ok) await h.hold.sending()
      const sent = (await pool.query(`SELECT sent_at FROM rekap.reservations WHERE desk = 'desk-2' ORDER BY id`)).rows.map((r) => r.sent_at as Date)
      const answered = wrong.now() - 2000
      held[0].hold.settle({ charged: true, rowNo: 1, pairKey: 'clock-set-wrong', answeredAt: answered })
      // an answer "a month before" its request left (a forged or broken age): dated when it left
      held[1].hold.settle({ charged: true, rowNo: 2, pairKey: 'older-than-its-request', answeredAt: answered - MONTH_MS })
      const chargedAt = async (pair: string): Promise<Date | undefined> =>
        (await pool.query('SELECT charged_at FROM rekap.charges WHERE pair_hash = $1', [pair])).rows[0]?.charged_at
      await expect.poll(() => chargedAt('clock-set-wrong'), SETTLED).toBeDefined()
      await expect.poll(() => chargedAt('older-than-its-request'), SETTLED).toBeDefined()
      const storeNow = (await pool.query('SELECT clock_timestamp() AS t')).rows[0].t as Date
      // 2 s before the settle by the store's clock (not 40 days): clamped to its sent_at at the earliest
      const lagMs = storeNow.getTime() - (await chargedAt('clock-set-wrong'))!.getTime()
      expect(lagMs).toBeLessThan(10_000)
      expect((await chargedAt('clock-set-wrong'))!.getTime()).toBeGreaterThanOrEqual(sent[0].getTime())
      expect((await chargedAt('older-than-its-request'))!.getTime()).toBe(sent[1].getTime())
    } finally {
      await other.close()
    }
  }, 60_000)
})
