/**
 * The app's Folder pantau switched off while a dropped workbook was still being planned went on to
 * run that job to the end once its plan was ready, as `rekap watch` did on SIGTERM. Now nothing is
 * sent after the stop, the job is left resumable with the watcher's note in proses/, and switching
 * the folder on again finishes it with no row sent twice. The real app dispatcher, store and engine,
 * the real sandbox process; stop is asked while the job's row is still `draft` (rows being imported):
 * 4,000 rows, each row's insert slowed by 1 ms while the first plan runs (timing control,
 * tests/helpers/slow-row-inserts.cjs), so the import lasts 4 s or more at any load (it was 80,000
 * unslowed rows, whose later run, report and filing cost most of the file's time). The import runs
 * in this process, so the test's polling gets a turn only where the import waits for the file's next
 * read (256 KB): a note column pads the file to 4 reads, as the 80,000 bare codes were 3.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CommandName, CommandOutput } from '../../src-main/contract/ipc'
import { appPaths } from '../../src-main/app/app-paths'
import { dispatch } from '../../src-main/app/dispatch'
import { envKeyVault } from '../../src-main/app/key-vault'
import { openApp, type OpenApp } from '../../src-main/app/open-app'
import { serviceOrigin } from '../../src-main/core/net/service-url'
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process'
import { makeTempDir } from '../helpers/temp-dir'
import { until } from '../helpers/watch-process'
import { slowRowInserts } from '../helpers/slow-row-inserts'

let tmp: ReturnType<typeof makeTempDir>
let sandbox: SandboxProcess
let app: OpenApp

const CODES = Array.from({ length: 20 }, (_, i) => String(3201001 + i))
const ROWS = 4_000
/** ms added to each row's insert while the first plan runs: ROWS x this = the planning window */
const INSERT_MS = 1
/** ~200 bytes a row: 4,000 rows are 4 reads of the file, the turns the test's polling gets in the import */
const NOTE = 'catatan '.repeat(24)
let fastInserts = () => {}

function call<N extends CommandName>(name: N, input: unknown): Promise<CommandOutput<N>> {
  return dispatch(app.handlers, name, input) as Promise<CommandOutput<N>>
}

async function requests(): Promise<Array<{ path: string }>> {
  return (await sandbox.admin('GET', '/_sandbox/requests')).requests as Array<{ path: string }>
}

const watchedJob = () => app.ctx.store.jobs.list().find((j) => j.inputName === 'kode.csv')
const status = () => JSON.stringify(app.ctx.store.jobs.list().map((j) => [j.id, j.state]))

beforeAll(async () => {
  tmp = makeTempDir('rekap-app-watch-stop-')
  sandbox = await startSandboxProcess({ args: ['--hospital-plan', 'premium'] })
  fastInserts = slowRowInserts(INSERT_MS) // before the store is opened: its statements are prepared then
  app = openApp({
    mode: 'browser',
    paths: appPaths(join(tmp.dir, 'data')),
    vault: () => envKeyVault({ REKAP_API_KEY: sandbox.key }),
    platformLanguage: 'en-US',
    progressIntervalMs: 100,
    heavyWorkThreads: false,
    allowedFolders: [tmp.dir],
    env: {},
  })
  app.ctx.saveSettings({ ...app.ctx.settings(), baseUrl: sandbox.url, keyHost: serviceOrigin(sandbox.url) })
}, 60_000)

afterAll(async () => {
  fastInserts()
  await app?.close()
  await sandbox?.stop()
  tmp?.cleanup()
})

describe('Folder pantau switched off while a file is being planned', () => {
  it('sends nothing more, leaves the job resumable with a note; switched on again it finishes the job, no row sent twice', async () => {
    app.ctx.store.settings.set('preset:h', { savedAt: 0, preset: { kind: 'hospital-lookup', rps: 4, concurrency: 1, lang: 'en' } })
    const dir = join(tmp.dir, 'masuk')
    mkdirSync(dir)
    const from = (await requests()).length
    await call('watch.start', { dir, preset: 'h' })
    writeFileSync(join(dir, 'kode.csv'), `Kode RS,Catatan\n${Array.from({ length: ROWS }, (_, i) => `${CODES[i % CODES.length]},${NOTE}`).join('\n')}\n`)
    await until('the job to be created (its rows still being imported)', () => watchedJob() !== undefined, status)
    const planning = watchedJob()!
    expect(planning.state, 'asked to stop while the job was being planned').toBe('draft')
    const stopping = call('watch.stop', {})
    const atStop = (await requests()).length
    const view = await stopping
    expect(view?.running).toBe(false)
    expect((await requests()).length - atStop, `requests that reached the sandbox after the stop: ${status()}`).toBe(0)
    expect(['ready', 'paused']).toContain(app.ctx.store.jobs.get(planning.id)?.state)
    const note = readFileSync(join(dir, 'proses', 'kode.csv.menunggu.txt'), 'utf8')
    expect(note).toContain(`rekap resume ${planning.id}`)
    expect(note).toContain(`rekap watch ${dir}`)
    fastInserts()

    // switched on again: the same job finished and filed, each code sent once
    await call('watch.start', { dir, preset: 'h' })
    await until('the report in selesai/', () => existsSync(join(dir, 'selesai', 'kode.csv')), status)
    await call('watch.stop', {})
    expect(app.ctx.store.jobs.get(planning.id)?.state).toBe('done')
    expect(app.ctx.store.jobs.list().filter((j) => j.inputName === 'kode.csv')).toHaveLength(1)
    const sent = (await requests()).slice(from).map((r) => r.path)
    for (const code of CODES) expect(sent.filter((p) => p.includes(code)), `requests for ${code}`).toHaveLength(1)
  }, 180_000)
})
