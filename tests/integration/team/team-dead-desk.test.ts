/**
 * Team truth audit: a desk killed (SIGKILL) in the middle of a face-match run, then resumed. What
 * the team says of it must be true: once its lease has expired, `rekap team status` (any desk,
 * the supervisor's Team screen alike) must not go on listing its job as `running` (nobody runs
 * it; locally the same job reads `interrupted`); and the resume pays no pair twice (the sandbox's
 * ledger), the team ledger holding one line per pair the service charged (or an uncertain line
 * for the request cut off by the kill).
 */
import { describe, expect, it } from 'vitest'
import { facePairs, pairsFile, startDesk, waitFor } from './desks-fixture'
import { useTeamWithSandbox } from './team-rig'

// answers take 1.5 s: the kill lands while requests are at the service
const rig = useTeamWithSandbox({ operators: ['op1', 'op2'], sandbox: { args: ['--latency', '1500'] } })

type Job = { desk: string; jobId: string; state: string }
const status = async (): Promise<{ runningJobs: Job[] }> => {
  const r = await rig.team.rekap('op2', ['team', 'status', '--json'], { desk: 'supervisor' })
  expect(r.code, r.stderr).toBe(0)
  return JSON.parse(r.stdout)
}
const charges = async (): Promise<Array<{ pair: string | null }>> => (await rig.sandbox.admin('GET', '/_sandbox/ledger')).charges

describe('a desk killed mid-run', () => {
  it('is not shown running once its lease has expired, and its resume pays no pair twice', async () => {
    const file = pairsFile(rig.team.dir, 'killed.csv', facePairs(0, 8))
    const args = ['run', file, '--kind', 'face-match', '--concurrency', '2', '--allow-outside-paths']
    const desk = startDesk({ team: rig.team, sandbox: rig.sandbox, role: 'op1', name: 'loket-mati', args })
    const seen = await waitFor(status, (s) => s.runningJobs.some((j) => j.desk === 'loket-mati' && j.state === 'running'), 90_000, 200)
    const jobId = seen.runningJobs.find((j) => j.desk === 'loket-mati')!.jobId
    await waitFor(charges, (c) => c.length >= 2, 60_000, 100)
    desk.child.kill('SIGKILL')
    await desk.done
    // its lease (renewed every 500 ms while it lived) expires: from then on nobody runs the job
    await waitFor(
      async () => (await rig.team.query(`SELECT bool_and(lease_until <= clock_timestamp()) AS gone FROM rekap.leases WHERE desk = 'loket-mati'`)).rows[0].gone,
      (gone) => gone === true,
      30_000,
      200,
    )
    const after = (await status()).runningJobs.find((j) => j.jobId === jobId)
    expect(after?.state, 'the dead desk\'s job, as the team shows it').not.toBe('running')
    expect(after?.state).toBe('interrupted')

    // every request the sandbox received is answered (and charged) before the resume starts
    await waitFor(
      async () => ((await rig.sandbox.admin('GET', '/_sandbox/requests')).requests as Array<{ answeredAt?: number }>).every((r) => r.answeredAt !== undefined),
      (all) => all,
      30_000,
      200,
    )
    // the latency was for the kill to land while requests were at the service; the resume's pairs need none
    await rig.sandbox.admin('POST', '/_sandbox/faults', { latency_ms: 0 })
    // the same desk (its own data file) resumes the job, the key from the environment
    const end = await rig.team.rekap('op1', ['resume', jobId, '--db', desk.db], { desk: 'loket-mati', env: { REKAP_API_KEY: rig.sandbox.key, REKAP_LANG: 'en' } })
    expect([0, 1], end.stdout + end.stderr).toContain(end.code)
    const perPair = new Map<string, number>()
    for (const c of await charges()) perPair.set(c.pair!, (perPair.get(c.pair!) ?? 0) + 1)
    expect([...perPair.values()].every((n) => n === 1), JSON.stringify([...perPair])).toBe(true)
    // the team ledger: one certain line per pair the service charged, the cut-off ones uncertain
    const lines = await rig.team.query(`SELECT count(*) FILTER (WHERE NOT uncertain)::int AS certain, count(*) FILTER (WHERE uncertain)::int AS uncertain
      FROM rekap.charges WHERE desk = 'loket-mati' AND NOT reused`)
    expect(lines.rows[0].certain).toBeLessThanOrEqual(perPair.size)
    expect(lines.rows[0].certain + lines.rows[0].uncertain).toBeGreaterThanOrEqual(perPair.size)
    // and the finished job is no longer among the running ones
    expect((await status()).runningJobs.find((j) => j.jobId === jobId)).toBeUndefined()
  }, 240_000)
})
