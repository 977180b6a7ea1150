/**
 * Issue 22, the per-job Review screen in a team: a decision on a pair of this desk's published job
 * goes through the team's queue (core/team/team-review.ts decidePair, as `rekap review --team`):
 * four eyes refuses the operator's own approval in the app's language, the decider is the role
 * signed in (no typed name needed), and the job's local view shows the same decision. Browser mode
 * (startUi over real HTTP) on one real PostgreSQL.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startUi, type RunningUi } from '../../../src-main/browser/run-ui'
import { signIn } from '../../security/helpers'
import { buildDoubtfulFaceJob, startTestTeam, type TestTeam } from './team-fixture'
import { stopAllDesks } from './desks-fixture'

afterEach(stopAllDesks)

let team: TestTeam
let jobId: string
const uis: RunningUi[] = []

beforeAll(async () => {
  team = await startTestTeam()
  expect((await team.rekap('teamowner', ['team', 'init'])).code).toBe(0)
  await team.addOperator('alice')
  await team.addOperator('bob')
  jobId = buildDoubtfulFaceJob(join(team.dir, 'loket-1.db'), 4)
  expect((await team.rekap('alice', ['team', 'publish', jobId], { desk: 'loket-1' })).code).toBe(0)
}, 120_000)
afterEach(async () => {
  for (const u of uis.splice(0)) await u.close()
})
afterAll(async () => team?.stop())

type Api = (name: string, body: unknown) => Promise<{ status: number; json: any }>

/** The app on the desk that ran the job (its own SQLite file), in the team as alice (or another reviewer at that desk). */
async function aliceApp(role = 'alice'): Promise<Api> {
  const dir = join(team.dir, `app-loket-1-${role}`)
  mkdirSync(join(dir, 'renderer'), { recursive: true })
  writeFileSync(join(dir, 'renderer', 'index.html'), '<!doctype html><title>rekap</title>')
  const ui = await startUi({
    dbFile: join(team.dir, 'loket-1.db'), rendererDir: join(dir, 'renderer'),
    env: { REKAP_TEAM: team.url(role), REKAP_TEAM_DESK: 'loket-1', PGPASSWORD: team.password(role) },
  })
  uis.push(ui)
  const auth = await signIn(ui.server.url)
  return async (name, body) => {
    const res = await fetch(`${ui.server.origin}/api/${name}`, { method: 'POST', headers: { 'content-type': 'application/json', ...auth }, body: JSON.stringify(body) })
    return { status: res.status, json: await res.json() }
  }
}

describe("the job's Review screen in a team", () => {
  it('four eyes: the operator cannot approve her own job on the Review screen either (Indonesian reason), nothing recorded', async () => {
    expect((await team.rekap('teamowner', ['team', 'settings', '--maker-checker', 'on'])).code).toBe(0)
    const alice = await aliceApp()
    const r = await alice('review.decide', { jobId, rowNo: 1, decision: 'approve' })
    expect(r.status).toBe(409)
    expect(r.json.error.message).toBe(`empat mata: alice menjalankan pekerjaan ${jobId}, jadi tidak boleh menyetujui pasangannya sendiri; minta peninjau lain`)
    expect((await team.query(`SELECT count(*)::int AS n FROM rekap.decisions`)).rows[0].n).toBe(0)
    const q = await alice('review.queue', { jobId })
    // no typed name: the screen signs with the role signed in
    expect(q.json).toMatchObject({ reviewerName: 'alice', teamSigned: true })
    expect(q.json.items.find((i: { rowNo: number }) => i.rowNo === 1).final).toBeNull()
  }, 60_000)

  it('a decision is signed with the role, recorded in the team store, and the local view shows the same', async () => {
    expect((await team.rekap('teamowner', ['team', 'settings', '--maker-checker', 'off'])).code).toBe(0)
    const alice = await aliceApp()
    const r = await alice('review.decide', { jobId, rowNo: 2, decision: 'reject', note: 'beda orang' })
    expect(r.status).toBe(200)
    expect(r.json.items.find((i: { rowNo: number }) => i.rowNo === 2).final).toMatchObject({ decision: 'reject', reviewer: 'alice', note: 'beda orang' })
    const rows = await team.query(
      `SELECT i.row_no, d.decision, d.decider::text, d.note, i.closed_at IS NOT NULL AS closed FROM rekap.decisions d JOIN rekap.review_items i ON i.id = d.item_id`,
    )
    expect(rows.rows).toEqual([{ row_no: 2, decision: 'reject', decider: 'alice', note: 'beda orang', closed: true }])
    const list = await team.rekap('alice', ['review', '--team', '--list', '--json'], { desk: 'loket-1' })
    expect(list.code).toBe(0)
    // `rekap review --team --list`: the decided pair has left the team's open queue, the others are there
    expect(JSON.parse(list.stdout).items.map((i: { rowNo: number }) => i.rowNo)).toEqual([1, 3, 4])
  }, 60_000)

  it('two reviewers on the same job are shown different pairs (claims); a skipped pair goes to the other; leaving releases', async () => {
    expect((await team.rekap('teamowner', ['team', 'settings', '--maker-checker', 'off'])).code).toBe(0)
    const alice = await aliceApp()
    const bob = await aliceApp('bob')
    // rows 1, 3, 4 are open (row 2 was decided above)
    const a1 = await alice('review.claim', { jobId })
    const b1 = await bob('review.claim', { jobId })
    expect(a1).toMatchObject({ status: 200, json: { rowNo: 1 } })
    expect(b1).toMatchObject({ status: 200, json: { rowNo: 3 } })
    // bob cannot decide the pair alice is looking at
    expect((await bob('review.decide', { jobId, rowNo: 1, decision: 'approve' })).status).toBe(409)
    // alice skips: her claim is released; her next pair is another one, the skipped pair is bob's next
    expect((await alice('review.decide', { jobId, rowNo: 1, decision: 'skip' })).status).toBe(200)
    expect((await alice('review.claim', { jobId, later: [1] })).json).toEqual({ rowNo: 4 })
    expect((await bob('review.decide', { jobId, rowNo: 3, decision: 'approve' })).status).toBe(200)
    expect((await bob('review.claim', { jobId })).json).toEqual({ rowNo: 1 })
    // alice leaves the screen: row 4 goes back to the queue and is bob's after his decision
    expect((await alice('review.release', { jobId, rowNo: 4 })).status).toBe(200)
    expect((await bob('review.decide', { jobId, rowNo: 1, decision: 'reject' })).status).toBe(200)
    expect((await bob('review.claim', { jobId })).json).toEqual({ rowNo: 4 })
    expect((await alice('review.claim', { jobId })).json).toEqual({ rowNo: null })
    const held = await team.query(`SELECT row_no, claimed_by::text FROM rekap.review_items WHERE closed_at IS NULL ORDER BY row_no`)
    expect(held.rows).toEqual([{ row_no: 4, claimed_by: 'bob' }])
  }, 60_000)

  it('a job not published to the team: no claim (the screen keeps its own order)', async () => {
    const other = buildDoubtfulFaceJob(join(team.dir, 'loket-1.db'), 2)
    const alice = await aliceApp()
    expect(await alice('review.claim', { jobId: other })).toMatchObject({ status: 200, json: null })
  }, 60_000)
})
