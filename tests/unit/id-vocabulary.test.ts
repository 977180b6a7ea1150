/**
 * One Indonesian word for one thing, in every surface: the app's screens, the refusals and import
 * errors they show (core texts), the CLI's messages and --help, and the reports' labels all say
 * "buku kerja" (workbook), "lembar" / "lembar kerja" (sheet / worksheet) and "folder" (not "map").
 * The screens were changed first and the shared texts kept "workbook" and "sheet", so one app
 * showed two words for one thing depending on where a message came from.
 *
 * Every text of every Indonesian table is read with the TypeScript parser: string literals and the
 * literal parts of template strings (not keys, types, imports or comments, nor the `${...}` code).
 * Kept as they are, because a user types or finds them literally: the options --sheet and --map,
 * the part names xl/workbook.xml and xl/worksheets/..., and Excel's own menu "Protect Workbook".
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const ROOT = join(__dirname, '../..')

/** file (from the repo root) -> the exported tables to read in it; none = the whole file */
function indonesianTables(): Map<string, string[] | null> {
  const tables = new Map<string, string[] | null>()
  const isId = (f: string) => f === 'id.ts' || /-id\.ts$/.test(f)
  for (const dir of ['src-main/core/texts', 'src-main/cli/messages', 'src-renderer/src/i18n']) {
    for (const f of readdirSync(join(ROOT, dir)).filter(isId).sort()) tables.set(`${dir}/${f}`, null)
  }
  tables.set('src-main/core/reports/labels/id.ts', null)
  // files holding both languages: only their Indonesian half
  tables.set('src-main/cli/messages/team-help.ts', ['teamHelpId'])
  tables.set('src-main/cli/messages/team-money.ts', ['teamMoneyId'])
  tables.set('src-main/contract/row-error-reasons.ts', ['id'])
  tables.set('src-main/contract/field-words.ts', ['ID'])
  return tables
}

/** The user-facing texts of a source file (or of the named declarations in it). */
function textsOf(file: string, only: string[] | null): string[] {
  const source = ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true)
  const out: string[] = []
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isLiteralTypeNode(node)) return
    if (ts.isPropertyAssignment(node)) return visit(node.initializer) // the key is a name, not a text
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) out.push(node.text)
    else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) out.push(node.text)
    ts.forEachChild(node, visit)
  }
  if (!only) visit(source)
  else {
    const wanted = (d: ts.VariableDeclaration) => ts.isIdentifier(d.name) && only.includes(d.name.text)
    const decls: ts.VariableDeclaration[] = []
    const find = (n: ts.Node): void => (ts.isVariableDeclaration(n) && wanted(n) ? void decls.push(n) : ts.forEachChild(n, find))
    find(source)
    expect(decls.map((d) => (d.name as ts.Identifier).text).sort(), file).toEqual([...only].sort())
    for (const d of decls) if (d.initializer) visit(d.initializer)
  }
  return out
}

/** literal names a user types or finds, allowed in an Indonesian text */
const LITERALS = [/--sheet\b/g, /--map\b/g, /\bxl\/workbook\.xml\b/g, /\bxl\/worksheets\//g, /\bProtect Workbook\b/g]
/** the English words for things Indonesian calls buku kerja, lembar (kerja) and folder */
const ENGLISH = /\b(workbooks?|worksheets?|sheets?|maps?)\b/i

function englishIn(text: string): boolean {
  return ENGLISH.test(LITERALS.reduce((t, re) => t.replace(re, ''), text))
}

describe('Indonesian vocabulary: buku kerja, lembar (kerja), folder in every surface', () => {
  const tables = indonesianTables()

  it('reads every Indonesian table there is, each with texts in it', () => {
    for (const must of [
      'src-main/core/texts/id.ts', 'src-main/core/texts/app-id.ts', 'src-main/core/texts/archive-id.ts',
      'src-main/cli/messages/id.ts', 'src-main/cli/messages/help-id.ts', 'src-main/cli/messages/team-id.ts',
      'src-renderer/src/i18n/id.ts', 'src-renderer/src/i18n/settings-id.ts',
    ]) expect([...tables.keys()]).toContain(must)
    for (const [file, only] of tables) expect(textsOf(file, only).length, file).toBeGreaterThan(0)
  })

  it('no Indonesian text says workbook, worksheet, sheet or map (for folder), but the literal names', () => {
    const found: string[] = []
    for (const [file, only] of tables) for (const text of textsOf(file, only)) if (englishIn(text)) found.push(`${file}: ${text}`)
    expect(found).toEqual([])
  })

  it('the check itself: catches the old words and their grammar, lets the literal names through', () => {
    for (const bad of ['rencanakan ulang workbook-nya', 'sheet "Hasil", baris 4', 'workbook ini tidak punya worksheet', 'Pilih map', 'BARIS SHEET'])
      expect(englishIn(bad), bad).toBe(true)
    for (const ok of [
      'tidak ada xl/workbook.xml di dalamnya', 'pilih dengan --sheet "NAMA"', 'petakan dengan --map image1="Foto KTP"',
      'File > Info > Protect Workbook > Encrypt with Password', 'bagian "xl/worksheets/sheet1.xml"', 'buka spreadsheet', 'lembar "Hasil"',
    ]) expect(englishIn(ok), ok).toBe(false)
  })
})
