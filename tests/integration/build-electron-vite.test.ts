/**
 * `electron-vite build` as packaging would run it (no Electron binary needed), then the
 * output is checked for what the desktop app's safety rests on: a CommonJS preload (a
 * sandboxed preload cannot be an ES module), the window's security flags, the CSP in the page.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTENT_SECURITY_POLICY, META_CONTENT_SECURITY_POLICY } from '../../src-main/app/content-security-policy'
import { COMMAND_NAMES } from '../../src-main/contract/names'
import { REPO_ROOT } from '../helpers/temp-dir'

// inside the repository, so the bundle's external imports resolve from node_modules as in the app
const OUT = join(REPO_ROOT, 'out', `.test-build-${process.pid}`)
let buildMs = 0

beforeAll(() => {
  const started = performance.now()
  const r = spawnSync(process.execPath, [join(REPO_ROOT, 'node_modules/electron-vite/bin/electron-vite.js'), 'build', '--outDir', OUT], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  })
  buildMs = performance.now() - started
  if (r.status !== 0) throw new Error(`electron-vite build failed:\n${r.stdout}\n${r.stderr}`)
}, 170_000)

afterAll(() => rmSync(OUT, { recursive: true, force: true }))

describe('electron-vite build output', () => {
  it('builds main, face worker, preload and renderer', () => {
    for (const f of ['main/index.js', 'main/face-worker.js', 'main/heavy-worker.js', 'main/zip-worker.js', 'preload/index.cjs', 'renderer/index.html']) {
      expect(existsSync(join(OUT, f)), f).toBe(true)
    }
    // the face worker is found next to the chunk that starts it
    expect(readdirSync(join(OUT, 'main')).every((f) => !f.includes('/'))).toBe(true)
    console.log(`electron-vite build: ${Math.round(buildMs)} ms`)
  })

  it('emits a CommonJS preload that needs nothing but electron and exposes only window.rekap', () => {
    const preload = readFileSync(join(OUT, 'preload/index.cjs'), 'utf8')
    expect(preload).not.toMatch(/^\s*import\s/m)
    expect(preload).not.toMatch(/^\s*export\s/m)
    expect(preload).toMatch(/require\("electron"\)/)
    const required = [...preload.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1])
    expect(new Set(required)).toEqual(new Set(['electron']))
    const exposed = [...preload.matchAll(/exposeInMainWorld\("([^"]+)"/g)].map((m) => m[1])
    expect(exposed).toEqual(['rekap'])
    // no generic door: the only invoke goes through the allowlist-built methods
    expect(preload).not.toMatch(/exposeInMainWorld\([^)]*ipcRenderer\b/)
    // small: names and glue only, no schema library bundled in
    expect(preload).not.toMatch(/ZodObject|safeParse/)
    expect(preload.length).toBeLessThan(10_000)
    for (const name of COMMAND_NAMES) expect(preload).toContain(`"${name}"`)
  })

  it('builds the window with the security flags on', () => {
    const main = readFileSync(join(OUT, 'main/index.js'), 'utf8')
    expect(main).toMatch(/^import .* from "electron";?$/m) // ESM main, electron external
    for (const flag of ['contextIsolation: true', 'sandbox: true', 'nodeIntegration: false', 'webSecurity: true', 'webviewTag: false']) {
      expect(main).toContain(flag)
    }
    expect(main).toContain('setWindowOpenHandler')
    expect(main).toMatch(/action: "deny"/)
    expect(main).toContain('will-navigate')
    expect(main).toContain('requestSingleInstanceLock')
    expect(main).toContain('setPermissionRequestHandler')
    expect(main).toContain('../preload/index.cjs')
    // native and heavy modules stay external (rebuilt for Electron, unpacked from the asar)
    // (the main process and its worker threads share chunks, so look at every file of out/main)
    const bundle = readdirSync(join(OUT, 'main'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(join(OUT, 'main', f), 'utf8'))
      .join('\n')
    expect(bundle).toMatch(/from "better-sqlite3"/)
    expect(bundle).not.toMatch(/function Database\(filenameGiven/)
  })

  it('puts the strict CSP in the page, and it is the one the server and window send', () => {
    const html = readFileSync(join(OUT, 'renderer/index.html'), 'utf8')
    const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1]
    expect(meta).toBe(META_CONTENT_SECURITY_POLICY)
    // frame-ancestors only works as a header (the window and rekap ui send it)
    expect(CONTENT_SECURITY_POLICY).toBe(`${META_CONTENT_SECURITY_POLICY}; frame-ancestors 'none'`)
    expect(meta).toContain("script-src 'self'")
    expect(meta).not.toContain('unsafe-eval')
    expect(meta).toContain("object-src 'none'")
    // every script the page loads is a file of its own (no inline script for the CSP to allow)
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/)
    const assets = readdirSync(join(OUT, 'renderer/assets')).filter((f) => f.endsWith('.js'))
    expect(assets.length).toBeGreaterThan(0)
    for (const a of assets) expect(readFileSync(join(OUT, 'renderer/assets', a), 'utf8')).not.toMatch(/new Function\(|\beval\(/)
  })
})
