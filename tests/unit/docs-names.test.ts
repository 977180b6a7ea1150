/**
 * Issue 25: docs that stay true. Every backticked path and code symbol named in README.md and
 * docs/maintainers.md must still exist: a path as a tracked file or folder (from the repo root,
 * src-main/ or src-main/core/, or as the end of a tracked path), a symbol as a word in the code.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = join(__dirname, '../..')
const DOCS = ['README.md', 'docs/maintainers.md']

const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter(Boolean)
const folders = new Set(tracked.flatMap((f) => f.split('/').slice(0, -1).map((_, i, a) => a.slice(0, i + 1).join('/'))))
const code = tracked
  // the code a maintainer's doc can name: the sources, tests, benches, scripts, the command's entry
  // files and CI's script (an environment variable it sets or clears is a name there)
  .filter((f) => /^(src-main|src-renderer|tests|bench|scripts|bin)\/.*\.(ts|vue|mjs|cjs)$/.test(f) || f === '.ci/run')
  .map((f) => readFileSync(join(ROOT, f), 'utf8'))
  .join('\n')

/**
 * The backticked spans of a markdown file outside fenced blocks, and the code words of its
 * diagrams (fences without a language: the architecture drawings name modules and functions).
 */
function spans(md: string): string[] {
  const outside = md.replace(/```[\s\S]*?```/g, '')
  const inline = [...outside.matchAll(/`([^`\n]+)`/g)].map((m) => m[1].trim())
  const diagrams = [...md.matchAll(/```\n([\s\S]*?)```/g)].flatMap((m) => m[1].match(/[A-Za-z_][\w./-]*/g) ?? [])
  return [...inline, ...diagrams.filter((w) => symbolOf(w) !== null || /\.ts$/.test(w))]
}

function pathExists(p: string): boolean {
  const clean = p.replace(/\/$/, '').replace(/^\.\//, '')
  for (const base of ['', 'src-main/', 'src-main/core/']) {
    const full = base + clean
    if (tracked.includes(full) || folders.has(full)) return true
  }
  return tracked.some((f) => f.endsWith('/' + clean)) || [...folders].some((f) => f.endsWith('/' + clean))
}

/** Folders a repo path in the docs starts with (top level, src-main/, src-main/core/, src-renderer/src/). */
const ROOTS = new Set(
  [...folders].flatMap((f) => {
    const p = f.split('/')
    if (p.length === 1) return [p[0]]
    if (p.length === 2 && (p[0] === 'src-main' || p[0] === 'src-renderer')) return [p[1]]
    if (p.length === 3 && p[1] === 'core') return [p[2]]
    if (p.length === 3 && p[1] === 'src') return [p[2]]
    return []
  }),
)

/** A repo path: no spaces or placeholders, and a known first folder or a source/doc file name. */
const isPath = (s: string): boolean =>
  !/^\.\w+$/.test(s) && !/NNN|XXX/.test(s) && /^[\w.@-]+(\/[\w.@-]*)*\/?$/.test(s) && (/\.(ts|vue|md|mjs|json|yml)$/.test(s) || (s.includes('/') && ROOTS.has(s.split('/')[0])))
/** A code symbol: camelCase, PascalCase or SNAKE_CASE (plain words and flags are not symbols), optionally called. */
const symbolOf = (s: string): string | null => {
  const m = /^([A-Za-z_][A-Za-z0-9_]*)(\(\))?$/.exec(s)
  if (!m) return null
  const name = m[1]
  return /[a-z][A-Z]|^[A-Z][a-z]+[A-Z]|^[A-Z][A-Z0-9]*_[A-Z0-9_]+$/.test(name) ? name : null
}

describe('docs name only what exists (issue 25)', () => {
  for (const doc of DOCS) {
    it(`${doc}: every backticked path and symbol exists`, () => {
      const missing: string[] = []
      for (const s of spans(readFileSync(join(ROOT, doc), 'utf8'))) {
        if (isPath(s)) {
          if (!pathExists(s)) missing.push(`path ${s}`)
          continue
        }
        const sym = symbolOf(s)
        if (sym && !new RegExp(`\\b${sym}\\b`).test(code)) missing.push(`symbol ${sym}`)
      }
      expect(missing).toEqual([])
    })
  }
})
