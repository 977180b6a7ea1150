/**
 * Issue 22, a desk publishes its jobs: a real `rekap run` with --team (a face job on the real
 * sandbox) shows in the team's job registry while it runs (rekap team status, from another role)
 * and ends there done with its counts; its doubtful pairs are in the team review queue with both
 * photos shrunk. The API key goes nowhere near the team store.
 */
import { describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { facePairs, pairsFile, startDesk, waitFor } from './desks-fixture'
import { useTeamWithSandbox } from './team-rig'

// a little latency per request, so the job is seen running
const rig = useTeamWithSandbox({ operators: ['alice', 'bob'], sandbox: { args: ['--latency', '800'] } })

describe('the job registry', () => {
  it('a running job is on the Team status of another desk; it ends done with its counts and its doubtful pairs queued', async () => {
    const pairs = facePairs(0, 6)
    const desk = startDesk({ team: rig.team, sandbox: rig.sandbox, role: 'alice', name: 'loket-1', args: ['run', pairsFile(rig.team.dir, 'kyc.csv', pairs), '--kind', 'face-match', '--concurrency', '1', '--allow-outside-paths'] })
    const running = await waitFor(
      async () => JSON.parse((await rig.team.rekap('bob', ['team', 'status', '--json'], { desk: 'supervisor' })).stdout || '{}'),
      (s) => (s.runningJobs ?? []).some((j: { desk: string; state: string }) => j.desk === 'loket-1' && j.state === 'running'),
      90_000,
      200,
    ).catch((err) => {
      throw new Error(`${(err as Error).message}\ndesk said:\n${desk.out()}`)
    })
    const seen = running.runningJobs.find((j: { desk: string }) => j.desk === 'loket-1')
    expect(seen).toMatchObject({ kind: 'face-match', total: 6, operator: 'alice' })
    const end = await desk.done
    expect(end.code, end.out).toBe(0)
    const jobs = await rig.team.query(`SELECT job_id, state, total, counts, calls, operator FROM rekap.jobs WHERE desk = 'loket-1'`)
    expect(jobs.rows.length).toBe(1)
    expect(jobs.rows[0]).toMatchObject({ state: 'done', total: 6, calls: 6, operator: 'alice' })
    expect(jobs.rows[0].counts).toMatchObject({ done: 6, failed: 0, pending: 0 })
    const queued = await rig.team.query(`SELECT row_no, service_verdict, photo_a, photo_b FROM rekap.review_items WHERE desk = 'loket-1' ORDER BY row_no`)
    expect(queued.rows.length).toBeGreaterThan(0)
    for (const q of queued.rows) {
      const a = await sharp(q.photo_a).metadata()
      expect(Math.max(a.width!, a.height!)).toBeLessThanOrEqual(64)
      expect(q.photo_b).not.toBeNull()
    }
    const everything = await rig.team.query(`SELECT string_agg(t, ' ') AS all FROM (
      SELECT j::text AS t FROM rekap.jobs j UNION ALL SELECT d::text FROM rekap.desks d UNION ALL SELECT (i.label, i.pair_hash)::text FROM rekap.review_items i) x`)
    expect(everything.rows[0].all).not.toContain(rig.sandbox.key)
  })
})
