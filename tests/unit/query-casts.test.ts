/**
 * Issue 25: query results are typed where the SQL is written (`db.prepare<Params, Row>(sql)` in
 * core/store), not cast where they are read. On main, 59 casts (`stmt.get(...) as { n: number }`,
 * `.all(...) as Row[]`, ...) stood in src-main/core/store; none may come back.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { filesUnder, queryCasts } from '../../scripts/query-casts'
import { REPO_ROOT } from '../helpers/temp-dir'

describe('typed query results (issue 25)', () => {
  it('no hand-written cast of a query result in src-main', () => {
    const casts = queryCasts(filesUnder(join(REPO_ROOT, 'src-main'))).map((c) => `${c.file.slice(REPO_ROOT.length + 1)}:${c.line} ${c.text}`)
    expect(casts).toEqual([])
  })

  it('the counter sees a cast of a query result (and not a Map lookup)', () => {
    const ts = `const a = db.prepare('SELECT 1 AS n').get() as { n: number }\nconst b = new Map().get('x') as number\nconst c = this.stmts.rows.all(id) as Row[]\n`
    expect(queryCastsOfText(ts).length).toBe(2)
  })
})

/** The counter run over a snippet written to a temporary file. */
function queryCastsOfText(text: string): unknown[] {
  const dir = mkdtempSync(join(tmpdir(), 'rekap-casts-'))
  try {
    writeFileSync(join(dir, 'x.ts'), text)
    return queryCasts([join(dir, 'x.ts')])
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
