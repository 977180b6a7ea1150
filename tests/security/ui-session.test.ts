/**
 * Items 7 (browser part) and 9: the `?token=` link is single use, and `rekap ui --allow-remote`
 * keeps the Host and Origin checks and refuses to serve a remote address without TLS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { makeTempDir } from '../helpers/temp-dir'
import { fakeRenderer, getWithHost, rekap, signIn, startUiChild, type UiChild } from './helpers'

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
  it('is exchanged once, in a header, for a session secret; then opens nothing', async () => {
    const token = new URL(ui.url).searchParams.get('token')!
    // the page loads (it holds no secret) and signs in from its script
    expect((await fetch(ui.url, { redirect: 'manual' })).status).toBe(200)
    const auth = await signIn(ui.url)
    expect(auth['x-rekap-token']).not.toBe(token) // a new secret, not the link's token
    const info = await fetch(`${ui.origin}/api/app.info`, { method: 'POST', headers: auth, body: '{}' })
    expect(info.status).toBe(200)
    // the link (from history, a log, a shoulder) does not, in any form
    const again = await fetch(ui.url, { redirect: 'manual' })
    expect(again.status).toBe(401)
    expect(await again.text()).toMatch(/already used/)
    const byHeader = await fetch(`${ui.origin}/api/app.info`, { method: 'POST', headers: { 'x-rekap-token': token }, body: '{}' })
    expect(byHeader.status).toBe(401)
  })
})

describe('issue 24 item 2: the session is no ambient cookie', () => {
  it('sets no cookie, and a request carrying the session as a cookie alone is refused', async () => {
    const other = await startUiChild(['--db', join(tmp.dir, 'cookie', 'rekap.db')], env)
    try {
      // every answer of the sign-in, the page and the API: no Set-Cookie (a cookie of 127.0.0.1 goes to every port)
      const page = await fetch(other.url, { redirect: 'manual' })
      expect(page.headers.get('set-cookie')).toBeNull()
      const auth = await signIn(other.url)
      const call = (headers: Record<string, string>) => fetch(`${other.origin}/api/app.info`, { method: 'POST', headers, body: '{}' })
      const ok = await call(auth)
      expect(ok.status).toBe(200)
      expect(ok.headers.get('set-cookie')).toBeNull()
      // the secret as a cookie, under the old name or any: nothing
      for (const name of [`rekap_token_${other.port}`, 'rekap_session', 'x-rekap-token']) {
        expect((await call({ cookie: `${name}=${encodeURIComponent(auth['x-rekap-token'])}` })).status).toBe(401)
      }
      // the event stream: a one-time ticket, fetched with the header
      const refused = await fetch(`${other.origin}/api/events`, { headers: { cookie: `rekap_token_${other.port}=${auth['x-rekap-token']}` } })
      expect(refused.status).toBe(401)
      const ticket = (await (await fetch(`${other.origin}/api/events.ticket`, { method: 'POST', headers: auth, body: '{}' })).json()).ticket as string
      const ac = new AbortController()
      const stream = await fetch(`${other.origin}/api/events?ticket=${ticket}`, { signal: ac.signal })
      expect(stream.status).toBe(200)
      ac.abort()
      expect((await fetch(`${other.origin}/api/events?ticket=${ticket}`)).status).toBe(401) // used once
    } finally {
      await other.stop()
    }
  })
})

describe('browser-mode file access', () => {
  it('opens uploads and the folders rekap ui was given, nothing else, and says the same about what exists and what not', async () => {
    const first = await startUiChild(['--db', join(tmp.dir, 'files', 'rekap.db'), '--folder', join(tmp.dir, 'shared')], env)
    try {
      const auth = await signIn(first.url)
      const call = async (name: string, body: unknown) => {
        const res = await fetch(`${first.origin}/api/${name}`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) })
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
      const up = await fetch(`${first.origin}/api/upload`, { method: 'POST', headers: auth, body: form })
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

describe('issue 24 item 1: the page opens workbooks only', () => {
  it('files.inspect refuses keys, credentials, hidden files and folders, and any non-workbook name', async () => {
    const home = join(tmp.dir, 'home')
    for (const d of ['.ssh', '.aws', '.hidden', 'work']) mkdirSync(join(home, d), { recursive: true })
    // each would preview as a one-column CSV if it were read
    writeFileSync(join(home, '.ssh', 'id_ed25519'), 'PRIVATE KEY\nAAAAC3NzaC1lZDI1NTE5\n')
    writeFileSync(join(home, '.aws', 'credentials'), 'aws_secret_access_key\nwJalrXUtnFEMI\n')
    writeFileSync(join(home, 'notes.txt'), 'secret\nplans\n')
    writeFileSync(join(home, '.hidden', 'book.csv'), 'Kode RS\n3171015\n')
    writeFileSync(join(home, '.book.csv'), 'Kode RS\n3171015\n')
    writeFileSync(join(home, 'work', 'book.csv'), 'Kode RS\n3171015\n')
    const h = await startUiChild(['--db', join(tmp.dir, 'home-db', 'rekap.db')], env, { cwd: home })
    try {
      const auth = await signIn(h.url)
      const inspect = async (path: string) => {
        const res = await fetch(`${h.origin}/api/files.inspect`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ path }) })
        return { status: res.status, text: await res.text() }
      }
      for (const p of ['.ssh/id_ed25519', join(home, '.aws', 'credentials'), 'notes.txt', '.hidden/book.csv', '.book.csv']) {
        const r = await inspect(p)
        expect(r.status, p).toBe(400)
        expect(r.text).not.toMatch(/AAAAC3|wJalr|plans|3171015/)
      }
      expect((await inspect('work/book.csv')).status).toBe(200)
    } finally {
      await h.stop()
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
      expect(listed.status).toBe(200)
      // and the session is still required
      expect((await fetch(`${remote.origin}/api/app.info`, { method: 'POST', body: '{}' })).status).toBe(401)
    } finally {
      await remote.stop()
    }
  })

  it('refuses a cross-site POST with --allow-remote', async () => {
    const remote = await startUiChild(['--allow-remote', '--db', join(tmp.dir, 'r3', 'rekap.db')], env)
    try {
      const auth = await signIn(remote.url)
      const res = await fetch(`${remote.origin}/api/app.info`, { method: 'POST', headers: { ...auth, origin: 'https://evil.example' }, body: '{}' })
      expect(res.status).toBe(403)
    } finally {
      await remote.stop()
    }
  })
})
