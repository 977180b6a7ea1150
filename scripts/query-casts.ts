/**
 * Counts hand-written casts of query results (`stmt.get(...) as {...}`, `.all(...) as X[]`, ...):
 * `npx tsx scripts/query-casts.ts [folder...]` prints each one and the count. Query results are typed
 * where they are read instead (`db.prepare<Params, Row>(sql)`, core/store); tests/unit/query-casts.test.ts
 * keeps the count at 0.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

const QUERY_METHODS = new Set(['get', 'all', 'iterate', 'pluck', 'raw'])

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name)
    return e.isDirectory() ? filesUnder(p) : /\.ts$/.test(e.name) ? [p] : []
  })
}

/** Whether `call` is `<something>.prepare(...)...get(...)` or `<statement>.get(...)`: a query's result. */
function isQueryCall(node: ts.Expression): boolean {
  let e = node
  while (ts.isParenthesizedExpression(e) || ts.isNonNullExpression(e)) e = e.expression
  if (!ts.isCallExpression(e) || !ts.isPropertyAccessExpression(e.expression)) return false
  if (!QUERY_METHODS.has(e.expression.name.text)) return false
  // a Map's .get or an array's .all is not a query: the receiver is a statement (prepare(...) or a name ending in stmt/Stmt/query)
  const recv = e.expression.expression
  const text = recv.getText()
  return /prepare\s*(<[^>]*>)?\s*\(/.test(text) || /(stmt|Stmt|stmts\.\w+|statement|query|Query)$/.test(text) || /^this\.(stmts?|reads)\b/.test(text)
}

export function queryCasts(files: string[]): Array<{ file: string; line: number; text: string }> {
  const found: Array<{ file: string; line: number; text: string }> = []
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
    const visit = (node: ts.Node): void => {
      if ((ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) && isQueryCall(node.expression)) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart())
        found.push({ file, line: line + 1, text: node.getText().replace(/\s+/g, ' ').slice(0, 140) })
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return found
}

if (process.argv[1] && path.resolve(process.argv[1]).endsWith('query-casts.ts')) {
  const roots = process.argv.slice(2).length ? process.argv.slice(2) : ['src-main']
  const casts = queryCasts(roots.flatMap((r) => filesUnder(r)))
  for (const c of casts) console.log(`${c.file}:${c.line}  ${c.text}`)
  console.log(`${casts.length} casts of query results`)
}

export { filesUnder }
