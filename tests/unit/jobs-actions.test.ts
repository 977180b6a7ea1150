import { describe, expect, it } from 'vitest'
import { availableActions, whyNot as whyNotText, type JobAction, type JobFacts } from '../../src-main/core/model/job-actions'
import { coreText, renderCoreText } from '../../src-main/core/texts/core-text'
import { describeOwner, isInterrupted, judgeLease, leaseFor, LEASE_TTL_MS, STALE_SAME_HOST_MS, type OwnerIdentity } from '../../src-main/core/model/lease-rules'

const counts = { pending: 0, inFlight: 0, failed: 2, uncertain: 1, done: 7 }
/** the refusal in English words (whyNot gives a code and parameters) */
const whyNot = (a: JobAction, f: JobFacts, id: string): string | null => {
  const t = whyNotText(a, f, id)
  return t && renderCoreText(t, 'en')
}
const facts = (o: Partial<JobFacts>): JobFacts => ({ state: 'done', holder: 'none', counts, paid: true, ...o })

describe('availableActions (one rule for engine, CLI and renderer)', () => {
  it('a cancelled job can only be exported: no retry-failed, no resume (defect 2)', () => {
    expect(availableActions(facts({ state: 'cancelled' }))).toEqual(['export'])
    expect(whyNot('retryFailed', facts({ state: 'cancelled' }), 'j1')).toMatch(/j1 was cancelled/)
  })
  it('a job another live process runs can be paused or cancelled (as requests) and exported, never run here', () => {
    const a = availableActions(facts({ state: 'running', holder: 'live' }))
    expect(a).toEqual(['pause', 'cancel', 'export'])
    expect(whyNot('resume', facts({ state: 'paused', holder: 'live' }), 'j1')).toMatch(/another rekap process/)
  })
  it('running with no live owner is interrupted: resumable, its orphaned paid rows count as uncertain', () => {
    const f = facts({ state: 'running', holder: 'dead', counts: { ...counts, uncertain: 0, inFlight: 2 } })
    expect(availableActions(f)).toEqual(['resume', 'pause', 'cancel', 'retryFailed', 'resendUncertain', 'export'])
    expect(availableActions({ ...f, paid: false })).not.toContain('resendUncertain')
    expect(isInterrupted('running', 'dead')).toBe(true)
    expect(isInterrupted('running', 'self')).toBe(false)
  })
  it('done offers retry/resend only when there is something to retry or resend', () => {
    expect(availableActions(facts({}))).toEqual(['retryFailed', 'resendUncertain', 'export'])
    expect(availableActions(facts({ counts: { ...counts, failed: 0, uncertain: 0 } }))).toEqual(['export'])
    expect(whyNot('resume', facts({}), 'j1')).toMatch(/done; nothing is left/)
  })
  it('a plan that never finished (draft: some rows, cost never confirmed) cannot be started or resumed, only cancelled', () => {
    const f = facts({ state: 'draft', counts: { pending: 12, inFlight: 0, failed: 0, uncertain: 0, done: 0 } })
    expect(availableActions(f)).toEqual(['cancel'])
    expect(whyNot('start', f, 'j1')).toMatch(/j1 is a plan that never finished .*nothing was sent; plan the workbook again/)
    expect(whyNot('resume', f, 'j1')).toMatch(/possible now: [a-z -]*cancel/)
  })
  it('ready starts; running (self) pauses and cancels but does not retry', () => {
    expect(availableActions(facts({ state: 'ready' }))).toEqual(['start', 'cancel', 'export'])
    expect(availableActions(facts({ state: 'running', holder: 'self' }))).toEqual(['pause', 'cancel', 'export'])
  })
  it('a watched job whose file another computer holds offers no start, resume, retry or re-send: the refusal says why and how to go on', () => {
    const taken = coreText('watch.resumeTaken', { name: 'kode.csv', host: 'meja-b', job: 'j1', dir: '/srv/masuk' })
    const held = (o: Partial<JobFacts>): JobFacts => facts({ claimRefusal: taken, ...o })
    expect(availableActions(held({ state: 'paused' }))).toEqual(['cancel', 'export'])
    expect(availableActions(held({ state: 'ready' }))).toEqual(['cancel', 'export'])
    expect(availableActions(held({ state: 'blocked' }))).toEqual(['pause', 'cancel', 'export'])
    expect(availableActions(held({ state: 'running', holder: 'dead', counts: { ...counts, inFlight: 2 } }))).toEqual(['pause', 'cancel', 'export'])
    expect(availableActions(held({}))).toEqual(['export'])
    for (const a of ['start', 'resume', 'retryFailed', 'resendUncertain'] as const) {
      const f = held({ state: a === 'start' ? 'ready' : 'paused' })
      expect(whyNot(a, f, 'j1')).toMatch(/^job j1 is not run here: kode\.csv in \/srv\/masuk is held by meja-b \(another computer\).*rekap watch \/srv\/masuk takes it back/)
    }
    // what the state itself forbids is said as before: a done job is done, wherever its file is
    expect(whyNot('resume', held({}), 'j1')).toMatch(/done; nothing is left/)
    expect(whyNot('cancel', held({ state: 'paused' }), 'j1')).toBeNull()
  })
})

describe('lease rules', () => {
  const me: OwnerIdentity = { ownerId: 'h1:10:1000:a', host: 'h1', pid: 10, processStartedAt: 1000 }
  const other: OwnerIdentity = { ownerId: 'h1:20:2000:b', host: 'h1', pid: 20, processStartedAt: 2000 }
  const remote: OwnerIdentity = { ownerId: 'h2:20:2000:c', host: 'h2', pid: 20, processStartedAt: 2000 }
  const alive = () => true
  const dead = () => false
  it('same host: the owner lives as long as its process (no waiting for expiry)', () => {
    const l = leaseFor('j', other, 5000)
    expect(judgeLease(l, me, { now: 5000 + LEASE_TTL_MS * 3, processAlive: alive })).toBe('live')
    expect(judgeLease(l, me, { now: 5001, processAlive: dead })).toBe('dead')
    expect(judgeLease(l, me, { now: 5000 + STALE_SAME_HOST_MS + 1, processAlive: alive })).toBe('dead')
  })
  it('another host: the lease lives until it expires', () => {
    const l = leaseFor('j', remote, 5000)
    expect(judgeLease(l, me, { now: 5000 + LEASE_TTL_MS - 1, processAlive: dead })).toBe('live')
    expect(judgeLease(l, me, { now: 5000 + LEASE_TTL_MS, processAlive: alive })).toBe('dead')
  })
  it('own lease and no lease', () => {
    expect(judgeLease(leaseFor('j', me, 1), me, { now: 2, processAlive: dead })).toBe('self')
    expect(judgeLease(undefined, me, { now: 2, processAlive: dead })).toBe('none')
    expect(describeOwner(leaseFor('j', other, 0))).toBe('pid 20 on host h1 since 1970-01-01T00:00:00.000Z')
    // the boot a lease names (a cloned machine's) is for judging, not for the person reading
    expect(describeOwner(leaseFor('j', { ...other, host: 'h1#3f2a9c0d11aa22bb' }, 0))).toBe('pid 20 on host h1 since 1970-01-01T00:00:00.000Z')
  })
})
