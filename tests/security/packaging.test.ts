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
import { devServerUrl } from '../../src-main/electron/app-urls'

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
