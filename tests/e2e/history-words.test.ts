/**
 * History says its numbers and reasons as the rest of rekap does, in real Chromium against the real
 * `rekap ui` (Indonesian page):
 * - Compare's counts in the page language's digit grouping, as `rekap compare` says them (911c1f7):
 *   two hospital runs of 1,200 and 2,300 rows read "1.200 baris berubah …, 1.100 baris baru" (in
 *   English "1,200 rows changed …"); the panel passed bare numbers ("1200 baris berubah"). Screenshot history-compare-numbers.
 * - A watched job whose file another computer holds: its row says so, short, naming that computer
 *   (the job screen's full reason as the row's tooltip); before, the row showed no reason for the
 *   missing Resume. Screenshot history-held-elsewhere.
 * The jobs and the claim are written by this test as the runs, the watcher and the other computer would.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openStore } from '../../src-main/core/store'
import { defaultJobSettings } from '../../src-main/core/model/job-settings'
import { coreText, storedText } from '../../src-main/core/texts/core-text'
import { claimPath } from '../../src-main/core/unattended/watch-folder'
import { keepWatchedOrigin } from '../../src-main/core/unattended/watched-job'
import { useAppPage } from './helpers/app-page'
import { screenshot } from './helpers/browser'

const UI_ANSWER = { timeout: 15_000 }
const code = (i: number): string => String(3171000 + i)

/** A finished hospital-lookup run of `n` codes; the first `notFound` of them not found. */
function finishedRun(dbFile: string, n: number, notFound: number, at: number): string {
  const store = openStore(dbFile)
  try {
    const settings = defaultJobSettings({ sandbox: true })
    const id = store.jobs.create({ kind: 'hospital-lookup', inputName: 'kode-rs.csv', headers: ['Kode RS'], mapping: { code: 'Kode RS' }, settings }, at).id
    store.rows.insertMany(id, Array.from({ length: n }, (_, i) => ({ rowNo: i + 1, sourceRow: i + 2, input: { 'Kode RS': code(i + 1) }, payload: { code: code(i + 1) } })), at)
    for (const to of ['ready', 'running'] as const) store.jobs.transition(id, to, at)
    store.db.transaction(() => {
      for (let r = 1; r <= n; r++) {
        store.rows.markInFlight(id, r, at)
        if (r <= notFound) store.rows.fail(id, r, { code: 'not-found', message: `no hospital with code ${code(r)}` }, at)
        else store.rows.complete(id, r, { outcome: 'found', recordKey: code(r) }, at, { product: 'hospitals', chargePoints: 0 })
      }
    })()
    store.jobs.transition(id, 'done', at)
    return id
  } finally {
    store.close()
  }
}

/** A watched hospital-lookup job of 3 rows, held back (paused) as the watcher leaves it, its claim another computer's. */
function heldBackJob(dbFile: string, dir: string): string {
  mkdirSync(join(dir, 'proses'), { recursive: true })
  writeFileSync(join(dir, 'kode.csv'), 'Kode RS\n3171001\n3171002\n3171003\n')
  writeFileSync(claimPath(dir, 'kode.csv'), `4242@meja-b ${new Date().toISOString()} ${Date.now() - 60_000}\n`)
  const store = openStore(dbFile)
  try {
    const now = Date.now()
    const settings = defaultJobSettings({ sandbox: true })
    const id = store.jobs.create({ kind: 'hospital-lookup', inputFile: join(dir, 'kode.csv'), inputName: 'kode.csv', inputFingerprint: 'sha256:held', headers: ['Kode RS'], mapping: { code: 'Kode RS' }, settings }, now).id
    store.rows.insertMany(id, [1, 2, 3].map((i) => ({ rowNo: i, sourceRow: i + 1, input: { 'Kode RS': code(i) }, payload: { code: code(i) } })), now)
    for (const to of ['ready', 'running'] as const) store.jobs.transition(id, to, now)
    store.jobs.transition(id, 'paused', now, { reason: 'held-back', detail: storedText(coreText('watch.claimTaken', { name: 'kode.csv', host: 'meja-b', job: id })) })
    keepWatchedOrigin(store, id, dir, 'kode.csv')
    return id
  } finally {
    store.close()
  }
}

let runA: string
let runB: string
let held: string
const app = useAppPage({
  viewport: { width: 1280, height: 800 },
  locale: 'id-ID',
  context: { acceptDownloads: true },
  beforeBrowser: async (ui) => {
    const now = Date.now()
    runA = finishedRun(ui.dbFile, 1200, 0, now - 120_000)
    runB = finishedRun(ui.dbFile, 2300, 1200, now - 60_000)
    held = heldBackJob(ui.dbFile, join(ui.dbFile, '..', 'masuk'))
  },
  readyTestId: 'nav-history',
})

describe('History in Indonesian', () => {
  it("Compare says its counts in the page's digit grouping (1.200, not 1200)", async () => {
    await app.page.getByTestId('nav-history').click()
    await app.page.getByTestId('compare-toggle').click()
    await app.page.getByTestId(`pick-${runA}`).check()
    await app.page.getByTestId(`pick-${runB}`).check()
    await app.page.getByTestId('compare-run').click()
    const result = app.page.getByTestId('compare-result')
    await result.waitFor({ timeout: 120_000 })
    const text = (await result.textContent()) ?? ''
    await screenshot(app.page, 'history-compare-numbers', app.page.getByTestId('compare-panel'))
    expect(text).toMatch(/1\.200 baris berubah \([\d.]+ sel\), 1\.100 baris baru, 0 baris hilang, 0 sama\./)
    // the same comparison in English: English grouping
    await app.page.getByTestId('language').selectOption('en')
    await app.page.getByTestId('compare-run').click()
    await expect.poll(() => result.textContent(), { timeout: 120_000 }).toMatch(/1,200 rows changed \([\d,]+ cells\), 1,100 rows added, 0 rows removed, 0 unchanged\./)
    await app.page.getByTestId('language').selectOption('id')
  }, 240_000)

  it('a watched job another computer holds says so in its row, naming that computer', async () => {
    await app.page.getByTestId('nav-history').click()
    const row = app.page.locator(`tr[data-job="${held}"]`)
    await row.waitFor(UI_ANSWER)
    expect(await row.getByRole('button', { name: 'Lanjutkan' }).count()).toBe(0)
    const why = row.getByTestId(`not-run-here-${held}`)
    await why.waitFor(UI_ANSWER)
    await screenshot(app.page, 'history-held-elsewhere', app.page.getByTestId('jobs-table'))
    expect(await why.textContent()).toMatch(/dipegang meja-b \(komputer lain\)/)
    // the full reason, the job screen's words, on hover
    expect(await why.getAttribute('title')).toContain(`rekap watch ${join(app.ui.dbFile, '..', 'masuk')}`)
  })
})
