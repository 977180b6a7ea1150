/**
 * Issue 22, the app as a desk: browser mode (the app's own composition root, startUi, over real
 * HTTP) with a team set (REKAP_TEAM, as Settings → Team does) and a CLI desk (a real `rekap`
 * process), on one real sandbox and one real PostgreSQL. The app's runs take their turns, money
 * and pairs from the same team store as the CLI's, and its jobs are in `rekap team status`.
 * Before the app joined its team it ran alone: the combined desks overspent the team budget and
 * the app's job never reached the team's registry.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startSandboxProcess, type SandboxProcess } from '../../helpers/sandbox-process'
import { startUi, type RunningUi } from '../../../src-main/browser/run-ui'
import { signIn } from '../../security/helpers'
import { startTestTeam, type TestTeam } from './team-fixture'
import { codesFile, facePairs, pairsFile, startDesk, stopAllDesks, waitFor, type Desk } from './desks-fixture'

let team: TestTeam
const uis: RunningUi[] = []
const sandboxes: SandboxProcess[] = []

beforeAll(async () => {
  team = await startTestTeam()
  expect((await team.rekap('teamowner', ['team', 'init'])).code).toBe(0)
  for (const op of ['op1', 'op2']) await team.addOperator(op)
}, 120_000)

// every child this file started is gone after each test, whatever happened in it
afterEach(async () => {
  await stopAllDesks()
  for (const u of uis.splice(0)) await u.close()
  for (const s of sandboxes.splice(0)) await s.stop()
})

afterAll(async () => team?.stop())

interface AppDesk {
  ui: RunningUi
  api(name: string, body: unknown): Promise<any>
}

/** Browser mode as `rekap ui` starts it, in a team through the environment (the desk `app-desk`, role op2). */
async function appDesk(sandbox: SandboxProcess, o: { alone?: boolean; password?: string } = {}): Promise<AppDesk> {
  const dir = join(team.dir, `app-${uis.length}-${Date.now()}`)
  mkdirSync(join(dir, 'renderer'), { recursive: true })
  writeFileSync(join(dir, 'renderer', 'index.html'), '<!doctype html><title>rekap</title>')
  const teamEnv = o.alone ? {} : { REKAP_TEAM: team.url('op2'), REKAP_TEAM_DESK: 'app-desk', PGPASSWORD: o.password ?? team.password('op2') }
  const ui = await startUi({
    dbFile: join(dir, 'rekap.db'), rendererDir: join(dir, 'renderer'), baseUrl: sandbox.url, allowOutsidePaths: true,
    folders: [team.dir], env: { REKAP_API_KEY: sandbox.key, ...teamEnv },
  })
  uis.push(ui)
  const auth = await signIn(ui.server.url)
  const api = async (name: string, body: unknown): Promise<any> => {
    const res = await fetch(`${ui.server.origin}/api/${name}`, { method: 'POST', headers: { 'content-type': 'application/json', ...auth }, body: JSON.stringify(body) })
    const json = await res.json()
    if (res.status !== 200) throw new Error(`${name}: ${res.status} ${JSON.stringify(json)}`)
    return json
  }
  return { ui, api }
}

function cliDesk(sandbox: SandboxProcess, name: string, args: string[]): Desk {
  return startDesk({ team, sandbox, role: 'op1', name, args })
}

describe('the app joins its team like a CLI desk', () => {
  it('standard plan (20 rps): the app and a CLI desk together stay under the plan, <= 1% answered 429', async () => {
    const sandbox = await startSandboxProcess({ args: ['--hospital-plan', 'standard', '--monthly-quota', '1000000'] })
    sandboxes.push(sandbox)
    const app = await appDesk(sandbox)
    const plan = await app.api('jobs.plan', { path: codesFile(team.dir, 'app-rate.csv', 150), kind: 'hospital-lookup', mapping: { code: 'Kode RS' } })
    const cli = cliDesk(sandbox, 'cli-rate', ['run', codesFile(team.dir, 'cli-rate.csv', 150), '--kind', 'hospital-lookup', '--hospital-plan', 'standard', '--concurrency', '4'])
    await app.api('jobs.start', { jobId: plan.jobId })
    const [cliEnd] = await Promise.all([cli.done, app.ui.app.ctx.engine.settled(plan.jobId)])
    expect(cliEnd.code, cliEnd.out).toBe(0)
    expect((await app.api('jobs.get', { jobId: plan.jobId })).state).toBe('done')
    const at = ((await sandbox.admin('GET', '/_sandbox/requests')).requests as Array<{ at: number; product: string }>)
      .filter((r) => r.product === 'hospitals').map((r) => r.at).sort((a, b) => a - b)
    const refused = at.length - 300
    // the steady part (start-up of the two desks aside), as team-rate.test.ts measures it
    const rps = (at.length - 11) / ((at[at.length - 6] - at[5]) / 1000)
    console.log(`app + CLI desk, standard: ${at.length} sent, ${refused} refused with 429, together ${rps.toFixed(2)} rps of 20`)
    // the sandbox enforces the key's rate: alone, each desk takes the whole 20 rps and lives on 429s
    expect(refused).toBeLessThanOrEqual(at.length * 0.01)
    expect(rps).toBeLessThanOrEqual(21)
  }, 180_000)

  it('a team budget of Rp8.000: the app and a CLI desk (25 distinct pairs each, more than the budget pays) pay for at most 20; both stop naming the team budget; the app job is in rekap team status', async () => {
    // each request answered after 0.3-0.9 s, so the two desks' runs overlap however the machine is loaded
    const sandbox = await startSandboxProcess({ key: 'key-app-budget', args: ['--latency', '600'] })
    sandboxes.push(sandbox)
    expect((await team.rekap('teamowner', ['team', 'budget', '8000'])).code).toBe(0)
    const before = (await sandbox.admin('GET', '/_sandbox/ledger')).charges.length
    const app = await appDesk(sandbox)
    const plan = await app.api('jobs.plan', {
      path: pairsFile(team.dir, 'app-budget.csv', facePairs(0, 25)), kind: 'face-match', mapping: { image1: 'Foto KTP', image2: 'Foto Selfie' },
    })
    const cli = cliDesk(sandbox, 'cli-budget', ['run', pairsFile(team.dir, 'cli-budget.csv', facePairs(30, 25)), '--kind', 'face-match', '--concurrency', '1', '--allow-outside-paths'])
    // the app starts once the CLI desk has paid its first pair: on a loaded CI the CLI process
    // started so late that the app had paid all of its pairs before the CLI desk sent one
    await waitFor(() => team.query(`SELECT count(*)::int AS n FROM rekap.charges WHERE desk = 'cli-budget'`).then((r) => r.rows[0].n as number), (n) => n >= 1, 120_000, 100)
    await app.api('jobs.start', { jobId: plan.jobId })
    const cliEnd = await cli.done
    const view = await waitFor(() => app.api('jobs.get', { jobId: plan.jobId }), (v) => v.state !== 'running' && v.state !== 'ready', 120_000, 200)
    const charges = (await sandbox.admin('GET', '/_sandbox/ledger')).charges.slice(before)
    console.log(`app + CLI desk, team budget Rp8.000: ${charges.length} paid; app job ${view.state}: ${view.blockedReason ?? ''} ${view.detail ?? ''}`)
    expect(charges.length).toBeLessThanOrEqual(20)
    expect(charges.length).toBeGreaterThanOrEqual(18)
    expect(cliEnd.code, cliEnd.out).toBe(3)
    expect(cliEnd.out).toMatch(/team's budget for this month, Rp8[.,]000, is reached/)
    expect(JSON.stringify(view)).toMatch(/Rp8[.,]000/)
    // the team's ledger holds the app's charges too, under its desk
    const byDesk = await team.query(`SELECT desk, count(*)::int AS n FROM rekap.charges WHERE NOT reused GROUP BY desk ORDER BY desk`)
    expect(byDesk.rows.map((r) => r.desk)).toEqual(expect.arrayContaining(['app-desk', 'cli-budget']))
    expect(byDesk.rows.reduce((s, r) => s + r.n, 0)).toBe(charges.length)
    // the app's job in the team's registry: `rekap team status` on another desk lists it
    const status = await waitFor(
      () => team.rekap('op1', ['team', 'status', '--json']).then((r) => JSON.parse(r.stdout)),
      (s) => JSON.stringify(s).includes(plan.jobId),
      30_000, 300,
    )
    expect(JSON.stringify(status)).toContain('app-desk')
  }, 240_000)

  it('a team store that refuses the app (wrong password) stops the plan with its reason (409; start and resume check the same); nothing is sent alone', async () => {
    const sandbox = await startSandboxProcess({ key: 'key-app-refused' })
    sandboxes.push(sandbox)
    const app = await appDesk(sandbox, { password: 'not-the-password' })
    const refused = /^jobs\.(plan|start): 409 .*penyimpanan tim postgres:\/\/op2@127\.0\.0\.1:\d+\/rekap_team menolak koneksi: password authentication failed for user/
    const plan = await app.api('jobs.plan', { path: codesFile(team.dir, 'app-refused.csv', 5), kind: 'hospital-lookup', mapping: { code: 'Kode RS' } }).then(() => null, (err: Error) => err.message)
    expect(plan).toMatch(refused)
    expect(plan).not.toContain('not-the-password')
    const hospitals = ((await sandbox.admin('GET', '/_sandbox/requests')).requests as Array<{ product: string }>).filter((r) => r.product === 'hospitals')
    expect(hospitals).toHaveLength(0)
  }, 60_000)
})
