/**
 * Every SQLite write transaction goes through writeTransaction (store/database.ts: IMMEDIATE).
 * better-sqlite3's `db.transaction(fn)()` begins DEFERRED: one that read and then wrote failed
 * with "database is locked" when another process committed in between (stop 37's CI failure;
 * behaviour: tests/integration/store-two-writers.test.ts). A new call of the default form
 * anywhere in the local store's code fails here, naming the place.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { REPO_ROOT } from '../helpers/temp-dir'

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n)
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : []
  })
}

describe('write transactions', () => {
  it('no SQLite transaction outside writeTransaction (the team store is PostgreSQL: its own BEGIN)', () => {
    const found: string[] = []
    for (const f of sources(join(REPO_ROOT, 'src-main'))) {
      const rel = relative(REPO_ROOT, f)
      if (rel.startsWith('src-main/core/team/') || rel === 'src-main/core/store/database.ts') continue
      readFileSync(f, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          // `store.transaction(fn)` is the Store's own, itself a writeTransaction
          if (/\.transaction\(/.test(line) && !/\bstore\.transaction\(/.test(line)) found.push(`${rel}:${i + 1}: ${line.trim()}`)
        })
    }
    expect(found).toEqual([])
  })
})
