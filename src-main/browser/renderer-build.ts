/**
 * Browser mode serves the built renderer. From a fresh clone it is not built yet, so
 * `rekap ui` builds it once (electron-vite, a few seconds) rather than failing.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository (or installed package) root: two levels above src-main/browser. */
export const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
export const DEFAULT_RENDERER_DIR = path.join(PACKAGE_ROOT, 'out', 'renderer')

export function rendererBuilt(dir: string): boolean {
  return existsSync(path.join(dir, 'index.html'))
}

/** Runs `electron-vite build`; returns an error text or null. Output goes to stderr (stdout carries the URL line). */
export function buildRenderer(root: string = PACKAGE_ROOT): string | null {
  const cli = path.join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js')
  if (!existsSync(cli)) return `electron-vite is not installed in ${root}; run npm ci`
  const r = spawnSync(process.execPath, [cli, 'build'], { cwd: root, stdio: ['ignore', 2, 2] })
  return r.status === 0 ? null : `electron-vite build failed (exit ${r.status ?? r.signal})`
}
