/**
 * The installer configuration cannot be built here (no Electron binary, no GitHub), so this
 * checks what can be checked: electron-builder's own schema accepts it, it targets all three
 * OSes, rebuilds native modules for Electron, and every unpacked path really exists.
 */
import { existsSync, readdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { REPO_ROOT } from '../helpers/temp-dir'

const require = createRequire(join(REPO_ROOT, 'package.json'))

async function loadConfig(): Promise<Record<string, any>> {
  const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config.js')
  const { DebugLogger } = require('builder-util/out/DebugLogger.js')
  const config = await getConfig(REPO_ROOT, join(REPO_ROOT, 'electron-builder.yml'), null)
  await validateConfiguration(config, new DebugLogger(false)) // throws on an unknown or misplaced option
  return config
}

describe('electron-builder.yml', () => {
  it('passes electron-builder validation and targets Windows, macOS and Linux', async () => {
    const c = await loadConfig()
    expect(c.win.target.map((t: { target: string }) => t.target)).toEqual(['nsis'])
    expect(c.mac.target.map((t: { target: string }) => t.target)).toEqual(['dmg'])
    expect(c.linux.target.map((t: { target: string }) => t.target)).toEqual(['AppImage', 'deb'])
    expect(c.npmRebuild).toBe(true)
    const files = (c.files as Array<string | { filter: string[] }>).flatMap((f) => (typeof f === 'string' ? [f] : f.filter))
    expect(files).toEqual(expect.arrayContaining(['out/main/**', 'out/preload/**', 'out/renderer/**', 'package.json']))
  })

  it('unpacks the native modules and the face model files, and each unpacked path exists', async () => {
    const c = await loadConfig()
    const unpack: string[] = c.asarUnpack
    for (const must of ['node_modules/better-sqlite3/**', 'node_modules/sharp/**', 'node_modules/@vladmandic/face-api/model/**']) {
      expect(unpack).toContain(must)
    }
    for (const pattern of unpack.filter((p) => p.startsWith('node_modules/'))) {
      const dir = pattern.replace(/\/\*\*$/, '').replace(/\/\*\.[a-z]+$/, '')
      expect(existsSync(join(REPO_ROOT, dir)), pattern).toBe(true)
      if (pattern.endsWith('*.wasm')) expect(readdirSync(join(REPO_ROOT, dir)).some((f) => f.endsWith('.wasm'))).toBe(true)
    }
    // better-sqlite3's compiled addon is what @electron/rebuild replaces
    expect(existsSync(join(REPO_ROOT, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node'))).toBe(true)
  })
})
