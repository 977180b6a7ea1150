/**
 * One rate per account and product across desks: a GCRA row in the team store. The row's
 * theoretical arrival time (tat) moves one plan interval on per slot granted; a grant is ONE
 * statement for n slots (the first where tat stood, never earlier than now less a single slot of
 * catch-up when the row sat idle, the next ones an interval apart). Desks never talk to each other.
 *
 * A desk keeps a small lead of slots granted ahead (slot-lead.ts) and asks for the next ones in
 * the background as its callers take them, so a request normally waits for its slot only, not
 * for a round trip to the store. A 429 pushes tat past Retry-After, so every desk backs off
 * together, and drops this desk's held slots before it.
 */
import type { Clock } from '../../context'
import type { RateTurns } from '../port'
import { followSignal } from '../../provider/signal-fanout'
import { SlotLead, type Slot } from './slot-lead'
import { ServerClock } from './server-clock'
import type { TeamLink } from './team-link'

/** What one turn cost, for bench/team.ts (times in ms since the epoch, the server's slot by its clock). */
export interface TurnSeen {
  askedAt: number
  doneAt: number
  slotServerAt: number
  /** when this desk meant to let it go: its slot by this desk's clock, or when the slot became known if later */
  readyAt: number
  /** statements to the team store this turn waited for (0: a slot was in hand) */
  roundTrips: number
}

export interface TeamRateTurns extends RateTurns {
  /** the plan's rate changed (a job of another plan): the next grants use it */
  setRps(rps: number): void
}

/** n slots in one statement: the first one's time and the time it answered, both by the server's clock (epoch ms). */
const GRANT_SQL = `WITH up AS (
     INSERT INTO rekap.rate_limits AS l (account, product, tat, rps)
     VALUES ($1, $2, clock_timestamp() + $5::int * $3::float8 * interval '1 millisecond', $4)
     ON CONFLICT (account, product) DO UPDATE
       SET tat = greatest(l.tat, clock_timestamp() - $3::float8 * interval '1 millisecond') + $5::int * $3::float8 * interval '1 millisecond', rps = $4
     RETURNING tat)
   SELECT extract(epoch FROM tat) * 1000 - $5::int * $3::float8 AS first_at, extract(epoch FROM clock_timestamp()) * 1000 AS server_now FROM up`

/** A 429: every desk's next slot after Retry-After ($3 ms from now). */
const BACK_OFF_SQL = `UPDATE rekap.rate_limits SET tat = greatest(tat, clock_timestamp() + $3 * interval '1 millisecond'), last_429 = clock_timestamp()
   WHERE account = $1 AND product = $2`

/** One grant statement for n slots, each placed on this desk's clock as well as the server's. */
async function grantSlots(
  link: TeamLink,
  clock: Clock,
  serverClock: ServerClock,
  g: { account: string; product: string; rps: number; n: number },
): Promise<Slot[]> {
  const intervalMs = 1000 / g.rps
  const sentAt = clock.now()
  const r = await link.q(GRANT_SQL, [g.account, g.product, intervalMs, g.rps, g.n])
  serverClock.sample(sentAt, clock.now(), Number(r.rows[0].server_now))
  const firstAt = Number(r.rows[0].first_at)
  return Array.from({ length: g.n }, (_, i) => {
    const serverAt = firstAt + i * intervalMs
    return { at: serverClock.local(serverAt), serverAt }
  })
}

/** Waits in the lead's line for a slot; a caller that aborts leaves the line (its slot goes to the next). */
function waitInLine(lead: SlotLead, signal?: AbortSignal): Promise<Slot> {
  return new Promise<Slot>((resolve, reject) => {
    const follower = new AbortController()
    let unfollow = (): void => {}
    const leave = lead.wait({
      give: (s) => (unfollow(), resolve(s)),
      fail: (e) => (unfollow(), reject(e)),
    })
    if (!signal) return
    unfollow = followSignal(signal, follower)
    follower.signal.addEventListener('abort', () => {
      if (leave()) reject(signal.reason)
    })
  })
}

export function teamRateTurns(
  link: TeamLink,
  clock: Clock,
  account: string,
  product: string,
  rps: number,
  observe?: (seen: TurnSeen) => void,
): TeamRateTurns {
  let plan = rps
  const lead = new SlotLead()
  const serverClock = new ServerClock()
  let asking = false
  // statements answered so far: a turn that saw this move while it waited waited on one
  let answered = 0

  /**
   * Asks the row for what the lead wants, again while callers are in line; one statement at a
   * time. False when the store failed: the callers in line got the error, and nothing is asked
   * again until the next caller comes (a store that is away is not asked in a loop).
   */
  async function refill(): Promise<boolean> {
    for (let n = lead.wanted(clock.now()); n > 0; n = lead.wanted(clock.now())) {
      let slots: Slot[]
      try {
        slots = await grantSlots(link, clock, serverClock, { account, product, rps: plan, n })
      } catch (err) {
        answered++
        lead.failed(err)
        return false
      }
      answered++
      lead.granted(slots, clock.now())
    }
    return true
  }

  function kick(): void {
    if (asking) return
    asking = true
    void refill().then((ok) => {
      asking = false
      // a caller that came in line while the last answer was being handed out
      if (ok && lead.wanted(clock.now()) > 0) kick()
    })
  }

  return {
    async take(signal) {
      signal?.throwIfAborted()
      const askedAt = clock.now()
      const before = answered
      let slot = lead.takeHeld(askedAt)
      const waiting = slot ? null : waitInLine(lead, signal)
      kick()
      slot ??= await waiting!
      const roundTrips = answered - before
      const knownAt = clock.now()
      const wait = slot.at - knownAt
      if (wait > 0) {
        try {
          await clock.sleep(wait, signal)
        } catch (err) {
          lead.giveBack(slot, clock.now())
          throw err
        }
      }
      observe?.({ askedAt, doneAt: clock.now(), slotServerAt: slot.serverAt, readyAt: Math.max(knownAt, slot.at), roundTrips })
    },
    rateLimited(retryAfterMs) {
      const ms = retryAfterMs ?? 1000
      lead.dropBefore(clock.now() + ms)
      link.eventually(BACK_OFF_SQL, [account, product, ms])
    },
    succeeded() {},
    setRps(next) {
      plan = next
    },
  }
}
