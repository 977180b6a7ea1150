/**
 * The app's Folder pantau switched off while a dropped workbook was still being planned went on to
 * run that job to the end once its plan was ready, as `rekap watch` did on SIGTERM. Now nothing is
 * sent after the stop, the job is left resumable with the watcher's note in proses/, and switching
 * the folder on again finishes it with no row sent twice. The real app dispatcher, store and engine,
 * the real sandbox process; stop is asked while the job's row is still `draft` (rows being imported).
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

let tmp: ReturnType<typeof makeTempDir>
let sandbox: SandboxProcess
let app: OpenApp

const CODES = Array.from({ length: 20 }, (_, i) => String(3201001 + i))
const ROWS = 80_000

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
    writeFileSync(join(dir, 'kode.csv'), `Kode RS\n${Array.from({ length: ROWS }, (_, i) => CODES[i % CODES.length]).join('\n')}\n`)
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
