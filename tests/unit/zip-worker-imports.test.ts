/**
 * The zip thread (core/reports/xlsx/zip-worker.ts) starts while the report's thread is already
 * reading rows, and a large report waits for it: it loads only what it runs. Through the digest it
 * once loaded the cells' rules and every message text (a 121 KB chunk instead of 25 KB; ~10 ms more
 * to start alone, more on a busy machine: docs/performance.md, stop 51).
 */
import { describe, expect, it } from 'vitest'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { REPO_ROOT } from '../helpers/temp-dir'

/** Every module a file loads at run time, through its static relative imports (`import type` left out: it loads nothing). */
function loadedFrom(entry: string): Set<string> {
  const seen = new Set<string>()
  const visit = (file: string) => {
    const rel = relative(REPO_ROOT, file)
    if (seen.has(rel)) return
    seen.add(rel)
    const text = readFileSync(file, 'utf8')
    for (const m of text.matchAll(/^import\s+(?!type\s)[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/gm)) {
      const target = resolve(dirname(file), m[1])
      visit(existsSync(target + '.ts') ? target + '.ts' : join(target, 'index.ts'))
    }
  }
  visit(join(REPO_ROOT, entry))
  return seen
}

describe('the zip thread loads only what it runs', () => {
  it('not the cells rules, the message texts or the report writers', () => {
    const loaded = [...loadedFrom('src-main/core/reports/xlsx/zip-worker.ts')]
    // the walk itself found the worker's own modules
    expect(loaded).toContain('src-main/core/reports/report-digest.ts')
    expect(loaded).toContain('src-main/core/reports/xlsx/zip-writer.ts')
    expect(loaded.filter((f) => /core\/texts\/|column-cells|cell-safety|digesting-writer|report-writer|xlsx-report/.test(f))).toEqual([])
  })
})
