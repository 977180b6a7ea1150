/**
 * The README's `rekap` command lines agree with the parser: every command it shows exists, every
 * flag it puts on a command is one that command accepts (with a value when it takes one, and a
 * value it accepts when the README gives a real one), and every command of the parser has a row
 * in a command table. The lines come from tests/helpers/readme-usage, the parser from cli-tree.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { commandNodes, programIn, resetCliLanguage, type CliNode } from '../helpers/cli-tree'
import { readmeFlagRows, readmeUsages, type Usage } from '../helpers/readme-usage'
import { REPO_ROOT } from '../helpers/temp-dir'

// programIn sets the CLI's language for the process; the next file this worker runs starts without it
afterAll(resetCliLanguage)

const README = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8')
const nodes = commandNodes(programIn('en'))
const byPath = new Map(nodes.map((n) => [n.path, n]))
/** A command one runs (not a group such as `team`, which only holds subcommands). */
const runnable = (n: CliNode): boolean => n.leaf || n.cmd.options.length > 0

/** `NAME`, `<id>`, `F.xlsx`, `product=N`, `…`: a placeholder, not a value to parse. */
const placeholder = (v: string): boolean => /^(<.*>|[A-Z][\w.]*|[a-z]+=[A-Z]\w*|…|~.*)$/.test(v)

/** The commands a line names: `preset save|show NAME` is two; the words beyond a command are its arguments. */
function resolve(u: Usage): { nodes: CliNode[]; extra: string[]; problem?: string } {
  let paths = ['']
  let i = 0
  for (; i < u.words.length; i++) {
    const next = paths.flatMap((p) => u.words[i].split('|').map((w) => (p ? `${p} ${w}` : w)))
    if (!next.every((p) => byPath.has(p))) break
    paths = next
  }
  const found = paths.map((p) => byPath.get(p)).filter((n): n is CliNode => n !== undefined)
  if (!found.length) return { nodes: [], extra: [], problem: `${u.source}: no command "rekap ${u.words.join(' ')}"` }
  const group = found.find((n) => !runnable(n))
  if (group) return { nodes: [], extra: [], problem: `${u.source}: "rekap ${group.path}" needs a subcommand; "${u.words[i] ?? ''}" is none` }
  return { nodes: found, extra: u.words.slice(i) }
}

/** What is wrong with one flag of a line on one command. */
function flagProblems(u: Usage, node: CliNode, f: Usage['flags'][number]): string[] {
  const o = node.flags.get(f.flag)
  if (!o) return [`${u.source}: rekap ${node.path} does not accept ${f.flag}`]
  const out: string[] = []
  if (u.table && o.required !== (f.value !== undefined)) {
    out.push(`${u.source}: ${f.flag} ${o.required ? 'takes a value' : 'takes no value'} on rekap ${node.path}`)
  }
  if (f.value === undefined || !o.required || placeholder(f.value)) return out
  const alts = f.value.split('|')
  if (alts.length > 1 && o.argChoices && [...alts].sort().join() !== [...o.argChoices].sort().join()) {
    out.push(`${u.source}: ${f.flag} ${f.value}, but the parser's choices are ${o.argChoices.join('|')}`)
  }
  for (const v of alts) {
    try {
      o.parseArg?.(v, o.defaultValue as never)
    } catch {
      out.push(`${u.source}: rekap ${node.path} refuses ${f.flag} ${v}`)
    }
  }
  return out
}

function usageProblems(u: Usage): string[] {
  const r = resolve(u)
  if (r.problem) return [r.problem]
  const out: string[] = []
  for (const node of r.nodes) {
    for (const f of u.flags) out.push(...flagProblems(u, node, f))
    for (const f of u.mentioned) if (!node.flags.has(f)) out.push(`${u.source}: its row names ${f}, which rekap ${node.path} does not accept`)
    if (!u.table) continue
    const args = [...r.extra, ...u.args].filter((a) => a !== '…')
    const declared = node.cmd.registeredArguments
    const required = declared.filter((a) => a.required).length
    if (args.length < required || args.length > declared.length) {
      out.push(`${u.source}: rekap ${node.path} takes ${required}..${declared.length} arguments, the README shows ${args.length} (${args.join(' ')})`)
    }
  }
  return out
}

describe('the README says what the parser does', () => {
  const usages = readmeUsages(README)

  it('finds the command tables and the examples', () => {
    expect(usages.filter((u) => u.table).length).toBeGreaterThan(25)
    expect(usages.filter((u) => !u.table).length).toBeGreaterThan(25)
  })

  it('every command line it shows names a command, and flags that command accepts', () => {
    expect(usages.flatMap(usageProblems)).toEqual([])
  })

  it('a row of flags names commands that accept them', () => {
    const problems: string[] = []
    for (const row of readmeFlagRows(README)) {
      for (const name of row.commands) {
        const node = byPath.get(name)
        if (!node) problems.push(`${row.source}: no command ${name}`)
        else for (const f of row.flags) if (!node.flags.has(f.flag)) problems.push(`${row.source}: rekap ${name} does not accept ${f.flag}`)
      }
    }
    expect(problems).toEqual([])
  })

  it('every command of the parser has a row in a command table', () => {
    const shown = new Set(usages.filter((u) => u.table).flatMap((u) => resolve(u).nodes.map((n) => n.path)))
    expect(nodes.filter((n) => runnable(n) && !shown.has(n.path)).map((n) => `rekap ${n.path}`)).toEqual([])
  })

  it('the sandbox README, which the command table links for its flags, lists exactly the flags of rekap sandbox', () => {
    const doc = readFileSync(join(REPO_ROOT, 'src-main/sandbox/README.md'), 'utf8')
    const section = /## Flags\n([\s\S]*?)\n## /.exec(doc)?.[1] ?? ''
    const listed = new Set(section.match(/(?<![\w-])--[a-z][a-z0-9-]*/g))
    const sandbox = byPath.get('sandbox')!
    expect([...listed].sort()).toEqual(sandbox.cmd.options.map((o) => o.long!).sort())
  })
})
