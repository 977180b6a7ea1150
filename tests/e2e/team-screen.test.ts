/**
 * Issue 22, the app in team mode, in a real browser against the real `rekap ui` and a real
 * PostgreSQL: Settings → Team takes the team store's address and this desk's name (a password in
 * the address is refused; the password comes from PGPASSWORD), and the Team screen shows the desks,
 * the running jobs, this month's spend, budget left and hits — in Indonesian first. The screen is
 * saved to docs/screenshots/team.png, with a pair of the team review queue taken; the supervisor
 * decides it there (the same rule as `rekap review --team`).
 */
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startUiProcess, type UiProcess } from './helpers/ui-process'
import { launchChromium, screenshot } from './helpers/browser'
import { ensureRendererBuilt } from './helpers/renderer-build'
import { startTestTeam, buildDoubtfulFaceJob, type TestTeam } from '../integration/team/team-fixture'

let team: TestTeam
let ui: UiProcess
let browser: Browser
let page: Page
const pageErrors: string[] = []

async function asRole(role: string, sql: string, params: unknown[] = []): Promise<void> {
  const c = new pg.Client(team.server.clientConfig({ user: role, password: team.password(role), database: team.database }))
  await c.connect()
  await c.query(sql, params)
  await c.end()
}

beforeAll(async () => {
  ensureRendererBuilt()
  team = await startTestTeam()
  expect((await team.rekap('teamowner', ['team', 'init'])).code).toBe(0)
  for (const r of ['siti', 'budi', 'supervisor']) await team.addOperator(r)
  // loket-1 finished a KYC job (its doubtful pairs are in the queue); loket-2 is running one now
  const job = buildDoubtfulFaceJob(join(team.dir, 'loket-1.db'), 12)
  expect((await team.rekap('siti', ['team', 'publish', job], { desk: 'loket-1' })).code).toBe(0)
  expect((await team.rekap('budi', ['team', 'status'], { desk: 'loket-2' })).code).toBe(0)
  await asRole('budi', `INSERT INTO rekap.jobs (desk, job_id, kind, state, total, counts, calls) VALUES ('loket-2', 'j7f3a91c2', 'face-match', 'running', 400, '{"done": 137}', 137)`)
  await team.query(`INSERT INTO rekap.budgets (month, budget_rp) VALUES (to_char(now() AT TIME ZONE 'Asia/Jakarta', 'YYYY-MM'), 2000000)`)
  for (let i = 0; i < 9; i++) {
    await asRole('siti', `INSERT INTO rekap.charges (pair_hash, product, job_id, desk, amount_rp) VALUES ($1, 'face-match', $2, 'loket-1', 400)`, [`p${i}`, job])
  }
  ui = await startUiProcess({ env: { PGPASSWORD: team.password('supervisor'), REKAP_TEAM: '' } })
  browser = await launchChromium()
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'id-ID' })
  page = await context.newPage()
  page.on('console', (m) => m.type() === 'error' && pageErrors.push(m.text()))
  page.on('pageerror', (e) => pageErrors.push(e.message))
  await page.goto(ui.url)
  await page.getByTestId('nav-new').waitFor()
}, 300_000)

afterAll(async () => {
  await browser?.close()
  await ui?.stop()
  await team?.stop()
})

describe('Team screen', () => {
  it('before joining, the Team screen says how to join', async () => {
    await page.getByTestId('nav-team').click()
    await page.getByTestId('team-none').waitFor()
    expect(await page.getByTestId('team-none').textContent()).toContain('Pengaturan → Tim')
  })

  it('Settings → Team refuses a password in the address, then joins with the address and the desk name', async () => {
    await page.getByTestId('nav-settings').click()
    await page.getByTestId('settings-team-url').waitFor({ timeout: 15_000 }).catch(async (err) => {
      throw new Error(`${(err as Error).message}\n${pageErrors.join('\n')}`)
    })
    await page.getByTestId('settings-team-url').fill(`postgres://supervisor:rahasia@127.0.0.1:${team.server.port}/${team.database}`)
    await page.getByTestId('settings-save').click()
    await page.getByText('kata sandi tidak boleh ada di alamat tim').or(page.getByText('no password in the team address')).first().waitFor()
    await page.getByTestId('settings-team-url').fill(team.url('supervisor'))
    await page.getByTestId('settings-team-desk').fill('meja-supervisor')
    await page.getByTestId('settings-save').click()
    await page.waitForFunction(() => !document.querySelector('[data-testid="settings-save"]')?.hasAttribute('disabled'))
  })

  it('shows the desks, the running job, spend, budget left and hits, in Indonesian', async () => {
    await page.getByTestId('nav-team').click()
    await page.getByTestId('team-desks').waitFor()
    const desks = await page.getByTestId('team-desks').textContent()
    for (const d of ['loket-1', 'loket-2', 'meja-supervisor']) expect(desks).toContain(d)
    const jobs = await page.getByTestId('team-jobs').textContent()
    expect(jobs).toContain('j7f3a91c2')
    expect(jobs).toContain('Berjalan')
    expect(jobs).toContain('budi')
    expect(await page.getByTestId('team-spent').textContent()).toContain('Rp3.600')
    expect(await page.getByTestId('team-budget').textContent()).toContain('Rp1.996.400 / Rp2.000.000')
    expect(await page.getByTestId('team-target').textContent()).toContain('peran supervisor')
    // the team review queue: the supervisor takes the next doubtful pair (photos, NIK, the service's verdict)
    await page.getByTestId('team-review-next').click()
    await page.getByTestId('team-review-item').waitFor()
    const pair = await page.getByTestId('team-review-item').textContent()
    expect(pair).toContain('loket-1')
    expect(pair).toContain('dijalankan oleh siti')
    expect(pair).toMatch(/32730101010\d{5}/)
    await screenshot(page, 'team')
  })

  it('decides the pair on the team queue: signed with the role, in Indonesian', async () => {
    await page.getByTestId('team-review-approve').click()
    await page.getByTestId('team-review-done').waitFor()
    expect(await page.getByTestId('team-review-done').textContent()).toMatch(/^Pasangan \d+: Setujui, diputuskan oleh supervisor\.$/)
    const d = await team.query(`SELECT decision, decider::text, desk FROM rekap.decisions`)
    expect(d.rows).toEqual([{ decision: 'approve', decider: 'supervisor', desk: 'meja-supervisor' }])
  })
})
