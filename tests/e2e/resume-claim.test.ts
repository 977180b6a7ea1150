/**
 * The job screen of a job that came from a watched folder another computer now holds: no Resume
 * button (the engine would refuse it), but the reason, in the app's language, naming the other
 * computer and saying how to go on (rekap watch DIR takes the file back once that computer stops,
 * or Cancel, which stays offered). Before, Resume was offered and only then refused; earlier still
 * it ran the job here while the other computer ran the same workbook as its own: every remaining
 * row paid twice. The job and the claim are written by this test as the watcher's process and the
 * other computer's would be. Saved to docs/screenshots/job-held-elsewhere.png.
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

/** A watched hospital-lookup job of 3 rows, held back (paused) as the watcher leaves it, its claim another computer's. */
function heldBackJob(dbFile: string, dir: string): string {
  mkdirSync(join(dir, 'proses'), { recursive: true })
  writeFileSync(join(dir, 'kode.csv'), 'Kode RS\n3171001\n3171002\n3171003\n')
  writeFileSync(claimPath(dir, 'kode.csv'), `4242@meja-b ${new Date().toISOString()} ${Date.now() - 60_000}\n`)
  const store = openStore(dbFile)
  try {
    const now = Date.now()
    const input = join(dir, 'kode.csv')
    const settings = defaultJobSettings({ sandbox: true })
    const id = store.jobs.create({ kind: 'hospital-lookup', inputFile: input, inputName: 'kode.csv', inputFingerprint: 'sha256:held', headers: ['Kode RS'], mapping: { code: 'Kode RS' }, settings }, now).id
    store.rows.insertMany(id, [1, 2, 3].map((i) => ({ rowNo: i, sourceRow: i + 1, input: { 'Kode RS': `317100${i}` }, payload: { code: `317100${i}` } })), now)
    for (const to of ['ready', 'running'] as const) store.jobs.transition(id, to, now)
    store.jobs.transition(id, 'paused', now, { reason: 'held-back', detail: storedText(coreText('watch.claimTaken', { name: 'kode.csv', host: 'meja-b', job: id })) })
    keepWatchedOrigin(store, id, dir, 'kode.csv')
    return id
  } finally {
    store.close()
  }
}

let held: string
let dbFile: string
let watched: string
const app = useAppPage({
  viewport: { width: 1280, height: 800 },
  locale: 'id-ID',
  beforeBrowser: async (ui) => {
    dbFile = ui.dbFile
    watched = join(ui.dbFile, '..', 'masuk')
    held = heldBackJob(ui.dbFile, watched)
  },
  readyTestId: 'nav-history',
})

describe('the job screen of a watched job another computer holds', () => {
  it('offers no Resume but says why, naming that computer, in Indonesian, and how to go on; Cancel stays; no row sent', async () => {
    await app.page.evaluate((job) => (location.hash = `#/job/${job}`), held)
    await app.page.locator('[data-testid=job-state][data-state=paused]').waitFor()
    // the buttons come with the state (one view): none that the engine would refuse
    for (const button of ['resume', 'start', 'retry-failed', 'resend-uncertain']) expect(await app.page.getByTestId(button).count(), button).toBe(0)
    expect(await app.page.getByTestId('cancel').isVisible()).toBe(true)
    const why = app.page.getByTestId('not-run-here')
    await why.waitFor()
    const text = (await why.textContent()) ?? ''
    expect(text).toContain('meja-b')
    expect(text).toContain('komputer lain')
    expect(text).toContain(`rekap watch ${watched}`)
    await screenshot(app.page, 'job-held-elsewhere')
    const store = openStore(dbFile)
    try {
      expect(store.jobs.get(held)!.state).toBe('paused')
      expect(store.rows.counts(held)).toMatchObject({ pending: 3, done: 0, failed: 0, inFlight: 0 })
    } finally {
      store.close()
    }
  })
})
