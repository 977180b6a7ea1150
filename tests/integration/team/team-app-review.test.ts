/**
 * Issue 22, the app's review on the team queue: browser mode (startUi, over real HTTP) in a team
 * (REKAP_TEAM, as Settings → Team), on one real PostgreSQL with a desk's published doubtful pairs.
 * The app claims and decides through the same functions as `rekap review --team`: two reviewers
 * never get the same pair, the decider is the role signed in, and four eyes refuses the
 * operator's own approval with the team's words in the app's language (Indonesian first).
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startUi, type RunningUi } from '../../../src-main/browser/run-ui'
import { signIn } from '../../security/helpers'
import { buildDoubtfulFaceJob, startTestTeam, type TestTeam } from './team-fixture'
import { stopAllDesks } from './desks-fixture'

// a failed or timed-out test leaves no rekap process running
afterEach(stopAllDesks)

let team: TestTeam
let jobId: string
const uis: RunningUi[] = []

beforeAll(async () => {
  team = await startTestTeam()
  expect((await team.rekap('teamowner', ['team', 'init'])).code).toBe(0)
  for (const r of ['alice', 'bob', 'carol']) await team.addOperator(r)
  jobId = buildDoubtfulFaceJob(join(team.dir, 'loket-1.db'), 6)
  expect((await team.rekap('alice', ['team', 'publish', jobId], { desk: 'loket-1' })).code).toBe(0)
  expect((await team.rekap('teamowner', ['team', 'settings', '--maker-checker', 'on'])).code).toBe(0)
}, 120_000)

afterEach(async () => {
  for (const u of uis.splice(0)) await u.close()
})
afterAll(async () => team?.stop())

type Api = (name: string, body: unknown) => Promise<{ status: number; json: any }>

/** The app of one reviewer (its own data folder), in the team as `role`. */
async function appAs(role: string): Promise<Api> {
  const dir = join(team.dir, `app-${role}`)
  mkdirSync(join(dir, 'renderer'), { recursive: true })
  writeFileSync(join(dir, 'renderer', 'index.html'), '<!doctype html><title>rekap</title>')
  const ui = await startUi({
    dbFile: join(dir, 'rekap.db'), rendererDir: join(dir, 'renderer'),
    env: { REKAP_TEAM: team.url(role), REKAP_TEAM_DESK: `app-${role}`, PGPASSWORD: team.password(role) },
  })
  uis.push(ui)
  const auth = await signIn(ui.server.url)
  return async (name, body) => {
    const res = await fetch(`${ui.server.origin}/api/${name}`, { method: 'POST', headers: { 'content-type': 'application/json', ...auth }, body: JSON.stringify(body) })
    return { status: res.status, json: await res.json() }
  }
}

describe('the app reviews the team queue', () => {
  it('four eyes: the operator who ran the job is not handed its pairs, and her approval is refused in Indonesian, then English', async () => {
    const alice = await appAs('alice')
    expect((await alice('team.reviewNext', { count: 5 })).json).toEqual([])
    const someItem = (await team.query(`SELECT min(id)::int AS id FROM rekap.review_items`)).rows[0].id
    const id = await alice('team.reviewDecide', { itemId: someItem, decision: 'approve' })
    expect(id.status).toBe(409)
    expect(id.json.error.message).toBe(`empat mata: alice menjalankan pekerjaan ${jobId}, jadi tidak boleh menyetujui pasangannya sendiri; minta peninjau lain`)
    expect((await alice('settings.save', { language: 'en' })).status).toBe(200)
    const en = await alice('team.reviewDecide', { itemId: someItem, decision: 'approve' })
    expect(en.json.error.message).toBe(`four eyes: alice ran job ${jobId}, so cannot approve its own pairs; ask another reviewer`)
    expect((await team.query(`SELECT count(*)::int AS n FROM rekap.decisions`)).rows[0].n).toBe(0)
  }, 60_000)

  it('two reviewers claim different pairs; the decider is the role signed in; a pair another holds is refused; released claims go to the next', async () => {
    const [bob, carol] = [await appAs('bob'), await appAs('carol')]
    const b = (await bob('team.reviewNext', { count: 3 })).json as Array<{ id: number; jobId: string; photoA: string | null; nik: string }>
    const c = (await carol('team.reviewNext', { count: 3 })).json as Array<{ id: number }>
    expect(b).toHaveLength(3)
    expect(c).toHaveLength(3)
    expect(new Set([...b, ...c].map((i) => i.id)).size).toBe(6)
    expect(b[0]).toMatchObject({ jobId, desk: 'loket-1', operator: 'alice' })
    expect(b[0].nik).toMatch(/^32730101010\d{5}$/)

    const decided = await bob('team.reviewDecide', { itemId: b[0].id, decision: 'approve', note: 'sama' })
    expect(decided.status).toBe(200)
    expect(decided.json).toMatchObject({ itemId: b[0].id, decision: 'approve', decider: 'bob', jobId })
    // carol cannot decide a pair bob holds (nor one already decided)
    const held = await carol('team.reviewDecide', { itemId: b[1].id, decision: 'reject' })
    expect(held.status).toBe(409)
    expect(held.json.error.message).toBe(`pasangan ${b[1].id} tidak sedang Anda klaim (klaimnya kedaluwarsa atau diambil peninjau lain): ambil pasangan berikutnya`)
    const done = await carol('team.reviewDecide', { itemId: b[0].id, decision: 'reject' })
    expect(done.json.error.message).toContain(`pasangan ${b[0].id} sudah diputuskan (approve oleh bob)`)
    // bob leaves: his claims go back, and carol is handed them
    expect((await bob('team.reviewRelease', { itemIds: b.map((i) => i.id) })).status).toBe(200)
    const next = (await carol('team.reviewNext', { count: 5 })).json as Array<{ id: number }>
    expect(next.map((i) => i.id).sort()).toEqual([b[1].id, b[2].id].sort())
    const rows = await team.query(`SELECT item_id::int, decision, decider::text FROM rekap.decisions`)
    expect(rows.rows).toEqual([{ item_id: b[0].id, decision: 'approve', decider: 'bob' }])
  }, 60_000)

  it('without a team the queue is not there, and says so', async () => {
    const dir = join(team.dir, 'app-alone')
    mkdirSync(join(dir, 'renderer'), { recursive: true })
    writeFileSync(join(dir, 'renderer', 'index.html'), '<!doctype html>')
    const ui = await startUi({ dbFile: join(dir, 'rekap.db'), rendererDir: join(dir, 'renderer'), env: {} })
    uis.push(ui)
    const auth = await signIn(ui.server.url)
    const res = await fetch(`${ui.server.origin}/api/team.reviewNext`, { method: 'POST', headers: { 'content-type': 'application/json', ...auth }, body: '{}' })
    expect(res.status).toBe(409)
    expect((await res.json()).error.message).toBe('meja ini belum bergabung dengan tim (Pengaturan → Tim)')
  }, 30_000)
})
