/**
 * A desk's lead of rate slots: the slots the shared row (team-rate.ts) granted this desk ahead
 * of its callers, and the callers waiting for one. Pure bookkeeping, no I/O and no timers: the
 * caller passes the time, team-rate.ts runs the statement.
 *
 * Why a lead: a turn that must first ask the team store waits one round trip on top of its slot
 * (on a loaded machine, 30+ ms at p99). With LEAD_SLOTS in hand, a caller takes one at once and
 * the desk asks for the next in the background while the held ones last.
 *
 * What keeps the account inside the plan: every slot is granted by the one row, one plan interval
 * apart, whoever holds it, so the slots of all desks together never exceed the plan's rate. A held
 * slot may be used late (its desk had no caller at its time); it is dropped once it is older than
 * HELD_FOR_MS, so a late slot never stands for more than a second's worth of the past: in any
 * window, the requests of all desks are at most the plan's rate over it plus the slots held at its
 * start (LEAD_SLOTS per desk), far inside the service's one-second bucket. A desk asks for slots
 * only while its callers take them, so a desk that stops leaves at most LEAD_SLOTS unused, once.
 */

/** Slots a desk keeps granted ahead of its callers. */
export const LEAD_SLOTS = 2
/** A held slot this far in the past is dropped (its second is over). */
export const HELD_FOR_MS = 1000
/** At most this many slots in one statement (the queue of a desk's callers plus the lead). */
export const MAX_BATCH = 32

export interface Slot {
  /** when the caller may go, by this desk's clock */
  at: number
  /** the same slot by the team store's clock (what bench/team.ts compares against) */
  serverAt: number
}

export interface SlotWaiter {
  give(slot: Slot): void
  fail(err: unknown): void
}

export class SlotLead {
  private held: Slot[] = []
  private readonly waiters: SlotWaiter[] = []

  constructor(private readonly lead = LEAD_SLOTS) {}

  /** A held slot for a caller now, or null: the caller waits in line (callers are served in order). */
  takeHeld(now: number): Slot | null {
    this.dropStale(now)
    if (this.waiters.length) return null
    return this.held.shift() ?? null
  }

  /** The caller waits for the next granted slot; the returned function takes it out of the line. */
  wait(w: SlotWaiter): () => boolean {
    this.waiters.push(w)
    return () => {
      const i = this.waiters.indexOf(w)
      if (i >= 0) this.waiters.splice(i, 1)
      return i >= 0
    }
  }

  /** How many slots to ask for now: the callers in line plus the lead, less what is held (0: none). */
  wanted(now: number): number {
    this.dropStale(now)
    const n = this.waiters.length + this.lead - this.held.length
    return n > 0 ? Math.min(MAX_BATCH, n) : 0
  }

  /** Slots the row granted (in order): the callers in line first, the rest held. */
  granted(slots: Slot[], now: number): void {
    for (const s of slots) {
      const w = this.waiters.shift()
      if (w) w.give(s)
      else this.held.push(s)
    }
    this.dropStale(now)
  }

  /** The store could not be asked: every caller in line gets the error (held slots stay valid). */
  failed(err: unknown): void {
    for (const w of this.waiters.splice(0)) w.fail(err)
  }

  /** A caller stopped before its slot: the slot goes back to the lead (it was granted all the same). */
  giveBack(slot: Slot, now: number): void {
    const w = this.waiters.shift()
    if (w) return w.give(slot)
    this.held.push(slot)
    this.held.sort((a, b) => a.at - b.at)
    this.dropStale(now)
  }

  /** The service answered 429: held slots before `until` would be refused too. */
  dropBefore(until: number): void {
    this.held = this.held.filter((s) => s.at >= until)
  }

  get heldCount(): number {
    return this.held.length
  }

  private dropStale(now: number): void {
    while (this.held.length && this.held[0].at < now - HELD_FOR_MS) this.held.shift()
  }
}
