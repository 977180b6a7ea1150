/**
 * The claims of a watched folder shared by several computers: a watcher's own claims are kept
 * alive (their modification time moves) while it holds them, and another computer's claim is
 * judged by whether its heartbeat moved, on this computer's clock (judgeForeignClaim, pure).
 */
import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { claim } from '../../src-main/core/unattended/watch-folder'
import { startClaimHeartbeat } from '../../src-main/core/unattended/claim-heartbeat'
import { claimHolder, claimText, judgeForeignClaim } from '../../src-main/core/unattended/claim-owner'
import { newOwnerIdentity } from '../../src-main/core/engine/owner-identity'
import { judgeLease, leaseFor, type OwnerIdentity } from '../../src-main/core/model/lease-rules'
import { sameMachine } from '../../src-main/core/model/machine-id'
import { judgeOwnClaim, OwnClaim, type Instant } from '../../src-main/core/unattended/own-claim'

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

async function until(what: string, cond: () => boolean): Promise<void> {
  const start = Date.now()
  while (!cond()) {
    if (Date.now() - start > 10_000) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 5))
  }
}

describe('a watcher keeps its claims alive', () => {
  it('moves its own claim\'s modification time while it holds it, and leaves another computer\'s alone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rekap-claims-'))
    dirs.push(dir)
    writeFileSync(join(dir, 'a.csv'), 'x\n')
    expect(claim(dir, 'a.csv')).toBe(join(dir, 'a.csv'))
    const mine = join(dir, 'proses', 'a.csv.ambil')
    const theirs = join(dir, 'proses', 'b.csv.ambil')
    writeFileSync(theirs, `4242@desk-b-elsewhere 2026-01-01T00:00:00.000Z 1700000000000\n`)
    const hourAgo = new Date(Date.now() - 3600_000)
    utimesSync(mine, hourAgo, hourAgo)
    utimesSync(theirs, hourAgo, hourAgo)
    const beat = startClaimHeartbeat(dir, 20)
    try {
      await until('the own claim to move', () => statSync(mine).mtimeMs > hourAgo.getTime() + 1000)
      // untouched (mtimeMs carries nanoseconds: within a millisecond of what was set)
      expect(Math.abs(statSync(theirs).mtimeMs - hourAgo.getTime())).toBeLessThan(1)
    } finally {
      beat.stop()
    }
  })
})

describe('judgeForeignClaim', () => {
  const W = 180_000
  it('respects a claim first seen now, whatever its own timestamps say', () => {
    const j = judgeForeignClaim(undefined, 'm1', 1_000, W)
    expect(j).toEqual({ verdict: 'alive', seen: { stamp: 'm1', since: 1_000 }, first: true })
  })
  it('keeps respecting it while the window has not passed since its stamp was first seen', () => {
    const j = judgeForeignClaim({ stamp: 'm1', since: 1_000 }, 'm1', 1_000 + W - 1, W)
    expect(j).toMatchObject({ verdict: 'alive', first: false })
  })
  it('a heartbeat (a new stamp) starts the window again, on this computer\'s clock', () => {
    const j = judgeForeignClaim({ stamp: 'm1', since: 1_000 }, 'm2', 1_000 + W * 5, W)
    expect(j).toEqual({ verdict: 'alive', seen: { stamp: 'm2', since: 1_000 + W * 5 }, first: false })
  })
  it('is stale once its stamp has not moved for the window', () => {
    expect(judgeForeignClaim({ stamp: 'm1', since: 1_000 }, 'm1', 1_000 + W, W).verdict).toBe('stale')
  })
  it('this computer\'s clock set back since the stamp was first seen (kept across runs): the window starts again, never stale early', () => {
    const j = judgeForeignClaim({ stamp: 'm1', since: 10_000_000 }, 'm1', 1_000, W)
    expect(j).toEqual({ verdict: 'alive', seen: { stamp: 'm1', since: 1_000 }, first: false })
    expect(judgeForeignClaim(j.seen, 'm1', 1_000 + W, W).verdict).toBe('stale')
  })
})

describe('claimHolder', () => {
  it('judges a claim of this computer by pid (and start time when the claim has it), another computer\'s by its stamp only', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rekap-holder-'))
    dirs.push(dir)
    const f = join(dir, 'c.ambil')
    // written before the start time was kept in claims: the pid alone (processAlive with null)
    writeFileSync(f, `${process.pid}@${hostname()} 2026-01-01T00:00:00.000Z\n`)
    expect(claimHolder(f)).toEqual({ kind: 'this-process' })
    writeFileSync(f, `999999999@${hostname()} 2026-01-01T00:00:00.000Z\n`)
    expect(claimHolder(f)).toEqual({ kind: 'here', alive: false })
    writeFileSync(f, `999999999@${hostname()} 2026-01-01T00:00:00.000Z 1700000000000\n`)
    expect(claimHolder(f)).toEqual({ kind: 'here', alive: false })
    writeFileSync(f, `4242@desk-b-elsewhere 2026-01-01T00:00:00.000Z 1700000000000\n`)
    expect(claimHolder(f)).toMatchObject({ kind: 'elsewhere', host: 'desk-b-elsewhere' })
    // being written (empty): left alone like another computer's until it stops moving
    writeFileSync(f, '')
    expect(claimHolder(f)).toMatchObject({ kind: 'elsewhere', host: '?' })
  })
})

describe('a watcher\'s own claim (own-claim.ts)', () => {
  const W = 180_000
  const at = (mono: number, wall: number): Instant => ({ mono, wall })
  it('is trusted while its last beat is within half the window on both clocks', () => {
    expect(judgeOwnClaim(at(0, 1e12), at(W / 2, 1e12 + W / 2), W, null)).toBeNull()
  })
  it('lapses after half the window on the monotonic clock, even if the wall clock was set back', () => {
    expect(judgeOwnClaim(at(0, 1e12), at(W / 2 + 1, 1e12 - 3_600_000), W, null)).toEqual({ kind: 'lapsed', seconds: 90 })
  })
  it('lapses after half the window on the wall clock (the monotonic clock stops while the computer sleeps)', () => {
    expect(judgeOwnClaim(at(0, 1e12), at(10, 1e12 + 600_000), W, null)).toEqual({ kind: 'lapsed', seconds: 600 })
  })
  it('is lost at once when the claim is another\'s or gone, whatever the times', () => {
    expect(judgeOwnClaim(at(0, 0), at(1, 1), W, { kind: 'elsewhere', host: 'desk-b', stamp: 's' })).toEqual({ kind: 'taken', host: 'desk-b' })
    expect(judgeOwnClaim(at(0, 0), at(1, 1), W, { kind: 'gone' })).toEqual({ kind: 'gone' })
    expect(judgeOwnClaim(at(0, 0), at(W, W), W, { kind: 'this-process' })).toEqual({ kind: 'lapsed', seconds: 180 })
  })
  it('a beat that comes after a lapse does not make it trusted again (a takeover may have happened meanwhile)', () => {
    let now = at(0, 0)
    const own = new OwnClaim('c.ambil', W, () => now, () => ({ kind: 'this-process' }))
    now = at(W, W)
    own.beaten()
    now = at(W + 1, W + 1)
    expect(own.lost()).toEqual({ kind: 'lapsed', seconds: 180 })
  })
})

describe('two machines with one host name (cloned virtual machines)', () => {
  const linuxBoot = (): string | null => {
    try {
      return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim().replace(/-/g, '').slice(0, 16)
    } catch {
      return null
    }
  }
  const OTHER_BOOT = 'f'.repeat(16)

  it('a claim names this boot of this computer, not only its host name (Linux: the kernel\'s boot_id)', () => {
    const boot = linuxBoot()
    const text = claimText()
    expect(text).toMatch(new RegExp(`^${process.pid}@${hostname()}#\\S+ `))
    if (boot) expect(text.startsWith(`${process.pid}@${hostname()}#${boot} `)).toBe(true)
  })

  it('a claim with this host name but another boot is another computer\'s (its heartbeat decides), not judged by a pid here', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rekap-clone-'))
    dirs.push(dir)
    const f = join(dir, 'c.ambil')
    // pid 999999999 runs nowhere here: judged by the process table it looked dead and was taken at once
    writeFileSync(f, `999999999@${hostname()}#${OTHER_BOOT} ${new Date().toISOString()} 1700000000000\n`)
    expect(claimHolder(f)).toMatchObject({ kind: 'elsewhere', host: `${hostname()}#ffffffff` })
    // this boot's claim of a dead process is still this computer's: taken at once
    const mine = claimText().replace(/^\d+@/, '999999999@')
    writeFileSync(f, mine)
    expect(claimHolder(f)).toEqual({ kind: 'here', alive: false })
  })

  it('a job lease of a clone is judged by its expiry, not by a pid here', () => {
    const me = newOwnerIdentity()
    const clone: OwnerIdentity = { ownerId: 'clone', host: `${hostname()}#${OTHER_BOOT}`, pid: 999_999_999, processStartedAt: 1 }
    const env = { now: 1_000, processAlive: () => false }
    expect(me.host).toMatch(new RegExp(`^${hostname()}#`))
    expect(judgeLease(leaseFor('j', clone, 1_000), me, env)).toBe('live')
    expect(judgeLease(leaseFor('j', clone, 1_000), me, { ...env, now: 1_000 + 16_000 })).toBe('dead')
    // an older rekap's lease (host name alone) is judged by the pid, as before
    expect(judgeLease(leaseFor('j', { ...clone, host: hostname() }, 1_000), me, env)).toBe('dead')
  })
})

describe('sameMachine (model/machine-id.ts)', () => {
  it('needs the host names to match, and the boots when both are known', () => {
    expect(sameMachine('vm1#aaaa', 'vm1#aaaa')).toBe(true)
    expect(sameMachine('vm1#aaaa', 'vm1#bbbb')).toBe(false)
    expect(sameMachine('vm2#aaaa', 'vm1#aaaa')).toBe(false)
    expect(sameMachine('vm1', 'vm1#aaaa')).toBe(true)
  })
  it('two boot times (no boot_id: macOS, Windows) within a minute are one boot', () => {
    expect(sameMachine('mac#t1700000000', 'mac#t1700000059')).toBe(true)
    expect(sameMachine('mac#t1700000000', 'mac#t1700000400')).toBe(false)
    expect(sameMachine('mac#t1700000000', 'mac#0123456789abcdef')).toBe(false)
  })
})
