/**
 * Team truth audit: the team's month is one month. Budget, hits and every paid request's check
 * count it in Asia/Jakarta (WIB); the Team screen of a desk whose own time zone is another
 * (Asia/Makassar, WITA, an hour ahead: a KYC desk in Makassar or Bali) must show the same month's
 * spend, so that spent + budget left = the budget on that screen, as `rekap team status` says.
 * The case: a charge made at 23:30 WIB on the last day of last month (00:30 WITA of this month's
 * first day) is last month's to the team and to its budget. Browser mode (startUi over real HTTP)
 * on a real PostgreSQL; `rekap team status` a real process.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startUi, type RunningUi } from '../../../src-main/browser/run-ui'
import { signIn } from '../../security/helpers'
import { startTestTeam, type TestTeam } from './team-fixture'
import { stopAllDesks } from './desks-fixture'

afterEach(stopAllDesks)

let team: TestTeam
const uis: RunningUi[] = []

beforeAll(async () => {
  team = await startTestTeam()
  expect((await team.rekap('teamowner', ['team', 'init'])).code).toBe(0)
  await team.addOperator('op1')
}, 120_000)

afterAll(async () => {
  for (const u of uis.splice(0)) await u.close()
  await team?.stop()
})

describe('the month on the Team screen of a desk in another time zone', () => {
  it("a WITA desk's Team screen counts the team's (WIB) month: spent + budget left = budget, as rekap team status says", async () => {
    expect((await team.rekap('teamowner', ['team', 'budget', '10000'])).code).toBe(0)
    const ins = `INSERT INTO rekap.charges (pair_hash, product, job_id, desk, amount_rp, charged_at) VALUES ($1, 'face-match', 'j1', 'loket-1', 400, $2)`
    // this month's charge, and one half an hour before this WIB month began
    const wibMonthStart = (await team.query(`SELECT date_trunc('month', now() AT TIME ZONE 'Asia/Jakarta') AT TIME ZONE 'Asia/Jakarta' AS t`)).rows[0].t
    await team.query(ins, ['pair-now', new Date()])
    await team.query(ins, ['pair-last-month', new Date(new Date(wibMonthStart).getTime() - 30 * 60_000)])

    const cli = await team.rekap('op1', ['team', 'status', '--json'], { desk: 'supervisor' })
    expect(cli.code, cli.stderr).toBe(0)
    const st = JSON.parse(cli.stdout)
    expect(st).toMatchObject({ spentRp: 400, budgetRp: 10000, budgetLeftRp: 9600 })

    const dir = join(team.dir, 'app-wita')
    mkdirSync(join(dir, 'renderer'), { recursive: true })
    writeFileSync(join(dir, 'renderer', 'index.html'), '<!doctype html><title>rekap</title>')
    const ui = await startUi({
      dbFile: join(dir, 'rekap.db'), rendererDir: join(dir, 'renderer'),
      env: { REKAP_TEAM: team.url('op1'), REKAP_TEAM_DESK: 'loket-makassar', PGPASSWORD: team.password('op1') },
    })
    uis.push(ui)
    const auth = await signIn(ui.server.url)
    const api = async (name: string, body: unknown): Promise<any> => {
      const res = await fetch(`${ui.server.origin}/api/${name}`, { method: 'POST', headers: { 'content-type': 'application/json', ...auth }, body: JSON.stringify(body) })
      expect(res.status, name).toBe(200)
      return res.json()
    }
    await api('settings.save', { timeZone: 'Asia/Makassar' })
    const screen = await api('team.status', {})
    expect({ month: screen.month, spentRp: screen.spentRp, charges: screen.charges }).toEqual({ month: st.month, spentRp: st.spentRp, charges: st.charges })
    expect(screen.spentRp + screen.budgetLeftRp).toBe(screen.budgetRp)
  }, 120_000)
})
