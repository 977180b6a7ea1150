import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

/** A fresh temp folder per test file, removed afterwards. */
export function makeTempDir(prefix = 'rekap-test-'): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) }
}

/** Root of the repository, and `../shared` beside it (spec, photos, real data; never copied in). */
export const REPO_ROOT = resolve(import.meta.dirname, '../..')
export const SHARED_DIR = resolve(REPO_ROOT, '../shared')
