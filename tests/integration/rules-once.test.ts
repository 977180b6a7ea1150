/**
 * Issue 25 "each rule once": the regency rule of a school sync, the regency autocomplete through
 * the engine (its rate limiter and hit count), one product -> plan mapping. Against the real
 * sandbox process and the real app handlers.
 */
import { randomBytes, createCipheriv, createDecipheriv } from 'node:crypto'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import type { CommandName, CommandOutput } from '../../src-main/contract/ipc'
import { appPaths } from '../../src-main/app/app-paths'
import { dispatch } from '../../src-main/app/dispatch'
import { safeStorageKeyVault, type SafeStorageLike } from '../../src-main/app/key-vault'
import { openApp, type OpenApp } from '../../src-main/app/open-app'
import { accountId } from '../../src-main/core/engine/account-id'
import { jobSettingsFor } from '../../src-main/app/app-settings'
import { planOf, defaultJobSettings } from '../../src-main/core/model/job-settings'
import { loadRegionTree } from '../../src-main/core/regions/region-tree'
import { useDirectoryStore } from '../../src-renderer/src/stores/directory'
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process'
import { makeTempDir } from '../helpers/temp-dir'

function keychainStandIn(): SafeStorageLike {
  const key = randomBytes(32)
  return {
    isEncryptionAvailable: () => true,
    encryptString(plain) {
      const iv = randomBytes(12)
      const c = createCipheriv('aes-256-gcm', key, iv)
      return Buffer.concat([iv, c.update(plain, 'utf8'), c.final(), c.getAuthTag()])
    },
    decryptString(cipher) {
      const d = createDecipheriv('aes-256-gcm', key, cipher.subarray(0, 12))
      d.setAuthTag(cipher.subarray(cipher.length - 16))
      return Buffer.concat([d.update(cipher.subarray(12, cipher.length - 16)), d.final()]).toString('utf8')
    },
  }
}

const tmp = makeTempDir('rekap-rules-once-')
let sandbox: SandboxProcess
let app: OpenApp

function call<N extends CommandName>(name: N, input: unknown): Promise<CommandOutput<N>> {
  return dispatch(app.handlers, name, input) as Promise<CommandOutput<N>>
}

beforeAll(async () => {
  sandbox = await startSandboxProcess({})
  const safe = keychainStandIn()
  app = openApp({
    mode: 'electron',
    paths: appPaths(join(tmp.dir, 'data')),
    vault: (store) => safeStorageKeyVault(store.settings, safe, {}),
    platformLanguage: 'en-US',
    progressIntervalMs: 100,
    // the desktop's native dialog, answered yes (a new service address is a widening)
    confirmWidening: async () => true,
  })
  await call('settings.save', { baseUrl: sandbox.url, confirmHost: true })
  await call('settings.setKey', { key: sandbox.key })
})

afterAll(async () => {
  await app?.close()
  await sandbox?.stop()
  tmp.cleanup()
})

describe('each rule once (issue 25)', () => {
  it('regency autocomplete goes through the engine: every suggestion request is a regional hit, counted as the service counts it', async () => {
    const before = (await sandbox.admin('GET', '/_sandbox/state')).hits.regional as number
    for (const q of ['bad', 'jak', 'sura']) {
      const answer = await call('directory.autocomplete', { query: q })
      expect(answer.source).toBe('service')
      expect(answer.items.length).toBeGreaterThan(0)
    }
    const sandboxCounted = ((await sandbox.admin('GET', '/_sandbox/state')).hits.regional as number) - before
    expect(sandboxCounted).toBe(3)
    const target = await app.ctx.target()
    const usage = await app.ctx.engine.usage(accountId(target), jobSettingsFor(app.ctx.settings(), target))
    // on main the handler's own client skipped the engine: the service counted 3, rekap 0
    expect(usage.products.find((p) => p.product === 'regional')?.used).toBe(sandboxCounted)
  })

  it('a school sync of a province: the Directory screen, the app handler and the engine take the same rule (the province is expanded)', async () => {
    setActivePinia(createPinia())
    const dir = useDirectoryStore()
    dir.product = 'schools'
    dir.provinceCodes = ['51']
    // on main the screen refused a province for schools while the engine (CLI) expanded it
    expect(dir.canSync).toBe(true)
    dir.provinceCodes = []
    expect(dir.canSync).toBe(false)

    const started = await call('directory.sync', { product: 'schools', provinceCodes: ['51'] })
    expect(started.kind).toBe('school-directory')
    const end = await app.ctx.engine.settled(started.jobId)
    expect(end.state).toBe('done')
    const bali = loadRegionTree().regenciesByProvince.get('51') ?? []
    expect(app.ctx.engine.rows(started.jobId, 0, 100).total).toBe(bali.length)
    await expect(call('directory.sync', { product: 'schools' })).rejects.toMatchObject({ code: 'invalid-input' })
  })

  it('one product -> plan mapping (the plan warnings and the runner read the same one)', () => {
    const s = defaultJobSettings({ schoolPlan: 'pro', regionalPlan: 'starter', hospitalPlan: 'premium' })
    expect(planOf(s, 'schools')).toBe('pro')
    expect(planOf(s, 'regional')).toBe('starter')
    expect(planOf(s, 'hospitals')).toBe('premium')
    expect(planOf(s, 'face-match')).toBeNull()
  })
})
