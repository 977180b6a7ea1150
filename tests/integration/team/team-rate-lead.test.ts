/**
 * Issue 27, the shared limiter's cost per request: a desk keeps a small lead of rate slots
 * granted ahead by the team store, so a request normally waits on no round trip to it (on a
 * loaded machine one round trip is 30+ ms at p99). Counted, not timed (the timing target is
 * bench/team.ts's): the store's answers to the limiter are withheld and the desk must still hand
 * out the slots it holds, and only those. Then the guarantees the lead must keep: the desks'
 * requests together stay inside the plan's rate, and a desk that stops leaves the others all
 * but its few held slots.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import pg from 'pg'
import { startPostgresServer, type PostgresServer } from '../../helpers/postgres-server'
import { makeTempDir } from '../../helpers/temp-dir'
import { migrateTeamStore, type TeamSession } from '../../../src-main/core/team'
import { createTeamCoordination, type TeamCoordination } from '../../../src-main/core/coordination/team/team-coordination'
import type { TurnSeen } from '../../../src-main/core/coordination/team/team-rate'
import { LEAD_SLOTS } from '../../../src-main/core/coordination/team/slot-lead'
import { openStore, type Store } from '../../../src-main/core/store'
import { systemClock } from '../../../src-main/core/context'

let server: PostgresServer
let pool: pg.Pool
let store: Store
let tmp: ReturnType<typeof makeTempDir>
const desks: TeamCoordination[] = []

/** A pool whose limiter statements can be held back: their answers wait until `release()`. */
function gatedPool(inner: pg.Pool): { pool: pg.Pool; hold(): void; release(): void; heldBack(): number; asking(): number } {
  let held: Array<() => void> | null = null
  let asking = 0
  const gated = Object.create(inner) as pg.Pool
  ;(gated as unknown as { query: unknown }).query = async (sql: string, params?: unknown[]) => {
    const limiter = sql.includes('rekap.rate_limits')
    if (limiter) asking++
    try {
      const answer = await inner.query(sql, params)
      if (held && limiter) await new Promise<void>((go) => held!.push(go))
      return answer
    } finally {
      if (limiter) asking--
    }
  }
  return {
    pool: gated,
    /** limiter statements sent and not answered yet */
    asking: () => asking,
    hold: () => void (held = []),
    release: () => {
      const waiting = held ?? []
      held = null
      for (const go of waiting) go()
    },
    heldBack: () => held?.length ?? 0,
  }
}

/** A pool that counts the limiter's statements: sent, and answered by the store. */
function countingPool(inner: pg.Pool): { pool: pg.Pool; sent(): number; answered(): number } {
  let sent = 0
  let answered = 0
  const counting = Object.create(inner) as pg.Pool
  ;(counting as unknown as { query: unknown }).query = async (sql: string, params?: unknown[]) => {
    const limiter = sql.includes('rekap.rate_limits')
    if (limiter) sent++
    try {
      return await inner.query(sql, params)
    } finally {
      if (limiter) answered++
    }
  }
  return { pool: counting, sent: () => sent, answered: () => answered }
}

function desk(name: string, p: pg.Pool, seen?: TurnSeen[]): TeamCoordination {
  const session: TeamSession = { pool: p, target: {} as TeamSession['target'], desk: name, role: 'postgres', close: async () => {} }
  const c = createTeamCoordination({ open: async () => session, store, clock: systemClock, observeTurns: seen ? (t) => seen.push(t) : undefined })
  desks.push(c)
  return c
}

beforeAll(async () => {
  server = await startPostgresServer()
  const database = await server.createDatabase()
  pool = new pg.Pool(server.clientConfig({ database }))
  await migrateTeamStore(pool)
  tmp = makeTempDir()
  store = openStore(join(tmp.dir, 'desk.db'))
}, 120_000)

afterAll(async () => {
  for (const d of desks) await d.close().catch(() => {})
  await pool?.end()
  store?.close()
  tmp?.cleanup()
  await server?.stop()
})

describe('the shared limiter: a lead of slots granted ahead', () => {
  it('while the store has not answered, a desk still hands out the slots it holds, and only those', async () => {
    const gate = gatedPool(pool)
    const team = desk('lead-1', gate.pool)
    const turns = team.rate('acct-lead', 'hospitals', 50)
    for (let i = 0; i < 5; i++) await turns.take() // the desk is taking turns: it keeps its lead
    // its lead is full once the refill the last turn asked for is answered (held back, it would
    // leave the desk one slot short: what is counted below is the slots it holds)
    await expect.poll(() => gate.asking(), { timeout: 10_000 }).toBe(0)

    gate.hold()
    let done = 0
    const takes = Array.from({ length: LEAD_SLOTS + 1 }, () => turns.take().then(() => done++))
    // if an expectation below fails, the turn left waiting must not end as a stray rejection later
    for (const t of takes) t.catch(() => {})
    // the held slots are at most a few 20 ms intervals away; no answer from the store is needed for them
    await expect.poll(() => done, { timeout: 1000, message: "turns taken while the store's answer to the limiter was withheld" }).toBe(LEAD_SLOTS)
    // the next one needs the store: it waits for the statement's answer
    expect(gate.heldBack()).toBeGreaterThan(0)
    expect(done).toBe(LEAD_SLOTS)
    gate.release()
    await Promise.all(takes)
    expect(done).toBe(LEAD_SLOTS + 1)
  }, 60_000)

  it('a request waits on a round trip only when the lead ran out: almost never for a desk taking turns steadily', async () => {
    // The lead runs out only while the desk's ask for more is still unanswered: it asked ahead, and
    // the store took longer than the held slots lasted (2 slots at 50 rps: 40 ms, less on a busy
    // machine whose caller runs late). A desk that did not ask ahead has nothing on its way when a
    // turn finds its hand empty. So each turn is asked for with what is on its way noted first, and
    // the turns that waited with nothing on its way are counted: those are the lead's failures,
    // whatever the machine's load (4 of 39 turns waited once at load 15, every one of them behind
    // an ask already sent).
    const counted = countingPool(pool)
    const seen: TurnSeen[] = []
    const turns = desk('lead-2', counted.pool, seen).rate('acct-steady', 'hospitals', 50)
    const askedAhead: boolean[] = []
    for (let i = 0; i < 40; i++) {
      const [sent, answered] = [counted.sent(), counted.answered()]
      await turns.take()
      // an ask on its way when the turn came, or one the store had answered before it (the turn
      // waited for its slots to be handed out): either way sent ahead, not because of this turn
      askedAhead.push(sent > answered || counted.answered() === answered)
    }
    expect(counted.sent(), "the limiter's statements go through the counting pool").toBeGreaterThan(10)
    const waited = seen.map((t, i) => ({ i, waited: t.roundTrips > 0, askedAhead: askedAhead[i] })).slice(1).filter((t) => t.waited)
    const unexplained = waited.filter((t) => !t.askedAhead)
    console.log(`a desk taking turns steadily: ${waited.length} of ${seen.length - 1} turns waited for the store, ${unexplained.length} with no ask on its way`)
    expect(unexplained.length, `${waited.length} of ${seen.length - 1} turns waited for the store, ${unexplained.length} with no ask on its way`).toBeLessThanOrEqual(2)
  }, 60_000)

  it("4 desks' leads together stay inside the plan: no second holds more than its rate plus the held slots", async () => {
    const rps = 40
    const stamps: number[] = []
    const four = Array.from({ length: 4 }, (_, i) => desk(`rate-${i}`, pool).rate('acct-four', 'hospitals', rps))
    const until = Date.now() + 3000
    await Promise.all(
      four.flatMap((turns) =>
        Array.from({ length: 4 }, async () => {
          while (Date.now() < until) {
            await turns.take()
            stamps.push(Date.now())
          }
        }),
      ),
    )
    stamps.sort((a, b) => a - b)
    let most = 0
    for (let i = 0, j = 0; i < stamps.length; i++) {
      while (stamps[i] - stamps[j] >= 1000) j++
      most = Math.max(most, i - j + 1)
    }
    // the row grants one slot per interval (plus one of catch-up); held slots may be used late
    expect(most).toBeLessThanOrEqual(rps + 1 + 4 * LEAD_SLOTS)
  }, 60_000)

  it('a desk that stops leaves the others all but the slots it held', async () => {
    const rps = 50
    const interval = 1000 / rps
    const seenA: TurnSeen[] = []
    const seenB: TurnSeen[] = []
    const a = desk('stop-a', pool, seenA).rate('acct-stop', 'hospitals', rps)
    const b = desk('stop-b', pool, seenB).rate('acct-stop', 'hospitals', rps)
    for (let i = 0; i < 10; i++) await a.take()
    await b.take()
    const lastA = seenA[seenA.length - 1].slotServerAt
    // B's slot comes after A's last one and the ones A still holds, not later
    expect(seenB[0].slotServerAt - lastA).toBeLessThanOrEqual((LEAD_SLOTS + 1) * interval + 1)
  }, 60_000)

  it('a caller that stops while waiting leaves the line at once and the others go on', async () => {
    const gate = gatedPool(pool)
    const turns = desk('abort', gate.pool).rate('acct-abort', 'hospitals', 50)
    await turns.take()
    gate.hold()
    const ctl = new AbortController()
    // the lead's slots go first; the next caller waits in line for the withheld answer
    for (let i = 0; i < LEAD_SLOTS; i++) await turns.take()
    const stopped = turns.take(ctl.signal)
    ctl.abort(new Error('paused'))
    await expect(stopped).rejects.toThrow('paused')
    gate.release()
    await turns.take()
  }, 60_000)
})
