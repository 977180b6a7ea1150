/**
 * `rekap ui` serves out/renderer. Rebuild it when any renderer source is newer than the
 * build, so the browser tests always drive the code in the tree, not a stale bundle.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { REPO_ROOT } from '../../helpers/sandbox-process'

function newestMtime(dir: string): number {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs)
  }
  return newest
}

export function ensureRendererBuilt(): void {
  const built = path.join(REPO_ROOT, 'out', 'renderer', 'index.html')
  const sources = Math.max(newestMtime(path.join(REPO_ROOT, 'src-renderer')), newestMtime(path.join(REPO_ROOT, 'src-main', 'contract')))
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
}
