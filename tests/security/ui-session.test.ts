/**
 * Items 7 (browser part) and 9: the `?token=` link is single use, and `rekap ui --allow-remote`
 * keeps the Host and Origin checks and refuses to serve a remote address without TLS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { makeTempDir } from '../helpers/temp-dir'
import { fakeRenderer, getWithHost, rekap, startUiChild, type UiChild } from './helpers'

let tmp: ReturnType<typeof makeTempDir>
let ui: UiChild
let env: Record<string, string>
beforeAll(async () => {
  tmp = makeTempDir('rekap-sec-ui-')
  env = { REKAP_RENDERER_DIR: fakeRenderer(join(tmp.dir, 'renderer')), REKAP_DATA_DIR: join(tmp.dir, 'data') }
  ui = await startUiChild(['--db', join(tmp.dir, 'data', 'rekap.db')], env)
})
afterAll(async () => {
  await ui?.stop()
  tmp?.cleanup()
})

describe('the printed link signs in once', () => {
  it('becomes a session cookie on first use, then opens nothing', async () => {
    const first = await fetch(ui.url, { redirect: 'manual' })
    expect(first.status).toBe(303)
    const cookie = first.headers.get('set-cookie')!.split(';')[0]
    const token = new URL(ui.url).searchParams.get('token')!
    expect(cookie).not.toContain(token) // the cookie is a new secret, not the link's token
    // the cookie works
    expect((await fetch(`${ui.origin}/`, { headers: { cookie } })).status).toBe(200)
    const info = await fetch(`${ui.origin}/api/app.info`, { method: 'POST', headers: { cookie }, body: '{}' })
    expect(info.status).toBe(200)
    // the link (from history, a log, a shoulder) does not, in any form
    const again = await fetch(ui.url, { redirect: 'manual' })
    expect(again.status).toBe(401)
    expect(await again.text()).toMatch(/already used/)
    const byHeader = await fetch(`${ui.origin}/api/app.info`, { method: 'POST', headers: { 'x-rekap-token': token }, body: '{}' })
    expect(byHeader.status).toBe(401)
  })
})

describe('browser-mode file access', () => {
  it('opens uploads and the folders rekap ui was given, nothing else, and says the same about what exists and what not', async () => {
    const first = await startUiChild(['--db', join(tmp.dir, 'files', 'rekap.db'), '--folder', join(tmp.dir, 'shared')], env)
    try {
      const cookie = (await fetch(first.url, { redirect: 'manual' })).headers.get('set-cookie')!.split(';')[0]
      const call = async (name: string, body: unknown) => {
        const res = await fetch(`${first.origin}/api/${name}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) })
        return { status: res.status, json: await res.json() }
      }
      mkdirSync(join(tmp.dir, 'shared'), { recursive: true })
      mkdirSync(join(tmp.dir, 'private'), { recursive: true })
      writeFileSync(join(tmp.dir, 'shared', 'codes.csv'), 'Kode RS\n3171015\n')
      writeFileSync(join(tmp.dir, 'private', 'codes.csv'), 'Kode RS\n3171015\n')
      symlinkSync(join(tmp.dir, 'private', 'codes.csv'), join(tmp.dir, 'shared', 'link.csv'))
      expect((await call('files.inspect', { path: join(tmp.dir, 'shared', 'codes.csv') })).status).toBe(200)
      const outside = await call('files.inspect', { path: join(tmp.dir, 'private', 'codes.csv') })
      const missing = await call('files.inspect', { path: join(tmp.dir, 'private', 'nothing.csv') })
      const link = await call('jobs.plan', { path: join(tmp.dir, 'shared', 'link.csv'), kind: 'hospital-lookup', mapping: {} })
      for (const r of [outside, missing, link]) {
        expect(r.status).toBe(400)
        expect(r.json.error.message).toMatch(/--folder/)
      }
      expect(missing.json.error.message).toBe(outside.json.error.message)
      // an uploaded file is fine
      const form = new FormData()
      form.append('file', new Blob(['Kode RS\n3171015\n']), 'codes.csv')
      const up = await fetch(`${first.origin}/api/upload`, { method: 'POST', headers: { cookie }, body: form })
      expect((await call('files.inspect', { path: (await up.json()).path })).status).toBe(200)
      // exports are written only there too (or in the data folder, the default)
      const current = (await call('settings.get', {})).json.dataDir
      expect((await call('settings.save', { dataDir: current })).status).toBe(200)
      const elsewhere = await call('settings.save', { dataDir: join(tmp.dir, 'private') })
      expect(elsewhere.status).toBe(400)
      expect(elsewhere.json.error).toMatchObject({ field: 'dataDir' })
    } finally {
      await first.stop()
    }
  })
})

describe('remote browser mode', () => {
  it('refuses a non-loopback address without a TLS certificate of the user', async () => {
    const r = await rekap(['ui', '--no-open', '--port', '0', '--host', '0.0.0.0', '--allow-remote', '--db', join(tmp.dir, 'remote', 'rekap.db')], { env, timeoutMs: 30_000 })
    expect(r.code, r.out).toBe(2)
    expect(r.out).toMatch(/--tls-cert/)
  })

  it('keeps the Host check on with --allow-remote', async () => {
    // loopback bind with --allow-remote: the check used to be switched off by the flag alone
    const remote = await startUiChild(['--allow-remote', '--allow-host', 'rekap.office.test', '--db', join(tmp.dir, 'r2', 'rekap.db')], env)
    try {
      const foreign = await getWithHost(remote.url, `evil.example:${remote.port}`)
      expect(foreign.status).toBe(421)
      const listed = await getWithHost(remote.url, `rekap.office.test:${remote.port}`)
      expect(listed.status).toBe(303)
      expect((await fetch(`${remote.origin}/`)).status).toBe(401) // and the session is still required
    } finally {
      await remote.stop()
    }
  })

  it('refuses a cross-site POST with --allow-remote', async () => {
    const remote = await startUiChild(['--allow-remote', '--db', join(tmp.dir, 'r3', 'rekap.db')], env)
    try {
      const first = await fetch(remote.url, { redirect: 'manual' })
      const cookie = first.headers.get('set-cookie')!.split(';')[0]
      const res = await fetch(`${remote.origin}/api/app.info`, { method: 'POST', headers: { cookie, origin: 'https://evil.example' }, body: '{}' })
      expect(res.status).toBe(403)
    } finally {
      await remote.stop()
    }
  })
})
