/**
 * The team limiter's lead of slots (core/coordination/team/slot-lead.ts), pure bookkeeping: callers
 * are served in order, the lead is refilled only while callers take slots, a held slot older than
 * HELD_FOR_MS is dropped (never used for a second that is over), an aborted caller's slot goes back.
 */
import { describe, expect, it } from 'vitest'
import { HELD_FOR_MS, LEAD_SLOTS, MAX_BATCH, SlotLead, type Slot } from '../../src-main/core/coordination/team/slot-lead'

const slot = (at: number): Slot => ({ at, serverAt: at })

function waiter(lead: SlotLead): { got: Slot[]; errors: unknown[]; leave: () => boolean } {
  const got: Slot[] = []
  const errors: unknown[] = []
  const leave = lead.wait({ give: (s) => got.push(s), fail: (e) => errors.push(e) })
  return { got, errors, leave }
}

describe('SlotLead', () => {
  it('asks for the callers in line plus the lead, and hands the first slots to the callers in order', () => {
    const lead = new SlotLead()
    expect(lead.takeHeld(0)).toBeNull()
    const a = waiter(lead)
    const b = waiter(lead)
    expect(lead.wanted(0)).toBe(2 + LEAD_SLOTS)
    lead.granted([slot(10), slot(20), slot(30), slot(40)], 0)
    expect([a.got, b.got]).toEqual([[slot(10)], [slot(20)]])
    expect(lead.heldCount).toBe(LEAD_SLOTS)
    expect(lead.wanted(0)).toBe(0)
    expect(lead.takeHeld(0)).toEqual(slot(30))
    expect(lead.wanted(0)).toBe(1)
  })

  it('a caller waits in line behind the others even when a slot comes back', () => {
    const lead = new SlotLead()
    const a = waiter(lead)
    lead.giveBack(slot(5), 0)
    expect(a.got).toEqual([slot(5)])
    expect(lead.heldCount).toBe(0)
  })

  it('drops held slots older than HELD_FOR_MS, and those a 429 makes useless', () => {
    const lead = new SlotLead()
    lead.granted([slot(0), slot(10), slot(20)], 0)
    expect(lead.takeHeld(HELD_FOR_MS + 15)).toEqual(slot(20))
    lead.granted([slot(100), slot(200)], 150)
    lead.dropBefore(150)
    expect(lead.heldCount).toBe(1)
    expect(lead.takeHeld(150)).toEqual(slot(200))
  })

  it('a store error fails the callers in line and keeps the held slots; a caller that leaves is out of the line', () => {
    const lead = new SlotLead()
    const a = waiter(lead)
    const b = waiter(lead)
    expect(b.leave()).toBe(true)
    expect(b.leave()).toBe(false)
    lead.failed(new Error('away'))
    expect(a.errors).toHaveLength(1)
    expect(lead.wanted(0)).toBe(LEAD_SLOTS)
  })

  it('never asks for more than MAX_BATCH slots in one statement', () => {
    const lead = new SlotLead()
    for (let i = 0; i < MAX_BATCH + 10; i++) waiter(lead)
    expect(lead.wanted(0)).toBe(MAX_BATCH)
  })
})
