/**
 * Issue 26, the app's Folder pantau across a restart: the watched folder is kept in Settings, so
 * the app (or `rekap ui`) closed in the middle of a watched job and opened again watches the folder
 * again and finishes the job it had taken, once: no pair charged twice on the sandbox's ledger,
 * one report in selesai/. The real store file, the real engine, a real sandbox process on loopback.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CommandName, CommandOutput } from '../../src-main/contract/ipc'
import { appPaths } from '../../src-main/app/app-paths'
import { dispatch } from '../../src-main/app/dispatch'
import { envKeyVault } from '../../src-main/app/key-vault'
import { openApp, type OpenApp } from '../../src-main/app/open-app'
import { serviceOrigin } from '../../src-main/core/net/service-url'
import { startSandboxProcess, SHARED_DIR, type SandboxProcess } from '../helpers/sandbox-process'
import { makeTempDir } from '../helpers/temp-dir'

const face = (f: string): string => join(SHARED_DIR, 'fixtures/faces', f)
const PAIRS: Array<[string, string]> = [
  ['obama_1.jpg', 'obama_2.jpg'], ['obama_1.jpg', 'obama_3.jpg'], ['obama_2.jpg', 'obama_3.jpg'], ['biden_1.jpg', 'biden_2.jpg'],
  ['kit_harington_1.jpg', 'kit_harington_2.jpg'], ['rose_leslie_1.jpg', 'rose_leslie_2.jpg'], ['alex_lacamoire_1.jpg', 'alex_lacamoire_2.png'],
  ['obama_1.jpg', 'biden_1.jpg'], ['kit_harington_1.jpg', 'rose_leslie_1.jpg'], ['obama_240p.jpg', 'obama_1.jpg'],
]

let tmp: ReturnType<typeof makeTempDir>
let sandbox: SandboxProcess
let app: OpenApp | null = null

function open(): OpenApp {
  return openApp({
    mode: 'browser',
    paths: appPaths(join(tmp.dir, 'data')),
    vault: () => envKeyVault({ REKAP_API_KEY: sandbox.key }),
    platformLanguage: 'id-ID',
    progressIntervalMs: 100,
    heavyWorkThreads: false,
    allowedFolders: [tmp.dir],
    env: {},
  })
}

function call<N extends CommandName>(name: N, input: unknown): Promise<CommandOutput<N>> {
  return dispatch(app!.handlers, name, input) as Promise<CommandOutput<N>>
}

async function until(what: string, pred: () => boolean, ms: number, detail: () => Promise<unknown> = async () => ''): Promise<void> {
  const end = Date.now() + ms
  while (!pred()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(await detail())}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

beforeAll(async () => {
  tmp = makeTempDir('rekap-unattended-app-restart-')
  sandbox = await startSandboxProcess({ args: ['--latency', '400'] })
}, 60_000)

afterAll(async () => {
  await app?.close()
  await sandbox?.stop()
  tmp?.cleanup()
})

describe('Folder pantau across a restart of the app', () => {
  it('closed mid-job and opened again: the folder is watched again and the workbook finished once, no pair charged twice', async () => {
    app = open()
    // the app talks to the sandbox process, its key confirmed for that host (as Settings would after asking)
    app.ctx.saveSettings({ ...app.ctx.settings(), baseUrl: sandbox.url, keyHost: serviceOrigin(sandbox.url) })
    app.ctx.store.settings.set('preset:kyc', { savedAt: 0, preset: { kind: 'face-match', reuseDays: 0, allowOutsidePaths: true, concurrency: 1 } })
    const dir = join(tmp.dir, 'masuk')
    mkdirSync(dir)
    await call('watch.start', { dir, preset: 'kyc' })
    const lines = ['NIK,Nama,Foto KTP,Foto Selfie', ...PAIRS.map(([a, b], i) => `32730101010100${10 + i},Orang ${i},${face(a)},${face(b)}`)]
    writeFileSync(join(dir, 'nasabah.csv'), lines.join('\n') + '\n')
    const doneRows = (): number => {
      const job = app!.ctx.store.jobs.list().find((j) => j.kind === 'face-match')
      return job ? app!.ctx.engine.rows(job.id, 0, 100, { states: ['done'] }).total : 0
    }
    await until('two rows done', () => doneRows() >= 2, 150_000, () => call('watch.status', {}))
    await app.close()
    app = null
    expect(existsSync(join(dir, 'selesai', 'nasabah.csv'))).toBe(false)

    app = open()
    // nobody pressed start: the folder kept in Settings is watched again
    let status = await call('watch.status', {})
    for (const end = Date.now() + 10_000; !status && Date.now() < end; status = await call('watch.status', {})) await new Promise((r) => setTimeout(r, 50))
    expect(status).toMatchObject({ dir, preset: 'kyc', running: true })
    await until('the report in selesai/', () => existsSync(join(dir, 'selesai', 'nasabah.csv')), 150_000, () => call('watch.status', {}))
    expect(readdirSync(join(dir, 'selesai')).filter((f) => /^nasabah-j[0-9a-f]+\.xlsx$/.test(f))).toHaveLength(1)
    expect(app.ctx.store.jobs.list().filter((j) => j.kind === 'face-match')).toHaveLength(1)

    const { charges } = await sandbox.admin('GET', '/_sandbox/ledger')
    const byPair = new Map<string, number>()
    for (const c of charges as Array<{ pair: string }>) byPair.set(c.pair, (byPair.get(c.pair) ?? 0) + 1)
    expect([...byPair.values()].filter((n) => n > 1)).toEqual([])
    expect(byPair.size).toBe(PAIRS.length)

    // stopped by the user: forgotten, the next start does not watch it
    await call('watch.stop', {})
    await app.close()
    app = open()
    expect(await call('watch.status', {})).toBeNull()
  }, 400_000)
})
