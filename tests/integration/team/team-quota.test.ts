/**
 * Issue 22, one quota count per account: the standard hospital plan's 3,000 hits a month, shared
 * by 4 desks through the team store, with 2,900 already used: together they send at most the 100
 * left, so the sandbox never counts more than 3,000. Alone (each desk told 2,900 are used, as
 * before team mode) each believes it has 100 left and the sandbox refuses the excess.
 */
import { describe, expect, it } from 'vitest'
import { accountId } from '../../../src-main/core/engine/account-id'
import { teamAccountKey, teamSharedAccountSecret } from '../../../src-main/core/coordination/team/team-coordination'
import { codesFile, startDesk, stopAllDesks } from './desks-fixture'
import { useTeamWithSandbox } from './team-rig'

const rig = useTeamWithSandbox({ operators: ['op1', 'op2', 'op3', 'op4'], sandbox: { args: ['--hospital-plan', 'standard'] } })

/** 4 desks x 40 lookups with 2,900 of 3,000 hits used; returns what reached the sandbox. */
async function fourDesks(alone: boolean): Promise<{ requests: number; sandboxHits: number; ends: Array<{ code: number | null; out: string }> }> {
  await rig.sandbox.admin('POST', '/_sandbox/usage', { product: 'hospitals', hits: 2900 })
  if (!alone) {
    // the team's count says the same (what `--hits-used` states in the team store)
    const salt = (await rig.team.query('SELECT account_salt FROM rekap.coordination_meta')).rows[0].account_salt
    // the desks name the account with the team's shared secret (whatever computer they run on)
    const account = teamAccountKey(salt, accountId({ baseUrl: rig.sandbox.url, apiKey: rig.sandbox.key, sandbox: false }, teamSharedAccountSecret(salt)))
    await rig.team.query(
      `INSERT INTO rekap.hits (account, product, month, hits) VALUES ($1, 'hospitals', to_char(now() AT TIME ZONE 'Asia/Jakarta', 'YYYY-MM'), 2900)
       ON CONFLICT (account, product, month) DO UPDATE SET hits = 2900`,
      [account],
    )
  }
  const before = ((await rig.sandbox.admin('GET', '/_sandbox/requests')).requests as Array<{ product: string }>).filter((r) => r.product === 'hospitals').length
  const desks = [1, 2, 3, 4].map((i) =>
    startDesk({
      team: rig.team, sandbox: rig.sandbox, role: `op${i}`, name: `quota-${alone ? 'alone' : 'team'}-${i}`, alone,
      args: ['run', codesFile(rig.team.dir, `quota${alone ? 'a' : 't'}${i}.csv`, 40), '--kind', 'hospital-lookup', '--hospital-plan', 'standard', '--concurrency', '2',
        ...(alone ? ['--hits-used', 'hospitals=2900'] : [])],
    }),
  )
  const ends = await Promise.all(desks.map((d) => d.done))
  const after = ((await rig.sandbox.admin('GET', '/_sandbox/requests')).requests as Array<{ product: string }>).filter((r) => r.product === 'hospitals').length
  const state = await rig.sandbox.admin('GET', '/_sandbox/state')
  return { requests: after - before, sandboxHits: state.hits.hospitals, ends }
}

describe('3,000 hits a month across 4 desks', () => {
  it('with 2,900 used, the 4 desks together send at most the 100 left: never more than 3,000 on the sandbox', async () => {
    const m = await fourDesks(false)
    expect(m.requests).toBeLessThanOrEqual(100)
    expect(m.requests).toBeGreaterThanOrEqual(95)
    expect(m.sandboxHits).toBeLessThanOrEqual(3000)
    let blocked = 0
    for (const e of m.ends) {
      // the plan counts the team's hits (2,900 + what the other desks took), not this desk's 0
      const left = Number(/quota ([\d,]+) hits left/.exec(e.out)?.[1].replace(/,/g, ''))
      expect(left, e.out).toBeLessThanOrEqual(100)
      // 160 lookups wanted, 100 left: a desk that started early may finish its 40; the others stop on the quota
      if (e.code === 3) {
        expect(e.out).toMatch(/BLOCKED \(quota-exhausted\)/)
        blocked++
      } else {
        expect(e.code, e.out).toBe(0)
        expect(e.out).toMatch(/40\/40 rows/)
      }
    }
    expect(blocked).toBeGreaterThanOrEqual(2)
  }, 180_000)

  it('--hits-used in a team never lowers the team count: a lower statement is refused naming it, a higher one raises it', async () => {
    const teamCount = async (): Promise<number> =>
      (await rig.team.query(`SELECT max(hits)::int AS n FROM rekap.hits WHERE product = 'hospitals'`)).rows[0].n as number
    const counted = await teamCount()
    expect(counted).toBeGreaterThanOrEqual(2995)
    const requests = async (): Promise<number> => ((await rig.sandbox.admin('GET', '/_sandbox/requests')).requests as Array<{ product: string }>).filter((r) => r.product === 'hospitals').length
    const sent = await requests()
    // before: the statement replaced the team's count with 10, and this desk went on to spend hits the team had used
    const lower = await startDesk({
      team: rig.team, sandbox: rig.sandbox, role: 'op1', name: 'hits-lower',
      args: ['run', codesFile(rig.team.dir, 'hits-lower.csv', 5), '--kind', 'hospital-lookup', '--hospital-plan', 'standard', '--hits-used', 'hospitals=10'],
    }).done
    expect(lower.code, lower.out).toBe(2)
    expect(lower.out).toContain(`the team has already counted ${counted} hospitals hits this month, more than the 10 stated`)
    expect(await teamCount()).toBe(counted)
    expect(await requests()).toBe(sent)
    // a higher statement (hits used outside the team) raises it: nothing is left, nothing is sent
    const higher = await startDesk({
      team: rig.team, sandbox: rig.sandbox, role: 'op2', name: 'hits-higher',
      args: ['run', codesFile(rig.team.dir, 'hits-higher.csv', 5), '--kind', 'hospital-lookup', '--hospital-plan', 'standard', '--hits-used', 'hospitals=3000'],
    }).done
    expect(higher.code, higher.out).toBe(3)
    expect(await teamCount()).toBe(3000)
    expect(await requests()).toBe(sent)
  }, 120_000)

  it('the team store never holds the API key, nor the hash rekap keeps of it locally', async () => {
    const tables = await rig.team.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'rekap'`)
    let dump = ''
    for (const { table_name } of tables.rows) dump += JSON.stringify((await rig.team.query(`SELECT * FROM rekap.${table_name}`)).rows)
    const local = accountId({ baseUrl: rig.sandbox.url, apiKey: rig.sandbox.key, sandbox: false })
    expect(dump).toContain('hospitals') // the hits above are there, under a keyed name
    expect(dump).not.toContain(rig.sandbox.key)
    expect(dump).not.toContain(local.split('#')[1])
  })

  it('alone (as before team mode) each desk believes it has 100 left and the desks send past the quota', async () => {
    const m = await fourDesks(true)
    expect(m.requests).toBeGreaterThan(100)
  }, 180_000)
})
