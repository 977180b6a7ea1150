/**
 * The BUILT main-process bundle (out/main/index.js from `electron-vite build`), started in a
 * Node child process where `import ... from 'electron'` resolves to a stand-in (there is no
 * Electron binary here). The stand-in records what main asks of Electron (the window's
 * options, ipcMain.handle registrations, navigation and permission handlers, messages sent to
 * the page) and this test calls the real IPC handlers, which run the real engine against the
 * real embedded sandbox with a real SQLite file.
 */
import { fork, spawnSync, type ChildProcess } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COMMAND_NAMES } from '../../src-main/contract/names'
import { makeTempDir, REPO_ROOT, SHARED_DIR } from '../helpers/temp-dir'

const OUT = join(REPO_ROOT, 'out', `.test-main-${process.pid}`)

/** What main.ts uses of Electron, recording everything into globalThis.__standIn. */
const STAND_IN = String.raw`
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
const rec = (globalThis.__standIn ??= { handlers: new Map(), windows: [], appListeners: {}, session: {}, exitCode: null })
const on = (bag) => (event, fn) => ((bag[event] ??= []).push(fn))
const emit = (bag, event, ...args) => (bag[event] ?? []).forEach((fn) => fn(...args))

class WebContents {
  constructor() { this.listeners = {}; this.sent = []; this.openHandler = null }
  on(event, fn) { on(this.listeners)(event, fn); return this }
  once(event, fn) { on(this.listeners)(event, fn); return this }
  setWindowOpenHandler(fn) { this.openHandler = fn }
  send(channel, payload) { this.sent.push({ channel, payload }) }
}
export class BrowserWindow {
  constructor(options) {
    this.options = options; this.listeners = {}; this.webContents = new WebContents(); this.loaded = null
    rec.windows.push(this)
    emit(rec.appListeners, 'web-contents-created', {}, this.webContents)
  }
  static getAllWindows() { return rec.windows }
  on(event, fn) { on(this.listeners)(event, fn); return this }
  once(event, fn) { on(this.listeners)(event, fn); return this }
  async loadURL(url) {
    this.loaded = url
    setTimeout(() => { emit(this.listeners, 'ready-to-show'); emit(this.webContents.listeners, 'did-finish-load') }, 10)
  }
  show() {} focus() {} restore() {}
  isMinimized() { return false }
  isDestroyed() { return false }
}
export const app = {
  isPackaged: process.env.STAND_IN_PACKAGED === '1',
  requestSingleInstanceLock: () => true,
  on(event, fn) { on(rec.appListeners)(event, fn); return app },
  whenReady: () => Promise.resolve(),
  getPath: (name) => { if (name !== 'userData') throw new Error('unexpected getPath ' + name); return process.env.STAND_IN_USER_DATA },
  getLocale: () => 'id',
  quit: () => emit(rec.appListeners, 'before-quit', { preventDefault() { rec.quitDeferred = true } }),
  exit: (code) => { rec.exitCode = code; process.send?.({ exited: code }); setTimeout(() => process.exit(code), 20) },
}
export const ipcMain = { handle: (channel, fn) => { if (rec.handlers.has(channel)) throw new Error('twice: ' + channel); rec.handlers.set(channel, fn) } }
const keychain = randomBytes(32)
export const safeStorage = {
  isEncryptionAvailable: () => true,
  getSelectedStorageBackend: () => 'gnome_libsecret',
  encryptString(plain) { const iv = randomBytes(12); const c = createCipheriv('aes-256-gcm', keychain, iv); const b = Buffer.concat([c.update(plain, 'utf8'), c.final()]); return Buffer.concat([iv, c.getAuthTag(), b]) },
  decryptString(buf) { const d = createDecipheriv('aes-256-gcm', keychain, buf.subarray(0, 12)); d.setAuthTag(buf.subarray(12, 28)); return Buffer.concat([d.update(buf.subarray(28)), d.final()]).toString('utf8') },
}
export const session = { defaultSession: {
  setPermissionRequestHandler: (fn) => (rec.session.permissionRequest = fn),
  setPermissionCheckHandler: (fn) => (rec.session.permissionCheck = fn),
  webRequest: { onHeadersReceived: (fn) => (rec.session.headers = fn) },
} }
// the native confirmation of a new service host: records the question, answers STAND_IN_DIALOG (1 = yes)
export const dialog = { async showMessageBox(...args) { (rec.dialogs ??= []).push(args.at(-1).message); return { response: Number(process.env.STAND_IN_DIALOG ?? 1) } } }
// the app's own scheme: records what main registers and the handler it serves the page with
export const protocol = {
  registerSchemesAsPrivileged(schemes) { if (rec.appReady) throw new Error('schemes must be registered before ready'); rec.schemes = schemes },
  handle(scheme, fn) { (rec.protocolHandlers ??= {})[scheme] = fn },
}
// desktop notifications of job events, shown from main: recorded with what was shown
export class Notification {
  constructor(options) { this.options = options; this.listeners = {} }
  static isSupported() { return true }
  on(event, fn) { on(this.listeners)(event, fn); return this }
  show() { (rec.notifications ??= []).push(this.options) }
}
export default { app, BrowserWindow, dialog, ipcMain, Notification, protocol, safeStorage, session }
`

const HOOKS = `
export async function resolve(specifier, context, next) {
  if (specifier === 'electron') return { url: ${JSON.stringify('STAND_IN_URL')}, shortCircuit: true }
  return next(specifier, context)
}
`

/** Runs in the child: loads the built main, then answers the test's questions over IPC. */
const DRIVER = String.raw`
const rec = (globalThis.__standIn ??= { handlers: new Map(), windows: [], appListeners: {}, session: {}, exitCode: null })
await import(process.env.MAIN_BUNDLE)
while (rec.handlers.size === 0 || rec.windows.length === 0) await new Promise((r) => setTimeout(r, 10))

function navigation(url) {
  let prevented = false
  const event = { preventDefault: () => (prevented = true) }
  for (const fn of rec.windows[0].webContents.listeners['will-navigate'] ?? []) fn(event, url)
  return prevented
}

process.on('message', async (m) => {
  const reply = (body) => process.send({ id: m.id, ...body })
  try {
    if (m.type === 'invoke') {
      const fn = rec.handlers.get(m.name)
      if (!fn) return reply({ missing: true })
      return reply({ envelope: await fn({ senderFrame: { url: m.senderUrl } }, m.input) })
    }
    if (m.type === 'state') {
      const w = rec.windows[0]
      let permission = null
      rec.session.permissionRequest?.({}, 'media', (granted) => (permission = granted))
      return reply({
        channels: [...rec.handlers.keys()],
        windowOptions: w.options,
        loaded: w.loaded,
        sent: w.webContents.sent,
        notifications: rec.notifications ?? [],
        windowOpen: w.webContents.openHandler?.({ url: 'https://example.com' }),
        permission,
        permissionCheck: rec.session.permissionCheck?.({}, 'notifications'),
        navigateAway: navigation('https://example.com/phish'),
        navigateFile: navigation('file:///etc/passwd'),
        navigateApp: navigation(w.loaded + '#/jobs'),
        schemes: rec.schemes,
        served: await Promise.all(['app://rekap/index.html', 'app://rekap/../main/index.js', 'app://rekap/%2e%2e/main/index.js'].map(async (u) => {
          const res = await rec.protocolHandlers.app(new Request(u))
          return { status: res.status, csp: res.headers.get('content-security-policy'), html: res.status === 200 ? (await res.text()).includes('<div id="app">') : false }
        })),
      })
    }
    if (m.type === 'env') {
      process.env[m.key] = m.value
      return reply({ dialogs: rec.dialogs ?? [] })
    }
    if (m.type === 'quit') {
      for (const fn of rec.appListeners['window-all-closed'] ?? []) fn()
      return reply({ quitDeferred: rec.quitDeferred ?? false })
    }
  } catch (err) {
    reply({ error: String(err?.stack ?? err) })
  }
})
process.send({ ready: true })
`

let tmp: ReturnType<typeof makeTempDir>
let child: ChildProcess
let seq = 0
const pending = new Map<number, (m: any) => void>()
let exited: Promise<number | null>

function ask(message: Record<string, unknown>): Promise<any> {
  const id = ++seq
  return new Promise((resolve) => {
    pending.set(id, resolve)
    child.send({ id, ...message })
  })
}

let appUrl = ''
async function invoke(name: string, input: unknown, senderUrl = appUrl): Promise<any> {
  const answer = await ask({ type: 'invoke', name, input, senderUrl })
  if (answer.error) throw new Error(answer.error)
  return answer.envelope
}

beforeAll(async () => {
  tmp = makeTempDir('rekap-electron-')
  const r = spawnSync(process.execPath, [join(REPO_ROOT, 'node_modules/electron-vite/bin/electron-vite.js'), 'build', '--outDir', OUT], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  })
  if (r.status !== 0) throw new Error(`electron-vite build failed:\n${r.stdout}\n${r.stderr}`)

  const standIn = join(tmp.dir, 'electron-stand-in.mjs')
  writeFileSync(standIn, STAND_IN)
  writeFileSync(join(tmp.dir, 'hooks.mjs'), HOOKS.replace('"STAND_IN_URL"', JSON.stringify(pathToFileURL(standIn).href)))
  writeFileSync(join(tmp.dir, 'register.mjs'), `import { register } from 'node:module'\nregister(${JSON.stringify(pathToFileURL(join(tmp.dir, 'hooks.mjs')).href)})\n`)
  writeFileSync(join(tmp.dir, 'driver.mjs'), DRIVER)
  const userData = join(tmp.dir, 'userData')
  mkdirSync(userData)

  child = fork(join(tmp.dir, 'driver.mjs'), [], {
    execArgv: ['--import', pathToFileURL(join(tmp.dir, 'register.mjs')).href],
    env: { ...process.env, MAIN_BUNDLE: pathToFileURL(join(OUT, 'main/index.js')).href, STAND_IN_USER_DATA: userData, REKAP_DATA_DIR: '', REKAP_API_KEY: '',
      // an installed app ignores a dev-server address from the environment (issue 14): the built page still loads
      STAND_IN_PACKAGED: '1', ELECTRON_RENDERER_URL: 'https://evil.example/' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)))
  await new Promise<void>((resolve, reject) => {
    child.on('message', (m: any) => {
      if (m.ready) resolve()
      else if (m.id && pending.has(m.id)) (pending.get(m.id)!(m), pending.delete(m.id))
    })
    child.on('exit', (code) => reject(new Error(`main exited early (${code})`)))
  })
  appUrl = (await ask({ type: 'state' })).loaded
}, 170_000)

afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL')
  rmSync(OUT, { recursive: true, force: true })
  tmp?.cleanup()
})

describe('the built main process with a stand-in for electron', () => {
  it('opens one locked-down window on the built page with the CommonJS preload', async () => {
    const s = await ask({ type: 'state' })
    expect(s.windowOptions.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
    })
    expect(s.windowOptions.webPreferences.preload).toBe(join(OUT, 'preload/index.cjs'))
    expect(existsSync(s.windowOptions.webPreferences.preload)).toBe(true)
    // issue 24 item 14: the app's own privileged scheme, served from out/renderer only
    expect(s.loaded).toBe('app://rekap/index.html')
    expect(s.schemes).toEqual([{ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) }])
    expect(s.served[0]).toMatchObject({ status: 200, html: true, csp: expect.stringContaining("connect-src 'self';") })
    expect(s.served.slice(1).map((r: { status: number }) => r.status)).toEqual([404, 404])
    expect(s.windowOpen).toEqual({ action: 'deny' })
    expect(s.permission).toBe(false)
    expect(s.permissionCheck).toBe(false)
    expect(s.navigateAway).toBe(true) // prevented
    expect(s.navigateFile).toBe(true)
    expect(s.navigateApp).toBe(false) // its own page (another route) is fine
    // the page was told to look at the jobs list once it had loaded
    // did-finish-load is emitted by the stand-in a moment after the window opens: wait for it.
    // (A deadline, not a count of 20 ms naps: on a busy machine 100 naps can pass before the stand-in's timer runs.)
    let sent = s.sent
    for (const end = Date.now() + 15_000; !sent.some((m: any) => m.channel === 'jobs.changed') && Date.now() < end; ) {
      await new Promise((r) => setTimeout(r, 20))
      sent = (await ask({ type: 'state' })).sent
    }
    expect(sent.some((m: any) => m.channel === 'jobs.changed')).toBe(true)
  })

  it('registers exactly one IPC handler per contract command', async () => {
    const s = await ask({ type: 'state' })
    expect([...s.channels].sort()).toEqual([...COMMAND_NAMES].sort())
  })

  it('answers through the dispatcher: results in an envelope, bad payloads and foreign pages refused', async () => {
    expect(await invoke('app.info', {})).toMatchObject({ ok: true, value: { mode: 'electron', platformLanguage: 'id', sandbox: true } })
    expect(await invoke('jobs.start', { jobId: 'no such job!' })).toEqual({
      ok: false,
      error: { code: 'invalid-input', field: 'jobId', message: expect.stringMatching(/^jobs\.start: jobId/) },
    })
    expect(await invoke('settings.save', { concurrency: 3, __proto__x: 1 })).toMatchObject({ ok: false, error: { code: 'invalid-input' } })
    expect(await invoke('settings.get', {}, 'https://evil.example/')).toMatchObject({ ok: false, error: { code: 'unauthorized' } })
  })

  it('keeps the API key in safeStorage and never hands it to the page', async () => {
    const key = 'desk-key-5b6c7d8e9f-QRST'
    const set = await invoke('settings.setKey', { key })
    expect(set).toMatchObject({ ok: true, value: { hasKey: true, keyHint: '…QRST', keySource: 'safeStorage' } })
    expect(JSON.stringify(set)).not.toContain(key)
    expect(JSON.stringify(await invoke('settings.get', {}))).not.toContain(key)
    expect((await invoke('settings.clearKey', {})).value.hasKey).toBe(false)
  })

  it('asks in a native dialog (not the page) before the key may go to a new service host', async () => {
    await ask({ type: 'env', key: 'STAND_IN_DIALOG', value: '0' })
    const refused = await invoke('settings.save', { baseUrl: 'https://service.example.test', confirmHost: true })
    expect(refused.ok).toBe(false)
    expect(JSON.stringify(refused)).toMatch(/tidak mengonfirmasi pengiriman kunci API ke https:\/\/service\.example\.test/) // the app's language (issue 23 item 15)
    expect((await invoke('settings.get', {})).value).toMatchObject({ baseUrl: '', keyHost: null })
    const { dialogs } = await ask({ type: 'env', key: 'STAND_IN_DIALOG', value: '1' })
    expect(dialogs).toEqual([expect.stringContaining('https://service.example.test')])
    expect(await invoke('settings.save', { baseUrl: 'https://service.example.test', confirmHost: true })).toMatchObject({
      ok: true,
      value: { baseUrl: 'https://service.example.test', keyHost: 'https://service.example.test' },
    })
    expect((await invoke('settings.save', { baseUrl: '' })).value.sandbox).toBe(true) // back to the sandbox for the tests below
  })

  it('asks in a native dialog before photo paths outside the workbook are read (issue 24 item 3)', async () => {
    await ask({ type: 'env', key: 'STAND_IN_DIALOG', value: '0' })
    const refused = await invoke('settings.save', { allowOutsidePaths: true })
    expect(refused.ok).toBe(false)
    expect(JSON.stringify(refused)).toMatch(/tidak mengonfirmasi pembacaan jalur foto di luar/)
    expect((await invoke('settings.get', {})).value.allowOutsidePaths).toBe(false)
    const { dialogs } = await ask({ type: 'env', key: 'STAND_IN_DIALOG', value: '1' })
    expect(dialogs.at(-1)).toMatch(/outside the workbook folder/)
    expect((await invoke('settings.save', { allowOutsidePaths: true })).value.allowOutsidePaths).toBe(true)
    expect((await invoke('settings.save', { allowOutsidePaths: false })).value.allowOutsidePaths).toBe(false) // narrowing: no question
  })

  it('runs a real directory sync on the engine and forwards its progress and state to the window', async () => {
    const started = await invoke('directory.sync', { product: 'hospitals', provinceCodes: ['36'] })
    expect(started.ok).toBe(true)
    const jobId: string = started.value.jobId
    let state = started.value.state
    for (let i = 0; i < 300 && state !== 'done'; i++) {
      await new Promise((r) => setTimeout(r, 100))
      state = (await invoke('jobs.get', { jobId })).value.state
    }
    expect(state).toBe('done')
    const page = await invoke('directory.browse', { query: { product: 'hospitals', provinceCodes: ['36'] }, offset: 0, limit: 3 })
    expect(page.value.total).toBeGreaterThan(0)

    const st = await ask({ type: 'state' })
    const sent = st.sent as Array<{ channel: string; payload: any }>
    expect(sent.some((m) => m.channel === 'job.progress' && m.payload.jobId === jobId)).toBe(true)
    expect(sent.some((m) => m.channel === 'job.state' && m.payload.jobId === jobId && m.payload.state === 'done')).toBe(true)
    // only contract events reach the page
    expect(new Set(sent.map((m) => m.channel))).toEqual(new Set(['job.progress', 'job.state', 'jobs.changed', 'job.notice']))
    // the finished job is a desktop notification, shown by main (the page has no permission), in Indonesian
    expect(st.notifications).toContainEqual({ title: 'rekap: pekerjaan selesai', body: expect.stringMatching(/baris selesai/) })
    // off in Settings: the next finished job is not shown
    expect((await invoke('settings.save', { notifications: false })).ok).toBe(true)
    const again = await invoke('directory.sync', { product: 'hospitals', provinceCodes: ['36'] })
    let s2 = again.value.state
    for (let i = 0; i < 300 && s2 !== 'done'; i++) {
      await new Promise((r) => setTimeout(r, 100))
      s2 = (await invoke('jobs.get', { jobId: again.value.jobId })).value.state
    }
    expect(s2).toBe('done')
    const after = await ask({ type: 'state' })
    expect((after.sent as Array<{ channel: string; payload: any }>).some((m) => m.channel === 'job.notice' && m.payload.jobId === again.value.jobId)).toBe(true)
    expect(after.notifications).toHaveLength(st.notifications.length)
    expect((await invoke('settings.save', { notifications: true })).ok).toBe(true)
  })

  it('runs a face-match job through the bundled face worker (out/main/face-worker.js)', async () => {
    const faces = join(SHARED_DIR, 'fixtures/faces')
    const file = join(tmp.dir, 'kyc.csv')
    // photos beside the workbook: paths outside its folder are refused unless allowed (issue 14)
    for (const n of ['obama_1.jpg', 'obama_2.jpg']) copyFileSync(join(faces, n), join(tmp.dir, n))
    writeFileSync(file, ['NIK,Nama,Foto KTP,Foto Selfie', '3273010101010001,Obama,obama_1.jpg,obama_2.jpg'].join('\n'))
    const plan = await invoke('jobs.plan', { path: file, kind: 'face-match', mapping: {} })
    expect(plan).toMatchObject({ ok: true, value: { rowsTotal: 1, estimatedCostRp: 400, sandbox: true } })
    const jobId: string = plan.value.jobId
    await invoke('jobs.start', { jobId })
    let state = ''
    for (let i = 0; i < 1200 && state !== 'done'; i++) {
      await new Promise((r) => setTimeout(r, 100))
      state = (await invoke('jobs.get', { jobId })).value.state
    }
    expect(state).toBe('done')
    const rows = await invoke('jobs.rows', { jobId, offset: 0, limit: 5 })
    expect(rows.value.rows[0]).toMatchObject({ verdict: 'match', charged: true, costRp: 400 })
  })

  it('closes the engine and the store on quit, then exits 0', async () => {
    const answer = await ask({ type: 'quit' })
    expect(answer.quitDeferred).toBe(true)
    expect(await exited).toBe(0)
  })
})
