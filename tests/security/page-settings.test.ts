/**
 * Issue 24 items 3 and 4, through the real `rekap ui`: the page cannot lower its own defences.
 * Photo paths outside the workbook, the exports folder and the host the API key goes to widen
 * access; in browser mode only the flags rekap ui was started with set them (the desktop asks in
 * a native dialog: tests/integration/electron-main.test.ts). The exports check follows real
 * paths, and rekap ui checks its flags before it builds or writes anything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { existsSync, mkdirSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { makeTempDir } from '../helpers/temp-dir'
import { fakeRenderer, rekap, signIn, startUiChild, type UiChild } from './helpers'

const KEY = 'rk-live-PAGE-CANNOT-7f2e91'
let tmp: ReturnType<typeof makeTempDir>
let env: Record<string, string>
/** a listener of "another user" on a loopback port: records every key it is sent */
let listener: Server
let listenerUrl = ''
const keysHeard: string[] = []

beforeAll(async () => {
  tmp = makeTempDir('rekap-sec-page-')
  env = { REKAP_RENDERER_DIR: fakeRenderer(join(tmp.dir, 'renderer')), REKAP_API_KEY: KEY }
  listener = createServer((req, res) => {
    keysHeard.push(String(req.headers['x-api-service-id'] ?? ''))
    res.writeHead(401, { 'content-type': 'application/json' })
    res.end('{"is_success":false,"message":"no"}')
  })
  await new Promise<void>((r) => listener.listen(0, '127.0.0.1', () => r()))
  listenerUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise((r) => listener?.close(r))
  tmp?.cleanup()
})

async function session(ui: UiChild) {
  const auth = await signIn(ui.url)
  return async (name: string, body: unknown): Promise<{ status: number; json: any }> => {
    const res = await fetch(`${ui.origin}/api/${name}`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) })
    return { status: res.status, json: await res.json() }
  }
}

describe('issue 24 item 3: settings that widen access are not the page’s to change', () => {
  it('the page cannot allow outside photo paths, nor send the key to a new host (and Test connection sends it nowhere)', async () => {
    const ui = await startUiChild(['--db', join(tmp.dir, 'a', 'rekap.db')], { ...env, REKAP_DATA_DIR: join(tmp.dir, 'a') })
    try {
      const call = await session(ui)
      const outside = await call('settings.save', { allowOutsidePaths: true })
      expect(outside.status).toBe(409)
      expect(outside.json.error).toMatchObject({ field: 'allowOutsidePaths' })
      expect(outside.json.error.message).toMatch(/--allow-outside-paths/)
      expect((await call('settings.get', {})).json.allowOutsidePaths).toBe(false)

      const host = await call('settings.save', { baseUrl: listenerUrl, confirmHost: true })
      expect(host.status).toBe(409)
      expect(host.json.error.message).toMatch(/--base-url/)
      expect((await call('settings.get', {})).json).toMatchObject({ baseUrl: '', keyHost: null })
      await call('settings.testConnection', {})
      expect(keysHeard).toEqual([])
    } finally {
      await ui.stop()
    }
  })

  it('the flags rekap ui was started with are where a person decides them', async () => {
    const ui = await startUiChild(['--db', join(tmp.dir, 'b', 'rekap.db'), '--allow-outside-paths', '--base-url', listenerUrl], {
      ...env,
      REKAP_DATA_DIR: join(tmp.dir, 'b'),
    })
    try {
      const call = await session(ui)
      expect((await call('settings.get', {})).json).toMatchObject({ allowOutsidePaths: true, baseUrl: listenerUrl, keyConfirmed: true })
      // narrowing is always the page's to do
      expect((await call('settings.save', { allowOutsidePaths: false })).status).toBe(200)
      expect((await call('settings.testConnection', {})).json.ok).toBe(false)
      expect(keysHeard).toEqual([KEY])
    } finally {
      await ui.stop()
    }
    keysHeard.length = 0
  })
})

describe('issue 24 item 4: exports folder by real path, and rekap ui checks its flags first', () => {
  it('refuses an exports folder that is a symbolic link out of the allowed folder', async () => {
    const shared = join(tmp.dir, 'shared')
    const elsewhere = join(tmp.dir, 'elsewhere')
    mkdirSync(shared, { recursive: true })
    mkdirSync(elsewhere, { recursive: true })
    symlinkSync(elsewhere, join(shared, 'reports'))
    const ui = await startUiChild(['--db', join(tmp.dir, 'c', 'rekap.db'), '--folder', shared], { ...env, REKAP_DATA_DIR: join(tmp.dir, 'c') })
    try {
      const call = await session(ui)
      const linked = await call('settings.save', { dataDir: join(shared, 'reports') })
      expect(linked.status).toBe(400)
      expect(linked.json.error).toMatchObject({ field: 'dataDir' })
      const below = await call('settings.save', { dataDir: join(shared, 'reports', 'june') }) // not there yet: its nearest real folder counts
      expect(below.status).toBe(400)
      expect((await call('settings.save', { dataDir: join(shared, 'exports') })).status).toBe(200)
    } finally {
      await ui.stop()
    }
  })

  it('refuses --host 0.0.0.0 before looking for (or building) the renderer', async () => {
    const missing = join(tmp.dir, 'no-renderer')
    const r = await rekap(['ui', '--no-open', '--port', '0', '--host', '0.0.0.0', '--db', join(tmp.dir, 'd', 'rekap.db')], {
      env: { REKAP_RENDERER_DIR: missing, REKAP_LANG: 'en' },
      timeoutMs: 30_000,
    })
    expect(r.code, r.out).toBe(2)
    expect(r.out).toMatch(/--allow-remote/)
    expect(r.out).not.toMatch(/REKAP_RENDERER_DIR/)
    expect(existsSync(missing)).toBe(false)
  })
})
