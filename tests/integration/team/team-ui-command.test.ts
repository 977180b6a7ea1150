/**
 * Issue 22, `rekap ui --team URL --team-password-file F`: the real `rekap ui` process (browser
 * mode) joins the team from its flags — the Team screen's status names the team, this desk and the
 * role signed in — and a wrong password file stops it before it serves, with the team's address
 * and never the password (exit 2, like every team command). Real PostgreSQL.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { fakeRenderer, rekap, signIn, startUiChild, type UiChild } from '../../security/helpers'
import { startTestTeam, type TestTeam } from './team-fixture'

let team: TestTeam
const uis: UiChild[] = []

beforeAll(async () => {
  team = await startTestTeam()
  expect((await team.rekap('teamowner', ['team', 'init'])).code).toBe(0)
  await team.addOperator('alice')
}, 120_000)
afterEach(async () => {
  for (const u of uis.splice(0)) await u.stop()
})
afterAll(async () => team?.stop())

const env = (): Record<string, string> => ({ REKAP_TEAM: '', PGPASSWORD: '', REKAP_TEAM_DESK: '', REKAP_RENDERER_DIR: fakeRenderer(join(team.dir, 'renderer')) })

describe('rekap ui --team', () => {
  it('joins the team from its flags: the Team screen shows the team, this desk and the role', async () => {
    const ui = await startUiChild(
      ['--db', join(team.dir, 'ui.db'), '--team', team.url('alice'), '--team-password-file', team.passwordFile('alice'), '--team-desk', 'loket-ui'],
      env(),
    )
    uis.push(ui)
    expect(ui.output()).not.toContain(team.password('alice'))
    const auth = await signIn(ui.url)
    const res = await fetch(`${ui.origin}/api/team.status`, { method: 'POST', headers: { 'content-type': 'application/json', ...auth }, body: '{}' })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ team: team.url('alice'), desk: 'loket-ui', role: 'alice' })
    const desks = await team.query(`SELECT name, last_role FROM rekap.desks WHERE name = 'loket-ui'`)
    expect(desks.rows).toEqual([{ name: 'loket-ui', last_role: 'alice' }])
  }, 90_000)

  it('a wrong password file: refused before serving, naming the team, never the password (exit 2)', async () => {
    const wrong = join(team.dir, 'wrong.pw')
    writeFileSync(wrong, 'not-alices-password-4711\n', { mode: 0o600 })
    const r = await rekap(
      ['ui', '--port', '0', '--no-open', '--db', join(team.dir, 'ui-wrong.db'), '--team', team.url('alice'), '--team-password-file', wrong, '--team-desk', 'loket-ui'],
      { env: { ...env(), REKAP_LANG: 'en' }, timeoutMs: 30_000 },
    )
    expect(r.code).toBe(2)
    expect(r.stdout).not.toContain('rekap ui at')
    expect(r.stderr).toContain(`the team store ${team.url('alice')} refused the connection: password authentication failed`)
    expect(r.out).not.toContain('not-alices-password-4711')
    expect(r.out).not.toContain(team.password('alice'))
  }, 90_000)

  it('in Indonesian too', async () => {
    const wrong = join(team.dir, 'wrong-id.pw')
    writeFileSync(wrong, 'salah-sekali-0815\n', { mode: 0o600 })
    const r = await rekap(
      ['ui', '--port', '0', '--no-open', '--db', join(team.dir, 'ui-wrong-id.db'), '--team', team.url('alice'), '--team-password-file', wrong, '--team-desk', 'loket-ui'],
      { env: { ...env(), REKAP_LANG: 'id' }, timeoutMs: 30_000 },
    )
    expect(r.code).toBe(2)
    expect(r.stderr).toContain(`penyimpanan tim ${team.url('alice')} menolak koneksi`)
    expect(r.out).not.toContain('salah-sekali-0815')
  }, 90_000)
})
