import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { verdictGroups } from '../../src-main/core/verdict'
import { openStore, schemaVersion, IllegalTransitionError, RowTransitionError, type Store } from '../../src-main/core/store'
import { LATEST_SCHEMA_VERSION } from '../../src-main/core/store/migrations'
import { defaultJobSettings } from '../../src-main/core/model/job-settings'
import { makeTempDir } from '../helpers/temp-dir'

let tmp: ReturnType<typeof makeTempDir>
let store: Store
const T0 = Date.UTC(2026, 10, 23, 5, 0, 0)

beforeEach(() => {
  tmp = makeTempDir()
  store = openStore(join(tmp.dir, 'rekap.sqlite'))
})
afterEach(() => {
  store.close()
  tmp.cleanup()
})

function faceJob() {
  const job = store.jobs.create({ kind: 'face-match', inputName: 'kyc.xlsx', settings: defaultJobSettings({ baseUrl: 'http://x' }) }, T0)
  store.rows.insertMany(
    job.id,
    [
      { rowNo: 1, sourceRow: 2, input: { NIK: '3273010101010001' } },
      { rowNo: 2, sourceRow: 3, input: { NIK: '3273010101010002' } },
      { rowNo: 3, sourceRow: 4, input: { NIK: '3273010101010003' }, localFailure: { code: 'file-missing', message: 'not found', column: 'Foto KTP' } },
      { rowNo: 4, sourceRow: 5, input: { NIK: '3273010101010001' }, duplicateOf: 1 },
    ],
    T0,
  )
  return job
}

describe('store: schema', () => {
  it('creates the latest schema on a new file and keeps it when reopened', () => {
    expect(schemaVersion(store.db)).toBe(LATEST_SCHEMA_VERSION)
    store.close()
    store = openStore(join(tmp.dir, 'rekap.sqlite'))
    expect(schemaVersion(store.db)).toBe(LATEST_SCHEMA_VERSION)
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal')
  })

  it('refuses a file written by a newer rekap instead of damaging it', () => {
    store.close()
    const raw = new Database(join(tmp.dir, 'rekap.sqlite'))
    raw.pragma(`user_version = ${LATEST_SCHEMA_VERSION + 5}`)
    raw.close()
    expect(() => openStore(join(tmp.dir, 'rekap.sqlite'))).toThrow(/newer rekap/)
    store = openStore(join(tmp.dir, 'other.sqlite'))
  })
})

describe('store: job state machine', () => {
  it('records every transition with its reason, in order', () => {
    const job = faceJob()
    store.jobs.transition(job.id, 'ready', T0 + 1)
    store.jobs.transition(job.id, 'running', T0 + 2)
    store.jobs.transition(job.id, 'blocked', T0 + 3, { blockedReason: 'needs-top-up', detail: 'Insufficient points balance. Please top up to continue.' })
    const blocked = store.jobs.get(job.id)!
    expect(blocked.state).toBe('blocked')
    expect(blocked.blockedReason).toBe('needs-top-up')
    store.jobs.transition(job.id, 'running', T0 + 4)
    expect(store.jobs.get(job.id)!.blockedReason).toBeNull()
    expect(store.jobs.get(job.id)!.startedAt).toBe(T0 + 2)
    store.jobs.transition(job.id, 'done', T0 + 5)
    expect(store.jobs.transitions(job.id).map((t) => `${t.from}->${t.to}:${t.reason ?? ''}`)).toEqual([
      'null->draft:created',
      'draft->ready:',
      'ready->running:',
      'running->blocked:needs-top-up',
      'blocked->running:',
      'running->done:',
    ])
  })

  it('rejects an illegal transition and leaves the job untouched', () => {
    const job = faceJob()
    expect(() => store.jobs.transition(job.id, 'done', T0)).toThrow(IllegalTransitionError)
    store.jobs.transition(job.id, 'cancelled', T0)
    expect(() => store.jobs.transition(job.id, 'running', T0)).toThrow(IllegalTransitionError)
    expect(store.jobs.get(job.id)!.state).toBe('cancelled')
  })

  it('resolves a unique id prefix the way a user types it', () => {
    const job = faceJob()
    expect(store.jobs.resolveId(job.id.slice(0, 5))).toBe(job.id)
    expect(store.jobs.resolveId('zzz')).toBeUndefined()
  })
})

describe('store: rows and money', () => {
  it('completes a paid row with its result, ledger line and monthly hit in one go', () => {
    const job = faceJob()
    store.rows.markInFlight(job.id, 1, T0)
    store.rows.complete(job.id, 1, { outcome: 'match', match: true, confidence: 0.91 }, T0 + 250, { product: 'face-match', chargePoints: 400 })
    const row = store.rows.get(job.id, 1)!
    expect(row).toMatchObject({ state: 'done', charged: true, costPoints: 400, durationMs: 250, attempts: 1 })
    expect(store.usage.chargedPoints(job.id)).toBe(400)
    expect(store.usage.hitsThisMonth('face-match', T0)).toBe(1)
    const c = store.rows.counts(job.id)
    expect(c).toMatchObject({ total: 4, done: 1, failed: 1, pending: 2, localFailures: 1, charged: 1, costPoints: 400 })
    expect(c.outcomes.match).toBe(1)
  })

  it('never lets a row be completed twice (no double charge through the store)', () => {
    const job = faceJob()
    store.rows.markInFlight(job.id, 1, T0)
    store.rows.complete(job.id, 1, { outcome: 'match', match: true, confidence: 0.9 }, T0, { product: 'face-match', chargePoints: 400 })
    expect(() =>
      store.rows.complete(job.id, 1, { outcome: 'match', match: true, confidence: 0.9 }, T0, { product: 'face-match', chargePoints: 400 }),
    ).toThrow(RowTransitionError)
    expect(store.usage.chargedCalls(job.id)).toBe(1)
  })

  it('gives duplicates the original result for free, and skips them when picking work', () => {
    const job = faceJob()
    expect(store.rows.nextPending(job.id, 10).map((r) => r.rowNo)).toEqual([1, 2])
    store.rows.markInFlight(job.id, 1, T0)
    store.rows.complete(job.id, 1, { outcome: 'no-match', match: false, confidence: 0.2 }, T0, { product: 'face-match', chargePoints: 400 })
    expect(store.rows.resolveDuplicates(job.id, T0)).toBe(1)
    const dup = store.rows.page(job.id, { offset: 3, limit: 1 })[0]
    expect(dup).toMatchObject({ rowNo: 4, state: 'done', charged: false, costPoints: 0 })
    expect(dup.result).toMatchObject({ outcome: 'no-match', match: false, confidence: 0.2, fromCache: true })
    expect(store.usage.chargedCalls(job.id)).toBe(1)
  })

  it('after a crash, paid in-flight rows become uncertain and free ones go back in line', () => {
    const job = faceJob()
    store.rows.markInFlight(job.id, 1, T0)
    expect(store.rows.recoverInFlight(job.id, true)).toBe(1)
    expect(store.rows.get(job.id, 1)!.state).toBe('uncertain')
    expect(store.rows.resendUncertain(job.id)).toBe(1)
    expect(store.rows.get(job.id, 1)).toMatchObject({ state: 'pending', resentUncertain: true })
    store.rows.markInFlight(job.id, 2, T0)
    expect(store.rows.recoverInFlight(job.id, false)).toBe(1)
    expect(store.rows.get(job.id, 2)!.state).toBe('pending')
  })

  it('retry-failed puts rows the service failed back; pre-flight failures wait to be checked again', async () => {
    const job = faceJob()
    store.rows.markInFlight(job.id, 2, T0)
    store.rows.fail(job.id, 2, { code: 'no-face', message: 'Failed to verify faces.' }, T0)
    expect(await store.rows.resetFailed(job.id)).toBe(1)
    expect(store.rows.counts(job.id)).toMatchObject({ pending: 3, failed: 1, localFailures: 1 })
    const [local] = store.rows.localFailures(job.id)
    // a row with no payload never goes back in line without one (it would crash the sender)
    store.rows.recheckedPassed(job.id, local.rowNo, { payload: { image1: 'a', image2: 'b' }, unitKey: 'k', duplicateOf: null })
    expect(store.rows.get(job.id, local.rowNo)).toMatchObject({ state: 'pending', localFailure: false, payload: { image1: 'a', image2: 'b' } })
    expect(() => store.rows.recheckedPassed(job.id, local.rowNo, { payload: {}, unitKey: null, duplicateOf: null })).toThrow(/cannot go from pending/)
  })

  it('filters pages by verdict, charge and text, with counts that agree', () => {
    const job = faceJob()
    store.rows.markInFlight(job.id, 1, T0)
    store.rows.complete(job.id, 1, { outcome: 'match', match: true, confidence: 0.9 }, T0, { product: 'face-match', chargePoints: 400 })
    expect(store.rows.page(job.id, { groups: { of: verdictGroups('match'), band: null } }).map((r) => r.rowNo)).toEqual([1])
    // inside the review band the same row is under review, not a match
    expect(store.rows.page(job.id, { groups: { of: verdictGroups('match'), band: [0.8, 1] } }).map((r) => r.rowNo)).toEqual([])
    expect(store.rows.countWhere(job.id, { groups: { of: verdictGroups('review'), band: [0.8, 1] } })).toBe(1)
    expect(store.rows.countWhere(job.id, { charged: false })).toBe(3)
    expect(store.rows.page(job.id, { text: '0003' }).map((r) => r.rowNo)).toEqual([3])
    expect(store.rows.countWhere(job.id, { text: '100%_' })).toBe(0)
  })
})

describe('store: secrets', () => {
  it('refuses to keep an API key in the settings table in clear', () => {
    expect(() => store.settings.set('apiKey', 'sk-live-123456')).toThrow(/encrypted/)
    store.settings.set('language', 'id')
    expect(store.settings.get('language')).toBe('id')
  })
})
