import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { openStore } from '../../src-main/core/store'
import { defaultJobSettings } from '../../src-main/core/model/job-settings'
import { makeTempDir } from '../helpers/temp-dir'
import { rekapMerged } from '../helpers/rekap-process'

/** `rekap jobs` tells the truth about each job: uncertain and failed rows, and jobs whose process died (defect 7). */
let tmp: ReturnType<typeof makeTempDir>
let db: string
const ids: Record<string, string> = {}
const DAY = 24 * 3_600_000

beforeAll(() => {
  tmp = makeTempDir()
  db = join(tmp.dir, 'rekap.db')
  const store = openStore(db)
  const now = Date.now()
  const settings = defaultJobSettings({ baseUrl: 'http://127.0.0.1:9' })
  const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ rowNo: i + 1, input: { NIK: String(3273010101010000 + i) }, payload: {} }))

  // a finished face job with one uncertain row (cut off in flight, then the run ended) and one failed row
  const done = store.jobs.create({ kind: 'face-match', inputName: 'kyc.csv', settings }, now)
  store.rows.insertMany(done.id, rows(4), now)
  for (const s of ['ready', 'running'] as const) store.jobs.transition(done.id, s, now)
  for (const r of [1, 2, 3, 4]) store.rows.markInFlight(done.id, r, now)
  store.rows.complete(done.id, 1, { outcome: 'match', match: true, confidence: 0.9 }, now, { product: 'face-match', chargePoints: 400 })
  store.rows.complete(done.id, 2, { outcome: 'no-match', match: false, confidence: 0.1 }, now, { product: 'face-match', chargePoints: 400 })
  store.rows.markUncertain(done.id, 3, { code: 'uncertain', message: 'timed out' })
  store.rows.fail(done.id, 4, { code: 'no-face', message: 'Failed to verify faces.' }, now)
  store.jobs.transition(done.id, 'done', now)
  ids.done = done.id

  // a job whose process was killed: still `running`, its lease names a process that is gone
  const killed = store.jobs.create({ kind: 'hospital-lookup', inputName: 'rs.csv', settings }, now)
  store.rows.insertMany(killed.id, rows(3), now)
  for (const s of ['ready', 'running'] as const) store.jobs.transition(killed.id, s, now)
  store.rows.markInFlight(killed.id, 1, now)
  store.db
    .prepare('INSERT INTO job_leases (job_id, owner_id, host, pid, process_started_at, acquired_at, heartbeat_at, expires_at) VALUES (?,?,?,?,?,?,?,?)')
    .run(killed.id, 'gone', hostname(), 4_194_305, 1, now, now, now + 15_000)
  ids.killed = killed.id

  // a dry run from last month (never started) and one from today
  const stale = store.jobs.create({ kind: 'hospital-lookup', inputName: 'old.csv', settings }, now - 8 * DAY)
  store.rows.insertMany(stale.id, rows(2), now - 8 * DAY)
  store.jobs.transition(stale.id, 'ready', now - 8 * DAY)
  ids.stale = stale.id
  const fresh = store.jobs.create({ kind: 'hospital-lookup', inputName: 'new.csv', settings }, now)
  store.jobs.transition(fresh.id, 'ready', now)
  ids.fresh = fresh.id
  store.close()
})

afterAll(() => tmp?.cleanup())

describe('rekap jobs', () => {
  it('shows uncertain and failed counts, and a killed job as interrupted, in text and JSON', async () => {
    const text = await rekapMerged(['jobs', '--db', db])
    expect(text.code, text.out).toBe(0)
    const line = (id: string) => text.out.split('\n').find((l) => l.startsWith(id)) ?? ''
    expect(line(ids.done)).toMatch(/\bdone\b.*\b1 failed\s+1 uncertain/)
    expect(line(ids.killed)).toMatch(/\binterrupted\b/)
    // only what is legal now is offered, as commands
    expect(line(ids.done)).toContain('[retry-failed | resume --resend-uncertain]')
    expect(line(ids.killed)).toContain('[resume | pause | cancel]')

    const json = await rekapMerged(['jobs', '--db', db, '--json'])
    const list = JSON.parse(json.out) as Array<{ id: string; state: string; interrupted: boolean; counts: { uncertain: number; failed: number }; actions: string[] }>
    const byId = Object.fromEntries(list.map((j) => [j.id, j]))
    expect(byId[ids.done]).toMatchObject({ state: 'done', interrupted: false, counts: { uncertain: 1, failed: 1 } })
    expect(byId[ids.done].actions).toEqual(['retryFailed', 'resendUncertain', 'export'])
    expect(byId[ids.killed]).toMatchObject({ state: 'interrupted', interrupted: true })
    expect(byId[ids.killed].actions).toContain('resume')
  })

  it('a plan never started is kept a week (resumable), then removed', async () => {
    const list = JSON.parse((await rekapMerged(['jobs', '--db', db, '--json'])).out) as Array<{ id: string; state: string }>
    expect(list.map((j) => j.id)).not.toContain(ids.stale)
    expect(list.find((j) => j.id === ids.fresh)?.state).toBe('ready')
    const store = openStore(db)
    try {
      expect(store.jobs.get(ids.stale)).toBeUndefined()
      expect(store.db.prepare('SELECT COUNT(*) AS n FROM job_rows WHERE job_id = ?').get(ids.stale)).toEqual({ n: 0 })
    } finally {
      store.close()
    }
  })
})
