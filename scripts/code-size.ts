/**
 * Counts the functions over 80 lines and the source files over 400 lines in src-main and
 * src-renderer, with the TypeScript compiler's own parser (a .vue file's <script> block is parsed
 * the same way). Tests and generated tables are not sources here. Used by
 * tests/unit/code-size.test.ts; run alone with `npx tsx scripts/code-size.ts` for the figures.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'

export const MAX_FUNCTION_LINES = 80
export const MAX_FILE_LINES = 400
export const SOURCE_ROOTS = ['src-main', 'src-renderer'] as const

export interface LongFunction {
  file: string
  name: string
  lines: number
}
export interface LongFile {
  file: string
  lines: number
}

function sourceFiles(root: string, dir: string): string[] {
  const out: string[] = []
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name)
    if (e.isDirectory()) {
      if (e.name === 'node_modules' || e.name === 'dist' || e.name === 'out') continue
      out.push(...sourceFiles(root, p))
    } else if (/\.(ts|vue)$/.test(e.name) && !/\.(test|spec|d)\.ts$/.test(e.name)) out.push(relative(root, p))
  }
  return out
}

/** The <script> block of a .vue file, with the lines before it kept blank so line numbers hold. */
function scriptOf(text: string): string {
  const m = /<script[^>]*>([\s\S]*?)<\/script>/.exec(text)
  if (!m) return ''
  const before = text.slice(0, m.index + m[0].indexOf('>') + 1)
  return '\n'.repeat(before.split('\n').length - 1) + m[1]
}

function nameOf(node: ts.Node, sf: ts.SourceFile): string {
  const named = node as ts.Node & { name?: ts.Node }
  if (named.name) return named.name.getText(sf)
  const p = node.parent
  if (p && ts.isVariableDeclaration(p)) return p.name.getText(sf)
  if (p && ts.isPropertyAssignment(p)) return p.name.getText(sf)
  if (p && ts.isCallExpression(p)) return `${p.expression.getText(sf).slice(0, 40)}(…)`
  return '(anonymous)'
}

function longFunctionsIn(file: string, text: string): LongFunction[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)
  const out: LongFunction[] = []
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && (node as ts.FunctionLikeDeclaration).body) {
      const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line
      const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line
      const lines = end - start + 1
      if (lines > MAX_FUNCTION_LINES) out.push({ file, name: nameOf(node, sf), lines })
    }
    ts.forEachChild(node, visit)
  }
  visit(sf)
  return out
}

export function measure(repo: string): { files: number; functions: LongFunction[]; longFiles: LongFile[] } {
  const functions: LongFunction[] = []
  const longFiles: LongFile[] = []
  let files = 0
  for (const r of SOURCE_ROOTS) {
    for (const file of sourceFiles(repo, join(repo, r))) {
      files++
      const text = readFileSync(join(repo, file), 'utf8')
      const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0)
      if (lines > MAX_FILE_LINES) longFiles.push({ file, lines })
      functions.push(...longFunctionsIn(file, file.endsWith('.vue') ? scriptOf(text) : text))
    }
  }
  functions.sort((a, b) => b.lines - a.lines)
  longFiles.sort((a, b) => b.lines - a.lines)
  return { files, functions, longFiles }
}

if (process.argv[1] && /code-size\.ts$/.test(process.argv[1])) {
  const m = measure(process.cwd())
  console.log(`${m.files} source files; ${m.functions.length} functions over ${MAX_FUNCTION_LINES} lines; ${m.longFiles.length} files over ${MAX_FILE_LINES} lines`)
  for (const f of m.functions) console.log(`  function ${f.lines}\t${f.file}:${f.name}`)
  for (const f of m.longFiles) console.log(`  file     ${f.lines}\t${f.file}`)
}
