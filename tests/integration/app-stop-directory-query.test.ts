/**
 * The Directory screen's query (directory.sync) plans a job as New Job's plan does: the hospital
 * value lists its filters are checked against (types, classes, ownership, BLU status, each a hit),
 * then first-page probes of its queries (hits too). The app closed while it planned: the request
 * waiting for its turn was still sent after the close (a hit the service counts, which the closed
 * store could no longer count); now the engine's close is the plan's stop, and nothing waiting for
 * its turn goes. The real app dispatcher, store and engine, the real sandbox process; requests paced
 * at one every 2 s, the app closed once the sandbox has seen the first one (a state, not a time), so
 * the next one is waiting for its turn.
 */
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

beforeAll(async () => {
  tmp = makeTempDir('rekap-app-stop-dir-query-')
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
  // one hospital request every 2 s: the plan's next value list or probe waits for its turn while the app closes
  app.ctx.saveSettings({ ...app.ctx.settings(), baseUrl: sandbox.url, keyHost: serviceOrigin(sandbox.url), rpsOverrides: { hospitals: 0.5 } })
  return app
}

function call<N extends CommandName>(app: OpenApp, name: N, input: unknown): Promise<CommandOutput<N>> {
  return dispatch(app.handlers, name, input) as Promise<CommandOutput<N>>
}

async function pathsSince(from: number): Promise<string[]> {
  return ((await sandbox.admin('GET', '/_sandbox/requests')).requests as Array<{ path: string }>).slice(from).map((r) => r.path)
}
const requestCount = async (): Promise<number> => ((await sandbox.admin('GET', '/_sandbox/requests')).requests as unknown[]).length
const isValueList = (p: string): boolean => /^\/hospitals\/indonesia\/(types|classes|ownership|blu-status)$/.test(p)
const isSearch = (p: string): boolean => /^\/hospitals\/indonesia\/?$/.test(p)

/** Closes the app once `first` has reached the sandbox; the requests of that kind before and after the close. */
async function closeDuring(app: OpenApp, query: object, first: (p: string) => boolean): Promise<{ before: number; after: number; all: string[] }> {
  const from = await requestCount()
  let ended: unknown = 'still planning'
  const syncing = call(app, 'directory.sync', query).then(
    (v) => (ended = v),
    (e: unknown) => (ended = e),
  )
  await until('the plan to send its first such request', async () => (await pathsSince(from)).some(first), () => String(ended instanceof Error ? ended.message : JSON.stringify(ended)), 60_000)
  const closing = app.close()
  const before = (await pathsSince(from)).filter(first).length
  await closing
  await syncing
  // the plan has ended (refused or failed): it sends nothing more
  const all = await pathsSince(from)
  return { before, after: all.filter(first).length - before, all }
}

describe("the app closed while the Directory screen's query plans", () => {
  it('while it asks its value lists: the next one, waiting for its turn, is not sent', async () => {
    const r = await closeDuring(appIn('lists'), { product: 'hospitals', provinceCodes: ['31'], class: 'B' }, isValueList)
    // (the defect: the next list, waiting for its turn, went after the close)
    expect(r.after, `value lists after the close (${r.before} before it): ${r.all.join(', ')}`).toBe(0)
    expect(r.all.filter(isSearch), 'page probes after the close').toEqual([])
  }, 120_000)

  it('while it sends its page probes: the next one, waiting for its turn, is not sent', async () => {
    const provinceCodes = ['11', '12', '13', '14', '15', '16', '17', '18', '19', '21', '31', '32', '33', '34', '35', '36']
    const r = await closeDuring(appIn('probes'), { product: 'hospitals', provinceCodes }, isSearch)
    expect(r.after, `page probes after the close (${r.before} before it): ${r.all.join(', ')}`).toBe(0)
  }, 120_000)
})
