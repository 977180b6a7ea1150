/**
 * Issue 22, the per-job Review screen in a team, in real Chromium against two real `rekap ui`
 * processes on one desk's database and one real PostgreSQL: two reviewers opening the same
 * published job are shown different pairs (claimed on the team queue), and a pair one skips is the
 * other's next pair.
 */
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startUiProcess, type UiProcess } from './helpers/ui-process'
import { launchChromium } from './helpers/browser'
import { ensureRendererBuilt } from './helpers/renderer-build'
import { startTestTeam, buildDoubtfulFaceJob, type TestTeam } from '../integration/team/team-fixture'

let team: TestTeam
let browser: Browser
let jobId: string
const uis: UiProcess[] = []

async function reviewerPage(role: string): Promise<Page> {
  const ui = await startUiProcess({
    dbFile: join(team.dir, 'loket-1.db'),
    env: { REKAP_TEAM: team.url(role), REKAP_TEAM_DESK: 'loket-1', PGPASSWORD: team.password(role) },
  })
  uis.push(ui)
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' })).newPage()
  await page.goto(ui.url)
  await page.getByTestId('nav-new').waitFor()
  await page.evaluate((id) => (location.hash = `#/review/${id}`), jobId)
  return page
}

/** the row the screen shows once its pair is loaded */
async function shownRow(page: Page, not?: string): Promise<string> {
  await page.waitForFunction((from) => {
    const row = document.querySelector('[data-testid=review-pair]')?.getAttribute('data-row')
    return !!row && row !== from && !!document.querySelector('[data-testid=review-nik]')
  }, not ?? null, { timeout: 30_000 })
  return (await page.getByTestId('review-pair').getAttribute('data-row'))!
}

beforeAll(async () => {
  ensureRendererBuilt()
  team = await startTestTeam()
  expect((await team.rekap('teamowner', ['team', 'init'])).code).toBe(0)
  for (const r of ['alice', 'bob']) await team.addOperator(r)
  jobId = buildDoubtfulFaceJob(join(team.dir, 'loket-1.db'), 4)
  expect((await team.rekap('alice', ['team', 'publish', jobId], { desk: 'loket-1' })).code).toBe(0)
  browser = await launchChromium()
}, 300_000)

afterAll(async () => {
  await browser?.close()
  for (const u of uis) await u.stop()
  await team?.stop()
})

describe("the job's Review screen in a team", () => {
  it('two reviewers are shown different pairs; a skipped pair is the other reviewer\'s next', async () => {
    const alice = await reviewerPage('alice')
    const aliceRow = await shownRow(alice)
    const bob = await reviewerPage('bob')
    const bobRow = await shownRow(bob)
    expect(bobRow).not.toBe(aliceRow)
    await alice.keyboard.press('S')
    const aliceNext = await shownRow(alice, aliceRow)
    expect([aliceRow, bobRow]).not.toContain(aliceNext)
    await bob.keyboard.press('A')
    expect(await shownRow(bob, bobRow)).toBe(aliceRow)
  }, 120_000)
})
