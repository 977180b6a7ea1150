/**
 * Item 4 (the app's side, through the real browser-mode server): the service address accepted any
 * http(s) host, and "Test connection" then sent the key there. Now: https for every host that is not
 * this machine; a new address must be confirmed; the key goes only to the host it was confirmed for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandbox-process'
import { makeTempDir } from '../helpers/temp-dir'
import { fakeRenderer, signIn, startUiChild, type UiChild } from './helpers'

const KEY = 'rk-live-HOST-BOUND-93c1d7e2f4'
let tmp: ReturnType<typeof makeTempDir>
let service: SandboxProcess
let ui: UiChild
let auth: Record<string, string> = {}
/** a second "service" on another origin that records every key it is sent */
let other: Server
let otherUrl = ''
const keysSeenByOther: string[] = []
/** the keys the other host heard (a request without one is no leak) */
const keysHeard = (): string[] => keysSeenByOther.filter((k) => k !== '')

async function call(name: string, body: unknown): Promise<{ status: number; json: any }> {
  const res = await fetch(`${ui.origin}/api/${name}`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return { status: res.status, json: await res.json() }
}

beforeAll(async () => {
  tmp = makeTempDir('rekap-sec-host-')
  service = await startSandboxProcess({ key: KEY })
  other = createServer((req, res) => {
    keysSeenByOther.push(String(req.headers['x-api-service-id'] ?? ''))
    res.writeHead(401, { 'content-type': 'application/json' })
    res.end('{"is_success":false,"message":"no"}')
  })
  await new Promise<void>((r) => other.listen(0, '127.0.0.1', () => r()))
  otherUrl = `http://localhost:${(other.address() as AddressInfo).port}`
  // the person starting rekap ui confirms the service the key goes to (the page cannot: page-settings.test.ts)
  ui = await startUiChild(['--db', join(tmp.dir, 'data', 'rekap.db'), '--folder', tmp.dir, '--base-url', service.url], {
    REKAP_RENDERER_DIR: fakeRenderer(join(tmp.dir, 'renderer')),
    REKAP_DATA_DIR: join(tmp.dir, 'data'),
    REKAP_API_KEY: KEY,
  })
  auth = await signIn(ui.url)
}, 60_000)
afterAll(async () => {
  await ui?.stop()
  await service?.stop()
  await new Promise((r) => other?.close(r))
  tmp?.cleanup()
})

describe('the key goes only where the user confirmed it', () => {
  it('refuses plain http to a host that is not this machine', async () => {
    const r = await call('settings.save', { baseUrl: 'http://rekap-service.example', confirmHost: true })
    expect(r.status).toBe(400)
    expect(r.json.error).toMatchObject({ field: 'baseUrl' })
    expect(r.json.error.message).toMatch(/https:\/\/rekap-service\.example/)
  })

  it('a new address needs confirming; until then, and for any other host, the key is not sent', async () => {
    // confirmed at start: the key works against the service it was confirmed for
    expect((await call('settings.get', {})).json).toMatchObject({ baseUrl: service.url, keyConfirmed: true })
    expect((await call('settings.testConnection', {})).json).toMatchObject({ ok: true })

    // a job planned against that service (a lookup: nothing is sent at planning)
    const codes = join(tmp.dir, 'codes.csv')
    writeFileSync(codes, 'Kode RS\n3171015\n')
    const plan = await call('jobs.plan', { path: codes, kind: 'hospital-lookup', mapping: {} })
    expect(plan.status, JSON.stringify(plan.json)).toBe(200)

    // another host, not confirmed: refused, the other host hears nothing
    const moved = await call('settings.save', { baseUrl: otherUrl })
    expect(moved.status).toBe(409)
    expect(moved.json.error.message).toMatch(/harus dikonfirmasi/) // in the app's language, Indonesian by default
    expect((await call('settings.get', {})).json.baseUrl).toBe(service.url)
    expect(keysHeard()).toEqual([])

    // the page confirming it is not enough in browser mode; the other host still hears nothing
    const confirmedByPage = await call('settings.save', { baseUrl: otherUrl, confirmHost: true })
    expect(confirmedByPage.status).toBe(409)
    expect(confirmedByPage.json.error.message).toMatch(/--base-url/)
    await call('settings.testConnection', {})
    expect(keysHeard()).toEqual([])

    // rekap ui started for the other host: now, and only now, the key goes there
    await ui.stop()
    ui = await startUiChild(['--db', join(tmp.dir, 'data', 'rekap.db'), '--folder', tmp.dir, '--base-url', otherUrl], {
      REKAP_RENDERER_DIR: join(tmp.dir, 'renderer'),
      REKAP_DATA_DIR: join(tmp.dir, 'data'),
      REKAP_API_KEY: KEY,
    })
    auth = await signIn(ui.url)
    expect((await call('settings.testConnection', {})).json.ok).toBe(false)
    expect(keysHeard()).toEqual([KEY])

    // the job planned for the first service is not sent there with a key now confirmed elsewhere
    const hitsBefore = (await service.admin('GET', '/_sandbox/state')).hits
    expect(hitsBefore.hospitals).toBeGreaterThan(0)
    const started = await call('jobs.start', { jobId: plan.json.jobId })
    expect(started.status, JSON.stringify(started.json)).toBe(409)
    expect(started.json.error.message).toMatch(/belum dikonfirmasi untuk/)
    expect((await service.admin('GET', '/_sandbox/state')).hits).toEqual(hitsBefore)
  })
})
