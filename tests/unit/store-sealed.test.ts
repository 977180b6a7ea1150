/**
 * Issue 25: the store is sealed. Nothing outside src-main/core/store sees the SQLite handle or
 * writes SQL; the repositories' typed methods (and `store.transaction`) are the way in. The team
 * store (PostgreSQL: core/team, core/coordination/team) is a store of its own and keeps its SQL.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = join(__dirname, '../..')
const SEALED_STORES = ['src-main/core/store/', 'src-main/core/team/', 'src-main/core/coordination/team/']

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name)
    if (e.isDirectory()) return filesUnder(p)
    return /\.(ts|vue)$/.test(e.name) ? [p] : []
  })
}

const HANDLE = /\b(store|reader|env\.store)\.db\b|\.db\.(prepare|transaction|exec|pragma)\(|\bopenDatabase\(|\bstoreOver\(|type Db\b/
const SQL = /\b(SELECT\s+[\w*(),. ]+\s+FROM|INSERT\s+(OR\s+\w+\s+)?INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|CREATE\s+(TABLE|INDEX))\b/

describe('the store is sealed (issue 25)', () => {
  it('no file outside core/store uses the database handle or contains SQL', () => {
    const offenders: string[] = []
    for (const root of ['src-main', 'src-renderer/src']) {
      for (const file of filesUnder(join(ROOT, root))) {
        const rel = relative(ROOT, file)
        if (SEALED_STORES.some((s) => rel.startsWith(s))) continue
        readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            if (HANDLE.test(line)) offenders.push(`${rel}:${i + 1} handle: ${line.trim()}`)
            if (SQL.test(line)) offenders.push(`${rel}:${i + 1} SQL: ${line.trim()}`)
          })
      }
    }
    expect(offenders).toEqual([])
  })
})
