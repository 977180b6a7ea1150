/**
 * Browser mode over real loopback HTTP: the session token, the loopback-only bind, the same
 * contract as IPC, server-sent progress while a real job runs against the embedded sandbox,
 * uploads and export downloads; and the `rekap ui` command as a user starts it.
 */
import { spawn } from 'node:child_process'
import { request as httpRequest } from 'node:http'
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTENT_SECURITY_POLICY } from '../../src-main/app/content-security-policy'
import { startUi, type RunningUi } from '../../src-main/browser/run-ui'
import { BrowserServerOptionError } from '../../src-main/browser/server'
import { makeTempDir, REPO_ROOT } from '../helpers/temp-dir'
import { createHttpApi } from '../../src-renderer/src/api/http-client'
import { RekapCallError } from '../../src-renderer/src/api/call-error'
import { signIn } from '../security/helpers'

let tmp: ReturnType<typeof makeTempDir>
let ui: RunningUi
let rendererDir: string
let origin: string
let auth: Record<string, string>

async function api(name: string, body: unknown, headers: Record<string, string> = auth): Promise<{ status: number; json: any }> {
  const res = await fetch(`${origin}/api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
  return { status: res.status, json: await res.json() }
}

interface SseEvent {
  event: string
  data: any
}

/** Reads server-sent events until `until` says stop (or the time runs out). */
async function readEvents(until: (events: SseEvent[]) => boolean, timeoutMs: number, onOpen: () => Promise<void>): Promise<SseEvent[]> {
  const ac = new AbortController()
  const timer = setTimeout(() => ac.abort(), timeoutMs)
  const res = await fetch(`${origin}/api/events`, { headers: auth, signal: ac.signal })
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/)
  const reader = res.body!.getReader()
  const decoder = new TextDecoder()
  const events: SseEvent[] = []
  let buffer = ''
  await onOpen()
  try {
    while (!until(events)) {
      const { value, done } = await reader.read()
      if (done) break
      buffer += decoder.decode(value, { stream: true })
      let cut: number
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut)
        buffer = buffer.slice(cut + 2)
        const event = /^event: (.+)$/m.exec(block)?.[1]
        const data = /^data: (.+)$/m.exec(block)?.[1]
        if (event && data) events.push({ event, data: JSON.parse(data) })
      }
    }
  } finally {
    clearTimeout(timer)
    ac.abort()
  }
  return events
}

beforeAll(async () => {
  tmp = makeTempDir('rekap-ui-')
  rendererDir = join(tmp.dir, 'renderer')
  mkdirSync(join(rendererDir, 'assets'), { recursive: true })
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>rekap</title><div id="app"></div><script type="module" src="./assets/app.js"></script>')
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log("rekap")')
  writeFileSync(join(tmp.dir, 'secret.txt'), 'not for the browser')
  ui = await startUi({
    dbFile: join(tmp.dir, 'data', 'rekap.db'),
    rendererDir,
    progressIntervalMs: 50,
    // a little latency so a sync lasts long enough to report progress on the way
    sandbox: { latencyMs: 15 },
    env: {},
  })
  origin = ui.server.origin
})

afterAll(async () => {
  await ui?.close()
  tmp?.cleanup()
})

describe('the session token', () => {
  it('refuses every API request without it (the page and its assets hold no secret)', async () => {
    expect((await fetch(`${origin}/download/00000000000000000000000000000000`)).status).toBe(404)
    const res = await fetch(`${origin}/api/app.info`, { method: 'POST', body: '{}' })
    expect(res.status).toBe(401)
    expect((await res.json()).error.code).toBe('unauthorized')
    expect((await fetch(`${origin}/api/events`)).status).toBe(401)
    expect((await fetch(`${origin}/?token=wrong-${ui.server.token}`)).status).toBe(401)
    const wrongHeader = await fetch(`${origin}/api/app.info`, { method: 'POST', headers: { 'x-rekap-token': 'guess' }, body: '{}' })
    expect(wrongHeader.status).toBe(401)
  })

  it('serves the page for ?token=, which the page exchanges once (POST /api/session) for the session secret', async () => {
    expect(ui.server.url).toBe(`${origin}/?token=${ui.server.token}`)
    const first = await fetch(ui.server.url, { redirect: 'manual' })
    expect(first.status).toBe(200)
    expect(first.headers.get('set-cookie')).toBeNull()
    auth = await signIn(ui.server.url)

    const page = await fetch(`${origin}/`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY)
    expect(page.headers.get('x-frame-options')).toBe('DENY')
    expect(await page.text()).toContain('<div id="app">')
    // the app routes itself: unknown paths without an extension get the page
    expect((await fetch(`${origin}/jobs/j123`)).status).toBe(200)
    // the link's token is single use: spent, it no longer signs anything in (tests/security/ui-session.test.ts)
    expect((await api('app.info', {}, { 'x-rekap-token': ui.server.token })).status).toBe(401)
    expect((await api('app.info', {}, auth)).json).toMatchObject({ mode: 'browser', sandbox: true })
  })

  it('serves nothing outside the renderer folder and no foreign Host or cross-site post', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt']) {
      const res = await fetch(origin + path)
      expect(await res.text()).not.toContain('not for the browser')
    }
    // fetch() will not send a foreign Host header; a DNS-rebinding page would, so use plain http
    const rebindingStatus = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${origin}/`, { headers: { ...auth, host: 'evil.example' } }, (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      })
      req.on('error', reject)
      req.end()
    })
    expect(rebindingStatus).toBe(421)
    const crossSite = await fetch(`${origin}/api/settings.get`, {
      method: 'POST',
      headers: { ...auth, origin: 'https://evil.example', 'content-type': 'application/json' },
      body: '{}',
    })
    expect(crossSite.status).toBe(403)
  })

  it('binds loopback only unless told otherwise', async () => {
    await expect(startUi({ dbFile: join(tmp.dir, 'other', 'rekap.db'), rendererDir, host: '0.0.0.0' })).rejects.toBeInstanceOf(
      BrowserServerOptionError,
    )
  })
})

describe('the contract over HTTP', () => {
  it('answers commands as JSON and rejects malformed payloads with 400 naming the field', async () => {
    expect((await api('settings.get', {})).json).toMatchObject({ sandbox: true, hasKey: false })
    const bad = await api('jobs.start', { jobId: 'x/../../y' })
    expect(bad.status).toBe(400)
    expect(bad.json.error).toMatchObject({ code: 'invalid-input', field: 'jobId' })
    expect((await api('jobs.explode', {})).status).toBe(404)
    const notJson = await fetch(`${origin}/api/settings.get`, { method: 'POST', headers: auth, body: '{oops' })
    expect(notJson.status).toBe(400)
    expect((await fetch(`${origin}/api/settings.get`, { headers: auth })).status).toBe(405)
  })

  it('refuses to store an API key in clear in browser mode', async () => {
    const res = await api('settings.setKey', { key: 'live-key-123456789' })
    expect(res.status).toBe(409)
    expect(res.json.error.message).toMatch(/REKAP_API_KEY/)
    expect(res.json.error.message).not.toContain('live-key-123456789')
    expect((await api('settings.get', {})).json.hasKey).toBe(false)
  })

  it('streams a running sync as server-sent events: progress, then the state change to done', async () => {
    let jobId = ''
    const events = await readEvents(
      (ev) => ev.some((e) => e.event === 'job.state' && e.data.jobId === jobId && e.data.state === 'done'),
      60_000,
      async () => {
        const started = await api('directory.sync', { product: 'hospitals', provinceCodes: ['32'] })
        expect(started.status).toBe(200)
        jobId = started.json.jobId
      },
    )
    const progress = events.filter((e) => e.event === 'job.progress' && e.data.jobId === jobId)
    expect(progress.length).toBeGreaterThan(1)
    expect(progress.at(-1)!.data.counts.total).toBeGreaterThan(0)
    expect(events.some((e) => e.event === 'jobs.changed')).toBe(true)
    expect((await api('directory.browse', { query: { product: 'hospitals', provinceCodes: ['32'] }, offset: 0, limit: 5 })).json.total).toBeGreaterThan(0)
  })
})

describe('files in and out', () => {
  it('takes an upload, and the uploaded spreadsheet can be inspected, planned, run and downloaded', async () => {
    const page = (await api('directory.browse', { query: { product: 'hospitals', provinceCodes: ['32'] }, offset: 0, limit: 2 })).json
    const csv = ['Kode RS', ...page.rows.map((r: { code: string }) => r.code)].join('\n')
    const form = new FormData()
    form.append('file', new Blob([csv], { type: 'text/csv' }), '../../Daftar RS (Jawa Barat).csv')
    const up = await fetch(`${origin}/api/upload`, { method: 'POST', headers: auth, body: form })
    expect(up.status).toBe(200)
    const { path } = (await up.json()) as { path: string }
    expect(path.startsWith(join(tmp.dir, 'data', 'uploads'))).toBe(true)
    expect(path.endsWith('Daftar-RS-Jawa-Barat.csv')).toBe(true)
    expect(readFileSync(path, 'utf8')).toBe(csv)

    const plan = (await api('jobs.plan', { path, kind: 'hospital-lookup', mapping: { code: 'Kode RS' } })).json
    expect(plan.rowsTotal).toBe(2)
    await api('jobs.start', { jobId: plan.jobId })
    await ui.app.ctx.engine.settled(plan.jobId)
    const exported = (await api('jobs.export', { jobId: plan.jobId, lang: 'en', format: 'csv' })).json
    expect(exported.downloadUrl).toMatch(/^\/download\/[0-9a-f]{32}$/)
    // the id is a random 128-bit capability the page got from an authorised call (a link click sends no header)
    const dl = await fetch(origin + exported.downloadUrl)
    expect(dl.status).toBe(200)
    expect(dl.headers.get('content-disposition')).toContain(`filename="${exported.fileName}"`)
    const bytes = Buffer.from(await dl.arrayBuffer())
    expect(bytes.equals(readFileSync(exported.path))).toBe(true)
    const text = bytes.toString('utf8')
    expect(text).toContain(page.rows[0].code)
  })

  it('refuses an upload over the size cap and keeps nothing of it', async () => {
    const small = await startUi({ dbFile: join(tmp.dir, 'capped', 'rekap.db'), rendererDir, env: {} })
    try {
      // the same app behind a second server with a 1 KB cap (startUi keeps the 512 MB default)
      const { startBrowserServer } = await import('../../src-main/browser/server')
      const { createDownloadRegistry } = await import('../../src-main/browser/download-registry')
      const capped = await startBrowserServer({
        ctx: small.app.ctx,
        handlers: small.app.handlers,
        downloads: createDownloadRegistry(),
        rendererDir,
        uploadLimitBytes: 1024,
      })
      try {
        const form = new FormData()
        form.append('file', new Blob([Buffer.alloc(5000, 65)]), 'big.csv')
        const res = await fetch(`${capped.origin}/api/upload`, { method: 'POST', headers: { 'x-rekap-token': capped.token }, body: form })
        expect(res.status).toBe(400)
        expect((await res.json()).error.message).toMatch(/lebih besar dari/) // in the app's language (Indonesian by default; issue 23 item 15)
        const uploads = join(tmp.dir, 'capped', 'uploads')
        expect(readdirSync(uploads)).toEqual([])
      } finally {
        await capped.close()
      }
    } finally {
      await small.close()
    }
  })
})

describe("the renderer's HTTP client (src-renderer/src/api)", () => {
  it('gives the same domain methods as window.rekap, with errors as RekapCallError', async () => {
    // the link's token is spent by now; a script holds the session secret
    const api = createHttpApi({ baseUrl: origin, token: auth['x-rekap-token'] })
    expect(await api.app.info({})).toMatchObject({ mode: 'browser', sandbox: true })
    expect((await api.directory.regions({ level: 'province' })).length).toBe(38)
    const err = await api.jobs.get({ jobId: 'bad id!' }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(RekapCallError)
    expect(err).toMatchObject({ code: 'invalid-input', field: 'jobId' })
    const anonymous = await createHttpApi({ baseUrl: origin }).settings.get({}).catch((e: unknown) => e)
    expect(anonymous).toMatchObject({ code: 'unauthorized' })

    const path = await api.files.toPath(new File(['Kode RS\n3201001\n'], 'kode.csv', { type: 'text/csv' }))
    expect(readFileSync(path, 'utf8')).toBe('Kode RS\n3201001\n')
    expect((await api.files.inspect({ path })).mapping).toEqual({ code: 'Kode RS' })
  })
})

describe('rekap ui, the command', () => {
  it('prints exactly one link line, serves it, and stops cleanly on Ctrl+C', async () => {
    const child = spawn(process.execPath, [join(REPO_ROOT, 'bin/rekap.mjs'), 'ui', '--no-open', '--port', '0', '--db', join(tmp.dir, 'cli', 'rekap.db')], {
      env: { ...process.env, REKAP_RENDERER_DIR: rendererDir, REKAP_API_KEY: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    const line = await new Promise<string>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`no link line; got: ${out}`)), 30_000)
      child.stdout.on('data', () => {
        const nl = out.indexOf('\n')
        if (nl >= 0) (clearTimeout(t), resolve(out.slice(0, nl)))
      })
    })
    expect(line).toMatch(/^rekap ui at http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]{20,}$/)
    const url = line.slice('rekap ui at '.length)
    expect((await fetch(url, { redirect: 'manual' })).status).toBe(200)
    const info = await fetch(new URL('/api/app.info', url), { method: 'POST', headers: await signIn(url), body: '{}' })
    expect(info.status).toBe(200)
    const code = await new Promise<number | null>((resolve) => {
      child.on('exit', (c) => resolve(c))
      child.kill('SIGINT')
    })
    expect(code).toBe(0)
    expect(out).toContain('rekap ui stopped')
  })

  it('refuses a non-loopback host with a usage error', async () => {
    const child = spawn(process.execPath, [join(REPO_ROOT, 'bin/rekap.mjs'), 'ui', '--no-open', '--host', '0.0.0.0', '--db', join(tmp.dir, 'cli2', 'rekap.db')], {
      env: { ...process.env, REKAP_RENDERER_DIR: rendererDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let err = ''
    child.stderr.on('data', (d) => (err += d))
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
    expect(code).toBe(2)
    expect(err).toMatch(/not a loopback address/)
  })
})
