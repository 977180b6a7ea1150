/**
 * Imports point one way (docs/maintainers.md, "Architecture"): a lower layer never reaches up.
 * `farm-studio look` draws the same arrows; this test keeps the ones the maintainers' notes name
 * from coming back without anyone looking at a picture.
 */
import { describe, expect, it } from 'vitest'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve, dirname } from 'node:path'
import { REPO_ROOT } from '../helpers/temp-dir'

const SRC = join(REPO_ROOT, 'src-main')

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  )
}

/** Every relative import (static, `import type` and `import()`) of the files under `folder`, as repo paths. */
function importsOf(folder: string): Array<{ from: string; to: string }> {
  const out: Array<{ from: string; to: string }> = []
  for (const file of filesUnder(join(SRC, folder))) {
    const text = readFileSync(file, 'utf8')
    for (const m of text.matchAll(/(?:from\s+|import\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g)) {
      out.push({ from: relative(REPO_ROOT, file), to: relative(REPO_ROOT, resolve(dirname(file), m[1])) })
    }
  }
  return out
}

/** lower folder -> folders above it that it must not import */
const NEVER_UP: Array<[string, string[]]> = [
  ['contract', ['src-main/core', 'src-main/app', 'src-main/cli']],
  ['core', ['src-main/app', 'src-main/cli', 'src-main/electron', 'src-main/browser', 'src-main/sandbox']],
  ['core/model', ['src-main/core/store', 'src-main/core/jobs', 'src-main/core/reports', 'src-main/core/kinds']],
  // review rules sit below the report sheets that show the decisions (reports/final-decision, review-log-sheet)
  ['core/review', ['src-main/core/reports', 'src-main/core/kinds', 'src-main/core/export', 'src-main/core/engine', 'src-main/core/jobs']],
  ['core/store', ['src-main/core/jobs', 'src-main/core/reports', 'src-main/core/kinds', 'src-main/core/review', 'src-main/core/engine']],
]

describe('imports point one way', () => {
  it.each(NEVER_UP)('%s imports nothing above it', (folder, above) => {
    const up = importsOf(folder).filter((i) => above.some((a) => i.to === a || i.to.startsWith(a + '/')))
    expect(up).toEqual([])
  })
})
