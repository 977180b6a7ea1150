/**
 * Issue 22, the team review queue: a desk publishes its doubtful pairs (photos shrunk as the
 * report's thumbnails are, never the API key); two reviewers with roles of their own, in two
 * processes, drain one queue of 100 pairs and each pair is decided exactly once, by the role that
 * signed in; four eyes refuses the operator's own approval; a claim left behind expires.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import sharp from 'sharp'
import { startTestTeam, buildDoubtfulFaceJob, type TestTeam } from './team-fixture'
import { FAKE_KEY } from '../reports-fixtures'
import { SHARED_DIR } from '../../helpers/temp-dir'
import { stopAllDesks } from './desks-fixture'

// a failed or timed-out test leaves no rekap process running
afterEach(stopAllDesks)

const PAIRS = 100

describe('team review queue', () => {
  let team: TestTeam
  let jobId: string
  beforeAll(async () => {
    team = await startTestTeam()
    expect((await team.rekap('teamowner', ['team', 'init'])).code).toBe(0)
    for (const r of ['alice', 'bob', 'carol']) await team.addOperator(r)
    const faces = join(SHARED_DIR, 'fixtures/faces')
    jobId = buildDoubtfulFaceJob(join(team.dir, 'loket-1.db'), PAIRS, { a: join(faces, 'biden_1.jpg'), b: join(faces, 'obama_240p.jpg') })
  })
  afterAll(async () => team?.stop())

  it('a desk publishes its job and its doubtful pairs: 100 in the queue, photos shrunk, no API key', async () => {
    const r = await team.rekap('alice', ['team', 'publish', jobId], { desk: 'loket-1' })
    expect(r.stderr).toBe('')
    expect(r.stdout).toContain(`job ${jobId} (done) published from desk loket-1; ${PAIRS} new pair(s) in the team queue`)
    const again = await team.rekap('alice', ['team', 'publish', jobId], { desk: 'loket-1' })
    expect(again.stdout).toContain('; 0 new pair(s)')
    const items = await team.query('SELECT row_no, operator, label, photo_a, photo_b FROM rekap.review_items ORDER BY row_no')
    expect(items.rows.length).toBe(PAIRS)
    expect(new Set(items.rows.map((i) => i.operator))).toEqual(new Set(['alice']))
    expect(items.rows[0].label).toMatchObject({ nik: '3273010101000000', name: 'Orang 1', sourceRow: 2 })
    for (const side of ['photo_a', 'photo_b']) {
      const meta = await sharp(items.rows[0][side]).metadata()
      expect(meta.format).toBe('jpeg')
      expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(64)
    }
    const job = await team.query(`SELECT kind, state, total, operator FROM rekap.jobs WHERE job_id = $1`, [jobId])
    expect(job.rows[0]).toEqual({ kind: 'face-match', state: 'done', total: PAIRS, operator: 'alice' })
    const dump = await team.query(`SELECT string_agg(t::text, ' ') AS all FROM (
      SELECT j::text AS t FROM rekap.jobs j UNION ALL SELECT (i.id, i.label, i.pair_hash)::text FROM rekap.review_items i) x`)
    expect(dump.rows[0].all).not.toContain(FAKE_KEY)
  })

  it('with four eyes on, the operator who ran the job cannot approve its pairs (and is not handed them)', async () => {
    const on = await team.rekap('teamowner', ['team', 'settings', '--maker-checker', 'on'])
    expect(on.stdout).toContain('four eyes is now on for the whole team')
    const own = await team.rekap('alice', ['review', '--item', '1', '--decision', 'approve'])
    expect(own.code).toBe(2)
    expect(own.stderr).toContain(`four eyes: alice ran job ${jobId}, so cannot approve its own pairs; ask another reviewer`)
    const id = await team.rekap('alice', ['review', '--item', '1', '--decision', 'approve'], { env: { REKAP_LANG: 'id' } })
    expect(id.stderr).toContain(`empat mata: alice menjalankan pekerjaan ${jobId}`)
    const next = await team.rekap('alice', ['review', '--next', '--json'])
    expect(JSON.parse(next.stdout).items).toEqual([])
    // nothing was recorded, the pair is still open
    expect((await team.query('SELECT count(*)::int AS n FROM rekap.decisions')).rows[0].n).toBe(0)
    // a typed name is not how a decider is named in team mode
    const by = await team.rekap('bob', ['review', '--item', '1', '--decision', 'approve', '--by', 'Alice'])
    expect(by.code).toBe(2)
    expect(by.stderr).toContain('the decider is the database role you signed in as')
  })

  it('a claim left behind expires and the pair goes to the next reviewer', async () => {
    const claim = await team.rekap('carol', ['review', '--next', '--json', '--claim-minutes', '0.1'])
    const held = JSON.parse(claim.stdout).items
    expect(held.map((i: { id: number; claimedBy: string }) => [i.id, i.claimedBy])).toEqual([[1, 'carol']])
    const taken = await team.rekap('bob', ['review', '--item', '1', '--decision', 'reject'])
    expect(taken.code).toBe(2)
    expect(taken.stderr).toContain('pair 1 is not claimed by you')
    // the claim runs out (6 s): wait for that state, then bob gets it
    await expect.poll(async () => (await team.query(`SELECT claimed_until < now() AS gone FROM rekap.review_items WHERE id = 1`)).rows[0].gone, { timeout: 10_000, interval: 200 }).toBe(true)
    const next = await team.rekap('bob', ['review', '--next', '--json'])
    expect(JSON.parse(next.stdout).items[0]).toMatchObject({ id: 1, claimedBy: 'bob' })
    const back = await team.rekap('bob', ['review', '--item', '1', '--decision', 'skip'])
    expect(back.stdout).toContain('pair 1 (desk loket-1, job')
  })

  it('two reviewers in two processes drain the queue: every pair decided exactly once, by the role signed in', async () => {
    const reviewer = async (role: string): Promise<number[]> => {
      const mine: number[] = []
      for (;;) {
        const next = await team.rekap(role, ['review', '--next', '--count', '10', '--json'])
        expect(next.code, next.stderr).toBe(0)
        const ids = JSON.parse(next.stdout).items.map((i: { id: number }) => i.id)
        if (!ids.length) return mine
        const d = await team.rekap(role, ['review', '--item', ids.join(','), '--decision', role === 'bob' ? 'approve' : 'reject'])
        expect(d.code, d.stderr).toBe(0)
        mine.push(...ids)
      }
    }
    const [bob, carol] = await Promise.all([reviewer('bob'), reviewer('carol')])
    expect(bob.length).toBeGreaterThan(0)
    expect(carol.length).toBeGreaterThan(0)
    expect([...bob, ...carol].sort((a, b) => a - b)).toEqual(Array.from({ length: PAIRS }, (_, i) => i + 1))
    const settled = await team.query(
      `SELECT item_id::int AS item_id, count(*)::int AS n, min(decider) AS decider FROM rekap.decisions WHERE decision IN ('approve','reject') GROUP BY item_id ORDER BY item_id`,
    )
    expect(settled.rows.length).toBe(PAIRS)
    expect(settled.rows.every((r) => r.n === 1)).toBe(true)
    for (const r of settled.rows) expect(r.decider).toBe(bob.includes(r.item_id) ? 'bob' : 'carol')
    expect((await team.query('SELECT count(*)::int AS n FROM rekap.review_items WHERE closed_at IS NULL')).rows[0].n).toBe(0)
    const empty = await team.rekap('bob', ['review'])
    expect(empty.stdout).toContain('the team queue is empty')
  })

  it('decisions are append-only, even for the store owner', async () => {
    await expect(team.query(`UPDATE rekap.decisions SET decision = 'approve'`)).rejects.toThrow(/append-only/)
    await expect(team.query(`DELETE FROM rekap.decisions`)).rejects.toThrow(/append-only/)
    await expect(team.query(`INSERT INTO rekap.decisions (item_id, decision, decider) VALUES (2, 'approve', 'somebody')`)).resolves.toBeTruthy()
    const last = await team.query(`SELECT decider FROM rekap.decisions ORDER BY id DESC LIMIT 1`)
    expect(last.rows[0].decider).toBe('teamowner')
  })
})
