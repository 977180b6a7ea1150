/**
 * `rekap ui` serves out/renderer. Rebuild it when any renderer source is newer than the
 * build, so the browser tests always drive the code in the tree, not a stale bundle.
 *
 * Up to three e2e files start at once (vitest's lanes), and after an edit every one of them finds
 * the build stale: one builds while the others wait for it (a lock folder, not a pause of a guessed
 * length), so no file serves a bundle another is emptying and rewriting.
 */
import { createHash } from 'node:crypto'
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
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

function builtIsFresh(): boolean {
  const built = path.join(REPO_ROOT, 'out', 'renderer', 'index.html')
  const sources = Math.max(newestMtime(path.join(REPO_ROOT, 'src-renderer')), newestMtime(path.join(REPO_ROOT, 'src-main', 'contract')))
  return existsSync(built) && statSync(built).mtimeMs >= sources
}

/** A build takes seconds; a lock older than this was left by a killed run. */
const STALE_LOCK_MS = 5 * 60_000

export function ensureRendererBuilt(): void {
  if (builtIsFresh()) return
  // outside out/ (the build empties its folders), one per checkout
  const lock = path.join(tmpdir(), `rekap-renderer-build-${createHash('sha256').update(REPO_ROOT).digest('hex').slice(0, 12)}.lock`)
  const nap = new Int32Array(new SharedArrayBuffer(4))
  for (;;) {
    try {
      mkdirSync(lock)
      break
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
      if (Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true })
      Atomics.wait(nap, 0, 0, 200) // the file's own thread: nothing else of this test file runs yet
    }
  }
  try {
    if (builtIsFresh()) return // another file built it while this one waited
    execFileSync(process.execPath, [path.join(REPO_ROOT, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    })
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}
