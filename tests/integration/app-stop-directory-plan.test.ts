/**
 * A directory job's plan sends first-page probes (hits counted against the month's quota). In the
 * app they went on to the last one when Folder pantau was switched off during them, and when the
 * app closed during New Job's plan. Now the watcher's stop and the engine's close end the probing:
 * at most the probe already on the wire when it came reaches the service. The real app dispatcher,
 * store and engine, the real sandbox process; probes paced at 1 a second, the stop asked once the
 * sandbox has seen the first one (a state, not a time). The value lists such a plan asks first
 * (types, classes, ownership, BLU status, each a hit) went all four at once past the stop too; now
 * at most the one on the wire when Folder pantau is switched off.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
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

/** 20 different queries (province × class): more than the plan probes. */
const QUERIES = ['31', '32', '33', '35', '51'].flatMap((p) => ['A', 'B', 'C', 'D'].map((c) => `${p},${c}`))
const WORKBOOK = `Kode Provinsi,Kelas\n${QUERIES.join('\n')}\n`

beforeAll(async () => {
  tmp = makeTempDir('rekap-app-stop-dir-')
  sandbox = await startSandboxProcess({ args: ['--hospital-plan', 'premium'] })
}, 60_000)

afterAll(async () => {
  await sandbox?.stop()
  tmp?.cleanup()
})

function appIn(name: string): OpenApp {
  const app = openApp({
    mode: 'browser',
    paths: appPaths(join(tmp.dir, name)),
    vault: () => envKeyVault({ REKAP_API_KEY: sandbox.key }),
    platformLanguage: 'en-US',
    progressIntervalMs: 100,
    heavyWorkThreads: false,
    allowedFolders: [tmp.dir],
    env: {},
  })
  app.ctx.saveSettings({ ...app.ctx.settings(), baseUrl: sandbox.url, keyHost: serviceOrigin(sandbox.url) })
  app.ctx.store.settings.set('preset:d', { savedAt: 0, preset: { kind: 'hospital-directory', rps: 1, concurrency: 1, lang: 'en' } })
  return app
}

function call<N extends CommandName>(app: OpenApp, name: N, input: unknown): Promise<CommandOutput<N>> {
  return dispatch(app.handlers, name, input) as Promise<CommandOutput<N>>
}

/** The hospital directory's search requests (a page of a query; the sandbox logs the path only) since `from`. */
async function searches(from = 0): Promise<number> {
  const all = (await sandbox.admin('GET', '/_sandbox/requests')).requests as Array<{ path: string }>
  return all.slice(from).filter((r) => /^\/hospitals\/indonesia\/?$/.test(r.path)).length
}

const requestCount = async (): Promise<number> => ((await sandbox.admin('GET', '/_sandbox/requests')).requests as unknown[]).length

describe('the app stopped while a directory plan sends its page probes', () => {
  it('Folder pantau switched off: no probe after the one in flight; the job left ready with the note', async () => {
    const app = appIn('watch')
    try {
      const dir = join(tmp.dir, 'masuk')
      mkdirSync(dir)
      const from = await requestCount()
      await call(app, 'watch.start', { dir, preset: 'd' })
      writeFileSync(join(dir, 'rs.csv'), WORKBOOK)
      await until('the plan to send its first page probe', async () => (await searches(from)) > 0, () => '')
      const stopping = call(app, 'watch.stop', {})
      const atStop = await searches(from)
      await stopping
      // (the defect: the other probes, up to MAX_PROBES, were still sent)
      expect((await searches(from)) - atStop, `page probes after the stop (${atStop} before it)`).toBeLessThanOrEqual(1)
      const job = app.ctx.store.jobs.list().find((j) => j.inputName === 'rs.csv')!
      expect(['ready', 'paused']).toContain(job.state)
      expect(readFileSync(join(dir, 'proses', 'rs.csv.menunggu.txt'), 'utf8')).toContain(`rekap resume ${job.id}`)
    } finally {
      await app.close()
    }
  }, 180_000)

  it('Folder pantau switched off while the plan asks its value lists: none after the one on the wire; the job left ready', async () => {
    const app = appIn('watch-lists')
    try {
      const dir = join(tmp.dir, 'masuk-lists')
      mkdirSync(dir)
      const from = await requestCount()
      const lists = async (): Promise<string[]> =>
        ((await sandbox.admin('GET', '/_sandbox/requests')).requests as Array<{ path: string }>)
          .slice(from)
          .map((r) => r.path)
          .filter((p) => /^\/hospitals\/indonesia\/(types|classes|ownership|blu-status)$/.test(p))
      await call(app, 'watch.start', { dir, preset: 'd' })
      writeFileSync(join(dir, 'rs.csv'), 'Kode Provinsi,Kelas\n31,A\n32,B\n')
      await until('the plan to ask its first value list', async () => (await lists()).length > 0, () => '')
      await call(app, 'watch.stop', {})
      // (the defect: all four were sent at once, the stop held none back)
      const asked = await lists()
      expect(asked.length - 1, `value-list requests after the first, on which the stop came: ${asked.join(', ')}`).toBeLessThanOrEqual(1)
      expect(await searches(from), 'page probes after the stop').toBe(0)
      const job = app.ctx.store.jobs.list().find((j) => j.inputName === 'rs.csv')!
      expect(['ready', 'paused']).toContain(job.state)
      expect(readFileSync(join(dir, 'proses', 'rs.csv.menunggu.txt'), 'utf8')).toContain(`rekap resume ${job.id}`)
    } finally {
      await app.close()
    }
  }, 180_000)

  it("the app closed during New Job's plan: no probe after the one in flight", async () => {
    const app = appIn('close')
    const file = join(tmp.dir, 'rs-new.csv')
    writeFileSync(file, WORKBOOK)
    const from = await requestCount()
    let ended: unknown = 'still planning'
    const planning = call(app, 'jobs.plan', { path: file, kind: 'hospital-directory', mapping: {}, preset: 'd' }).then(
      (p) => (ended = p),
      (e: unknown) => (ended = e),
    )
    await until('the plan to send its first page probe', async () => (await searches(from)) > 0, () => String(ended instanceof Error ? ended.message : JSON.stringify(ended)), 60_000)
    const closing = app.close()
    const atClose = await searches(from)
    await closing
    await planning
    expect((await searches(from)) - atClose, `page probes after the app closed (${atClose} before it)`).toBeLessThanOrEqual(1)
  }, 180_000)
})
