/**
 * A pause rekap made itself says why on the job's screen. A watcher that lost its claim of a
 * watched file while its computer slept pauses the job before sending more rows, and keeps the
 * reason with the job (watch-stalled-desk); the job screen showed only "Dijeda", so the person who
 * opened it could not tell that another computer had the file, nor why Resume might pay twice.
 * The job here is written into the app's data file by this test, as the watcher's process would
 * (another process on the same file); a pause the user asked for has no reason and shows none.
 */
import { describe, expect, it } from 'vitest'
import { openStore } from '../../src-main/core/store'
import { defaultJobSettings } from '../../src-main/core/model/job-settings'
import { coreText, storedText } from '../../src-main/core/texts/core-text'
import { screenshot } from './helpers/browser'
import { useAppPage } from './helpers/app-page'

/** A hospital-lookup job of 3 rows taken to `paused` as a process would, with `detail` as its reason. */
function pausedJob(dbFile: string, detail: string | null): string {
  const store = openStore(dbFile)
  try {
    const now = Date.now()
    const id = store.jobs.create(
      { kind: 'hospital-lookup', inputFile: '/data/kode.xlsx', inputName: 'kode.xlsx', inputFingerprint: 'sha256:paused', headers: ['Kode RS'], mapping: { code: 'Kode RS' }, settings: defaultJobSettings({}) },
      now,
    ).id
    store.rows.insertMany(
      id,
      [1, 2, 3].map((i) => ({ rowNo: i, sourceRow: i + 1, input: { 'Kode RS': `317100${i}` }, payload: { code: `317100${i}` } })),
      now,
    )
    for (const to of ['ready', 'running'] as const) store.jobs.transition(id, to, now)
    store.jobs.transition(id, 'paused', now, { reason: detail ? 'held-back' : 'user', detail })
    return id
  } finally {
    store.close()
  }
}

let held: string
let byUser: string
const app = useAppPage({
  viewport: { width: 1280, height: 800 },
  locale: 'id-ID',
  beforeBrowser: async (ui) => {
    held = pausedJob(ui.dbFile, storedText(coreText('watch.claimTaken', { name: 'nasabah.xlsx', host: 'meja-b', job: 'j1' })))
    byUser = pausedJob(ui.dbFile, null)
  },
  readyTestId: 'nav-history',
})

describe('a paused job says why', () => {
  it("shows the reason rekap paused it for, in the app's language; a user's pause shows none", async () => {
    await app.page.evaluate((job) => (location.hash = `#/job/${job}`), held)
    await app.page.locator('[data-testid=job-state][data-state=paused]').waitFor()
    const why = app.page.getByTestId('paused-why')
    await why.waitFor()
    const text = (await why.textContent()) ?? ''
    expect(text).toContain('Dijeda:')
    // the watcher's own words, rendered in Indonesian: the file and the other computer named
    expect(text).toContain('nasabah.xlsx')
    expect(text).toContain('meja-b')
    await screenshot(app.page, 'job-paused-why')

    await app.page.evaluate((job) => (location.hash = `#/job/${job}`), byUser)
    await app.page.locator('h1 .mono', { hasText: byUser }).waitFor()
    await app.page.locator('[data-testid=job-state][data-state=paused]').waitFor()
    await expect.poll(() => app.page.getByTestId('paused-why').count()).toBe(0)
  })
})
