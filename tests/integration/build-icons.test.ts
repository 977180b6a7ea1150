/**
 * The app icon set: generated from resources/icon.svg into the sizes Windows (.ico), macOS
 * (.icns) and Linux (PNG folder) need, referenced by electron-builder.yml and the window.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { makeIcons, ICO_SIZES, LINUX_SIZES } from '../../scripts/make-icons'
import { ICNS_TYPES } from '../../scripts/icon-containers'
import { makeTempDir, REPO_ROOT } from '../helpers/temp-dir'

const require = createRequire(join(REPO_ROOT, 'package.json'))
const tmp = makeTempDir('rekap-icons-')
afterAll(() => tmp.cleanup())

/** The images of an .ico as its directory lists them, each read back as a PNG. */
async function icoImages(buf: Buffer): Promise<Array<{ size: number; width: number }>> {
  expect(buf.readUInt16LE(0)).toBe(0)
  expect(buf.readUInt16LE(2)).toBe(1)
  const n = buf.readUInt16LE(4)
  const out: Array<{ size: number; width: number }> = []
  for (let i = 0; i < n; i++) {
    const e = 6 + 16 * i
    const size = buf.readUInt8(e) || 256
    const len = buf.readUInt32LE(e + 8)
    const at = buf.readUInt32LE(e + 12)
    const meta = await sharp(buf.subarray(at, at + len)).metadata()
    out.push({ size, width: meta.width! })
  }
  return out
}

/** The elements of an .icns: type and the PNG's width. */
async function icnsImages(buf: Buffer): Promise<Array<{ type: string; width: number }>> {
  expect(buf.toString('ascii', 0, 4)).toBe('icns')
  expect(buf.readUInt32BE(4)).toBe(buf.length)
  const out: Array<{ type: string; width: number }> = []
  for (let at = 8; at < buf.length; ) {
    const type = buf.toString('ascii', at, at + 4)
    const len = buf.readUInt32BE(at + 4)
    out.push({ type, width: (await sharp(buf.subarray(at + 8, at + len)).metadata()).width! })
    at += len
  }
  return out
}

describe('app icons from one source image', () => {
  it('the generator writes every size each OS needs, from resources/icon.svg', async () => {
    await makeIcons(tmp.dir)
    const ico = await icoImages(readFileSync(join(tmp.dir, 'icon.ico')))
    expect(ico).toEqual(ICO_SIZES.map((s) => ({ size: s, width: s })))
    const icns = await icnsImages(readFileSync(join(tmp.dir, 'icon.icns')))
    expect(icns).toEqual(ICNS_TYPES.map(([type, size]) => ({ type, width: size })))
    expect((await sharp(join(tmp.dir, 'icon.png')).metadata()).width).toBe(1024)
    for (const s of LINUX_SIZES) expect((await sharp(join(tmp.dir, 'icons', `${s}x${s}.png`)).metadata()).width).toBe(s)
  })

  it('the committed resources/ hold the same set (regenerate with: npx tsx scripts/make-icons.ts)', async () => {
    const res = join(REPO_ROOT, 'resources')
    expect(await icoImages(readFileSync(join(res, 'icon.ico')))).toEqual(ICO_SIZES.map((s) => ({ size: s, width: s })))
    expect((await icnsImages(readFileSync(join(res, 'icon.icns')))).map((i) => i.width)).toEqual(ICNS_TYPES.map(([, s]) => s))
    expect(readdirSync(join(res, 'icons')).sort()).toEqual(LINUX_SIZES.map((s) => `${s}x${s}.png`).sort())
  })

  it('electron-builder uses them, and the window icon is packaged', async () => {
    const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config.js')
    const { DebugLogger } = require('builder-util/out/DebugLogger.js')
    const c = await getConfig(REPO_ROOT, join(REPO_ROOT, 'electron-builder.yml'), null)
    await validateConfiguration(c, new DebugLogger(false))
    expect(c.directories.buildResources).toBe('resources')
    expect(c.win.icon).toBe('resources/icon.ico')
    expect(c.mac.icon).toBe('resources/icon.icns')
    expect(c.linux.icon).toBe('resources/icons')
    const files = (c.files as Array<string | { filter: string[] }>).flatMap((f) => (typeof f === 'string' ? [f] : f.filter))
    expect(files).toContain('resources/icon.png')
    const main = readFileSync(join(REPO_ROOT, 'src-main/electron/main.ts'), 'utf8')
    expect(main).toContain("path.join(here, '../../resources/icon.png')")
  })
})
