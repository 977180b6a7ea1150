/**
 * The job screen of a job that came from a watched folder another computer now holds: no Resume
 * button (the engine would refuse it), but the reason, in the app's language, naming the other
 * computer and saying how to go on (rekap watch DIR takes the file back once that computer stops,
 * or Cancel, which stays offered). Before, Resume was offered and only then refused; earlier still
 * it ran the job here while the other computer ran the same workbook as its own: every remaining
 * row paid twice. The job and the claim are written by this test as the watcher's process and the
 * other computer's would be. Saved to docs/screenshots/job-held-elsewhere.png.
 *
 * A job screen already open when another computer takes the claim: it kept offering Resume until
 * something else in the store changed (the claim is a file in the watched folder, not in the
 * store, so nothing told the screen). Now it trades Resume for the reason within a few seconds,
 * and gives Resume back once the claim is this computer's again.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openStore } from '../../src-main/core/store'
import { defaultJobSettings } from '../../src-main/core/model/job-settings'
import { coreText, storedText } from '../../src-main/core/texts/core-text'
import { claimPath } from '../../src-main/core/unattended/watch-folder'
import { thisMachine } from '../../src-main/core/engine/boot-id'
import { keepWatchedOrigin } from '../../src-main/core/unattended/watched-job'
import { useAppPage } from './helpers/app-page'
import { screenshot } from './helpers/browser'

/** Another computer's claim, as its watcher writes it (beaten a minute ago). */
const otherComputersClaim = (): string => `4242@meja-b ${new Date().toISOString()} ${Date.now() - 60_000}\n`
/** This computer's claim of a watcher that ended (no process 4_000_000 started at 1): taken back by a Resume here. */
const endedWatcherHere = (): string => `4000000@${thisMachine()} ${new Date().toISOString()} 1\n`

/** A watched hospital-lookup job of 3 rows, paused as the watcher leaves it, with the given claim of its file. */
function watchedPausedJob(dbFile: string, dir: string, name: string, claim: string, why: 'held-back' | 'user'): string {
  mkdirSync(join(dir, 'proses'), { recursive: true })
  writeFileSync(join(dir, name), 'Kode RS\n3171001\n3171002\n3171003\n')
  writeFileSync(claimPath(dir, name), claim)
  const store = openStore(dbFile)
  try {
    const now = Date.now()
    const input = join(dir, name)
    const settings = defaultJobSettings({ sandbox: true })
    const id = store.jobs.create({ kind: 'hospital-lookup', inputFile: input, inputName: name, inputFingerprint: `sha256:${name}`, headers: ['Kode RS'], mapping: { code: 'Kode RS' }, settings }, now).id
    store.rows.insertMany(id, [1, 2, 3].map((i) => ({ rowNo: i, sourceRow: i + 1, input: { 'Kode RS': `317100${i}` }, payload: { code: `317100${i}` } })), now)
    for (const to of ['ready', 'running'] as const) store.jobs.transition(id, to, now)
    if (why === 'held-back') store.jobs.transition(id, 'paused', now, { reason: 'held-back', detail: storedText(coreText('watch.claimTaken', { name, host: 'meja-b', job: id })) })
    else store.jobs.transition(id, 'paused', now)
    keepWatchedOrigin(store, id, dir, name)
    return id
  } finally {
    store.close()
  }
}

let held: string
let open: string
let dbFile: string
let watched: string
const app = useAppPage({
  viewport: { width: 1280, height: 800 },
  locale: 'id-ID',
  beforeBrowser: async (ui) => {
    dbFile = ui.dbFile
    watched = join(ui.dbFile, '..', 'masuk')
    held = watchedPausedJob(ui.dbFile, watched, 'kode.csv', otherComputersClaim(), 'held-back')
    open = watchedPausedJob(ui.dbFile, watched, 'kode-b.csv', endedWatcherHere(), 'user')
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

describe('a job screen left open while another computer takes the claim', () => {
  it('trades Resume for the reason within a few seconds (nothing else in the store changing), and gives it back when the claim is this computer\'s again', async () => {
    await app.page.evaluate((job) => (location.hash = `#/job/${job}`), open)
    await app.page.locator('[data-testid=job-state][data-state=paused]').waitFor()
    await app.page.getByTestId('resume').waitFor()
    expect(await app.page.getByTestId('not-run-here').count()).toBe(0)

    // another computer's watcher takes the file: only the claim in proses/ changes
    writeFileSync(claimPath(watched, 'kode-b.csv'), otherComputersClaim())
    // (the defect: Resume stayed until something else in the store changed)
    await app.page.getByTestId('resume').waitFor({ state: 'detached', timeout: 10_000 })
    const why = app.page.getByTestId('not-run-here')
    await why.waitFor({ timeout: 10_000 })
    const text = (await why.textContent()) ?? ''
    expect(text).toContain('meja-b')
    expect(text).toContain('komputer lain')
    expect(text).toContain(`rekap watch ${watched}`)
    expect(await app.page.getByTestId('cancel').isVisible()).toBe(true)

    // the file back with this computer (a watcher here took it back, then ended): Resume again
    writeFileSync(claimPath(watched, 'kode-b.csv'), endedWatcherHere())
    await app.page.getByTestId('resume').waitFor({ timeout: 10_000 })
    await app.page.getByTestId('not-run-here').waitFor({ state: 'detached', timeout: 10_000 })
    const store = openStore(dbFile)
    try {
      expect(store.jobs.get(open)!.state).toBe('paused')
      expect(store.rows.counts(open)).toMatchObject({ pending: 3, done: 0, inFlight: 0 })
    } finally {
      store.close()
    }
  })
})
