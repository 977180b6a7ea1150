/**
 * Item 6: packaging hardening. The installer cannot be built here (no Electron binary, no GitHub),
 * so electron-builder itself loads and validates electron-builder.yml and we read the fuses it would
 * flip; the ELECTRON_RENDERER_URL rule is the function the main process calls (the built main
 * bundle is started with it set, packaged, in tests/integration/electron-main.test.ts).
 */
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { REPO_ROOT } from '../helpers/temp-dir'
import { appLocation, devServerUrl } from '../../src-main/electron/app-urls'
import { appFileFor, APP_INDEX_URL } from '../../src-main/electron/app-protocol'
import { CONTENT_SECURITY_POLICY } from '../../src-main/app/content-security-policy'
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { makeTempDir } from '../helpers/temp-dir'

const require = createRequire(join(REPO_ROOT, 'package.json'))

describe('the packaged app', () => {
  it('flips the Electron fuses: no RunAsNode, NODE_OPTIONS or --inspect; cookie encryption, asar integrity, asar only', async () => {
    const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config.js')
    const { DebugLogger } = require('builder-util/out/DebugLogger.js')
    const config = await getConfig(REPO_ROOT, join(REPO_ROOT, 'electron-builder.yml'), null)
    await validateConfiguration(config, new DebugLogger(false))
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false, // issue 24 item 14: the app is not a file:// page
    })
    expect(config.asar).toBe(true)
  })

  it('honours ELECTRON_RENDERER_URL only when not packaged', () => {
    const env = { ELECTRON_RENDERER_URL: 'http://localhost:5173/' }
    expect(devServerUrl(true, env)).toBeUndefined()
    expect(devServerUrl(false, env)).toBe('http://localhost:5173/')
    expect(devServerUrl(false, {})).toBeUndefined()
  })
})

describe('issue 24 item 14: the desktop page', () => {
  it('is loaded from the app:// scheme, registered privileged and served by a handler, not from file://', () => {
    expect(appLocation().url).toBe('app://rekap/index.html')
    expect(appLocation().isAppUrl('app://rekap/index.html#/jobs')).toBe(true)
    expect(appLocation().isAppUrl('file:///opt/rekap/resources/app.asar/out/renderer/index.html')).toBe(false)
    expect(appLocation().isAppUrl('app://evil/index.html')).toBe(false)
    const main = readFileSync(join(REPO_ROOT, 'src-main/electron/main.ts'), 'utf8')
    expect(main).toMatch(/protocol\.registerSchemesAsPrivileged\(/)
    expect(main).toMatch(/protocol\.handle\(APP_SCHEME/)
    expect(main).not.toMatch(/loadFile\(|pathToFileURL/)
  })

  it('serves only files of the renderer folder', async () => {
    const tmp = makeTempDir('rekap-sec-proto-')
    try {
      const dir = join(tmp.dir, 'renderer')
      mkdirSync(join(dir, 'assets'), { recursive: true })
      writeFileSync(join(dir, 'index.html'), '<!doctype html>')
      writeFileSync(join(dir, 'assets', 'app.js'), '1')
      writeFileSync(join(tmp.dir, 'secret.txt'), 'no')
      symlinkSync(join(tmp.dir, 'secret.txt'), join(dir, 'assets', 'link.js'))
      expect(await appFileFor(dir, APP_INDEX_URL)).toBe(join(dir, 'index.html'))
      expect(await appFileFor(dir, 'app://rekap/assets/app.js?v=1#x')).toBe(join(dir, 'assets', 'app.js'))
      for (const evil of [
        'app://rekap/../secret.txt',
        'app://rekap/%2e%2e/secret.txt',
        'app://rekap/assets/..%2f..%2fsecret.txt',
        'app://rekap/assets/link.js',
        'app://rekap/a%00.js',
        'app://rekap/%E0%A4%A',
        'app://other/index.html',
        'file:///etc/passwd',
      ]) {
        expect(await appFileFor(dir, evil), evil).toBeNull()
      }
    } finally {
      tmp.cleanup()
    }
  })

  it("narrows the CSP's connect-src to the page's own origin (not every 127.0.0.1 port)", () => {
    const connect = CONTENT_SECURITY_POLICY.split('; ').find((d) => d.startsWith('connect-src'))
    expect(connect).toBe("connect-src 'self'")
    expect(readFileSync(join(REPO_ROOT, 'src-renderer/index.html'), 'utf8')).not.toMatch(/127\.0\.0\.1/)
  })
})
